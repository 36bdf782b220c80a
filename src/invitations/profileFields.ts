import type { Field, FieldAccess, PayloadRequest, SanitizedCollectionConfig } from 'payload'

import { createLocalReq } from 'payload'

import type { SanitizedBackofficeOptions } from '../options/types.js'
import type { InvitedAccount } from './invitationStore.js'

/**
 * Field types a person fills in for themselves on the invitation page: plain values, references to
 * other documents (a team, an avatar) and rich text. Arrays, blocks, groups and tabs belong on the
 * account page once signed in.
 */
const profileFieldTypes = new Set([
  'checkbox',
  'code',
  'date',
  'email',
  'number',
  'radio',
  'relationship',
  'richText',
  'select',
  'text',
  'textarea',
  'upload',
])

/** The sign-in identity, set by the invitation itself, never as profile data. */
const identityFieldNames = new Set(['email', 'password', 'username'])

type LooseField = {
  access?: { update?: FieldAccess }
  admin?: { disabled?: boolean; hidden?: boolean; readOnly?: boolean }
  hidden?: boolean
  name?: string
  type: string
}

/**
 * The users collection's own top-level fields an invitee may be asked for: values that are visible
 * and editable, never the roles field, the sign-in identity, or hidden and read-only ones
 * (which is where the plugin's system fields are).
 */
const profileFieldCandidates = (
  collection: Pick<SanitizedCollectionConfig, 'fields'>,
  options: SanitizedBackofficeOptions,
): Field[] =>
  collection.fields.filter((field) => {
    const loose = field as LooseField
    return (
      typeof loose.name === 'string' &&
      profileFieldTypes.has(loose.type) &&
      !loose.hidden &&
      !loose.admin?.hidden &&
      !loose.admin?.readOnly &&
      !loose.admin?.disabled &&
      loose.name !== options.roles.field &&
      !identityFieldNames.has(loose.name)
    )
  })

/**
 * Of those, the ones this invitee may set: each field's own `update` access is asked with the invitee
 * as the signed-in user, exactly as if they edited their account after signing in. So whatever the
 * app reserves to administrators through field access stays theirs; the plugin's system fields and
 * the roles field are never offered at all.
 */
export const profileFieldsFor = async (
  req: PayloadRequest,
  options: SanitizedBackofficeOptions,
  account: InvitedAccount,
): Promise<Field[]> => {
  const collection = req.payload.collections[options.usersCollection]!.config
  const asInvitee = await createLocalReq(
    { user: { ...account, collection: options.usersCollection } as never },
    req.payload,
  )
  const allowed: Field[] = []
  for (const field of profileFieldCandidates(collection, options)) {
    const update = (field as LooseField).access?.update
    const permitted = update
      ? await update({
          id: account.id,
          data: account,
          doc: account,
          req: asInvitee,
          siblingData: account,
        })
      : true
    if (permitted) {
      allowed.push(field)
    }
  }
  return allowed
}

/** The values of `fields` in `source`, and nothing else. */
export const pickFields = (
  source: Record<string, unknown>,
  fields: Field[],
): Record<string, unknown> =>
  Object.fromEntries(
    fields
      .map((field) => (field as LooseField).name!)
      .filter((name) => Object.hasOwn(source, name))
      .map((name) => [name, source[name]]),
  )
