import type { Config, Field } from 'payload'

import { mapCollection } from './collections.js'

/** Key in a field's `custom` that marks a top-level users field the plugin added. */
const pluginOwnedKey = 'backofficePluginOwned'

const nameOf = (field: Field): string | undefined =>
  'name' in field && typeof field.name === 'string' ? field.name : undefined

/** The names of the users collection's own top-level fields, before the plugin adds any. */
export const topLevelFieldNames = (fields: readonly Field[]): Set<string> =>
  new Set(fields.map(nameOf).filter((name): name is string => name !== undefined))

/**
 * The config with every top-level users field the plugin added (one not among `appFieldNames`)
 * marked in its `custom`: the account's security state (sign-in method, two-factor, suspension,
 * lockout, invitation) and its email language. Marked once here, after every capability added its
 * fields, so a check such as "never offered to an invitee" covers fields added later as well.
 */
export const markPluginOwnedFields = (
  config: Config,
  usersSlug: string,
  appFieldNames: ReadonlySet<string>,
): Config =>
  mapCollection(config, usersSlug, (users) => ({
    ...users,
    fields: users.fields.map((field) => {
      const name = nameOf(field)
      return name === undefined || appFieldNames.has(name)
        ? field
        : ({ ...field, custom: { ...field.custom, [pluginOwnedKey]: true } } as Field)
    }),
  }))

/** Whether a field of the users collection is one the plugin added (see `markPluginOwnedFields`). */
export const isPluginOwnedField = (field: Field): boolean =>
  (field as { custom?: Record<string, unknown> }).custom?.[pluginOwnedKey] === true
