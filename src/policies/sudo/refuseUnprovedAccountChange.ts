import type { CollectionBeforeValidateHook, CollectionSlug, PayloadRequest } from 'payload'

import type { SanitizedBackofficeOptions } from '../../shared/options/types.js'

import { signInMethodOf } from '../../shared/accounts/signInMethod.js'
import { requestUser } from '../../shared/request/requestUser.js'
import { undoingEmailChangeKey } from './emailChangeEffects.js'
import { requireFreshProof } from './requireFreshProof.js'

type Row = Record<string, unknown> | undefined

/** Whether `data` changes the address of the account stored as `originalDoc` (Payload stores it lower-cased). */
const changesEmail = (data: Row, originalDoc: Row): boolean =>
  typeof data?.email === 'string' &&
  data.email.trim().toLowerCase() !== String(originalDoc?.email ?? '').toLowerCase()

/** A roles value (one, many, or none) as a sorted list, so the same roles in another order are no change. */
const roleList = (value: unknown): string[] =>
  (Array.isArray(value) ? value : value == null ? [] : [value]).map(String).sort()

const changesRoles = (data: Row, originalDoc: Row, field: string): boolean =>
  data !== undefined &&
  field in data &&
  roleList(data[field]).join('\n') !== roleList(originalDoc?.[field]).join('\n')

const changesSignInMethod = (data: Row, originalDoc: Row): boolean =>
  data !== undefined &&
  'identityProvider' in data &&
  signInMethodOf({ identityProvider: data.identityProvider as string }) !==
    signInMethodOf({ identityProvider: originalDoc?.identityProvider as string })

/**
 * Whether the field's own update access lets this request write it: Payload drops a refused field
 * silently after these hooks, so a change it would drop needs no proof.
 */
const mayUpdate = async (
  req: PayloadRequest,
  collection: string,
  name: string,
  data: Row,
  originalDoc: Row,
): Promise<boolean> => {
  const field = req.payload.collections[collection as CollectionSlug]?.config.flattenedFields.find(
    (candidate) => 'name' in candidate && candidate.name === name,
  )
  const access = field?.access?.update
  return access
    ? Boolean(
        await access({
          id: originalDoc?.id as number | string,
          data,
          doc: originalDoc,
          req,
          siblingData: data,
        }),
      )
    : true
}

/**
 * A signed-in user making one of these changes, through any operation (REST, GraphQL, the admin's
 * form), needs a fresh proof (OWASP ASVS 5.0 V7.5, re-authentication before sensitive changes):
 * - an account's email: the mail is where password resets go, so a stolen session that changes it
 *   owns the account, and a stolen admin session must not redirect another administrator's mail;
 * - an account's roles: a stolen admin session must not make a second administrator to come back
 *   through, nor demote the real ones;
 * - another account's sign-in method: moving an administrator to a provider voids their password,
 *   so a stolen admin session could lock the real administrators out.
 * Refused before validation, so the answer says what to do rather than naming a field. Trusted
 * server code without a user passes, and so does the undo link's restore (its token is the proof).
 */
export const refuseUnprovedAccountChange =
  (options: SanitizedBackofficeOptions): CollectionBeforeValidateHook =>
  async ({ data, operation, originalDoc, req }) => {
    if (operation !== 'update' || req.context[undoingEmailChangeKey] === true) {
      return data
    }
    const viewer = requestUser(req, options.usersCollection)
    const anothers = viewer !== null && String(viewer.id) !== String(originalDoc?.id)
    const slug = options.usersCollection
    if (
      changesEmail(data, originalDoc) ||
      (changesRoles(data, originalDoc, options.roles.field) &&
        (await mayUpdate(req, slug, options.roles.field, data, originalDoc))) ||
      (anothers &&
        changesSignInMethod(data, originalDoc) &&
        (await mayUpdate(req, slug, 'identityProvider', data, originalDoc)))
    ) {
      await requireFreshProof(req, options)
    }
    return data
  }
