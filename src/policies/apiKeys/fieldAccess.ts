import type { CollectionConfig, Field, FieldAccess } from 'payload'

import type { SanitizedBackofficeOptions } from '../../shared/options/types.js'

import { requestUser } from '../../shared/request/requestUser.js'
import { isAdmin } from '../../shared/roles/isAdmin.js'

/** The fields of Payload's `auth.useAPIKey` through which a key is turned on or set. */
const keyFields = ['enableAPIKey', 'apiKey'] as const

/**
 * Who may write a key through the API: administrators, and only when the `apiKeys` option is on.
 * Payload's own rule lets anyone with access to the admin panel write one, their own included.
 */
const mayWriteApiKeys =
  (options: SanitizedBackofficeOptions): FieldAccess =>
  ({ req }) =>
    options.apiKeys.enabled && isAdmin(requestUser(req, options.usersCollection), options)

/** `rule` and, when the app set one, the app's own rule: both must allow. */
const both =
  (rule: FieldAccess, own: FieldAccess | undefined): FieldAccess =>
  async (args) =>
    (await rule(args)) && (own ? await own(args) : true)

const keyField = (name: string, existing: Field | undefined, rule: FieldAccess): Field => {
  const own = existing && 'access' in existing ? existing.access : undefined
  const base = existing ?? ({ name, type: name === 'apiKey' ? 'text' : 'checkbox' } as Field)
  return {
    ...base,
    access: { ...own, create: both(rule, own?.create), update: both(rule, own?.update) },
  } as Field
}

/**
 * The users collection with its key fields' write access replaced by the plugin's rule (ANDed with
 * the app's, if it declared these fields). Payload merges a declared `apiKey` or `enableAPIKey`
 * field over its own definition, keeping its hooks and read rule; it also applies `apiKey`'s write
 * rule to the `apiKeyIndex` it derives from the key.
 */
export const withApiKeyFieldAccess = (
  users: CollectionConfig,
  options: SanitizedBackofficeOptions,
): CollectionConfig => {
  const rule = mayWriteApiKeys(options)
  const declared = (name: string) =>
    users.fields.find((field) => 'name' in field && field.name === name)
  const fields = users.fields.map((field) =>
    'name' in field && (keyFields as readonly string[]).includes(field.name)
      ? keyField(field.name, field, rule)
      : field,
  )
  for (const name of keyFields) {
    if (!declared(name)) {
      fields.push(keyField(name, undefined, rule))
    }
  }
  return { ...users, fields }
}
