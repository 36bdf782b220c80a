import type { Field, FieldAccess, PayloadRequest, SanitizedCollectionConfig } from 'payload'

import {
  baseAccountLockFields,
  baseAPIKeyFields,
  baseAuthFields,
  baseSessionsField,
  baseVerificationFields,
  createLocalReq,
} from 'payload'

import type { SanitizedBackofficeOptions } from '../../shared/options/types.js'
import type { InvitedAccount } from './invitationStore.js'

import { isPluginOwnedField } from '../../shared/config/pluginOwnedFields.js'
import { languageFieldName } from '../../shared/email/recipientLanguage.js'

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

/**
 * The sign-in identity, set by the invitation itself, and the state Payload's auth keeps beside it
 * (API key, verification, lock, sessions): never profile data. An API key in particular signs in
 * without a second factor, so an invitee who could set one while accepting would hold a way in that
 * skips the factor an administrator requires; keys are an administrator's to give, in sudo mode.
 */
const reservedFieldNames = new Set([
  'email',
  'password',
  'username',
  ...[
    ...baseAuthFields,
    ...baseAPIKeyFields,
    ...baseAccountLockFields,
    ...baseVerificationFields,
    baseSessionsField,
  ].flatMap((field) => ('name' in field ? [field.name] : [])),
])

/**
 * Whether a field may be offered to an invitee as far as the plugin is concerned: of the fields it adds, only
 * the email language, a preference the person also sets on their account page. The rest (sign-in
 * method, two-factor, suspension, lockout, the invitation) is security state: the sign-in method
 * in particular is the inviting administrator's decision, and an invitee who could pick a provider
 * would void the password the invitation exists to set (OWASP ASVS 5.0 8.2.3: a field is written
 * only by whoever holds explicit permission for it).
 */
const pluginFieldOfferedToInvitee = (field: Field) =>
  !isPluginOwnedField(field) || (field as LooseField).name === languageFieldName

type LooseField = {
  access?: { update?: FieldAccess }
  admin?: { disabled?: boolean; hidden?: boolean; readOnly?: boolean }
  hidden?: boolean
  name?: string
  type: string
}

/**
 * The users collection's own top-level fields an invitee may be asked for: values that are visible
 * and editable, never the roles field, the sign-in identity, Payload's auth state, the plugin's
 * security fields (the sign-in method among them, which is visible and editable to administrators),
 * or hidden and read-only ones.
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
      !reservedFieldNames.has(loose.name) &&
      pluginFieldOfferedToInvitee(field)
    )
  })

/**
 * Of those, the ones this invitee may set: each field's own `update` access is asked with the invitee
 * as the signed-in user, exactly as if they edited their account after signing in. So whatever the
 * app reserves to administrators through field access stays theirs; the plugin's system fields and
 * the roles field are never offered at all, not even to an invitee who will be an administrator
 * (whose field access would allow them once signed in, in sudo mode, where the admin asks again).
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
