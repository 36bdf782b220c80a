import type { CollectionBeforeValidateHook } from 'payload'

import type { SanitizedBackofficeOptions } from '../options/types.js'

import { undoingEmailChangeKey } from './emailChangeEffects.js'
import { requireFreshProof } from './requireFreshProof.js'

/** Whether `data` changes the address of the account stored as `originalDoc` (Payload stores it lower-cased). */
const changesEmail = (
  data: Record<string, unknown> | undefined,
  originalDoc: Record<string, unknown> | undefined,
): boolean =>
  typeof data?.email === 'string' &&
  data.email.trim().toLowerCase() !== String(originalDoc?.email ?? '').toLowerCase()

/**
 * A signed-in user changing an account's email, through any operation (REST, GraphQL, the admin's
 * form), needs a fresh proof: the mail is where password resets go, so a stolen session that changes
 * it owns the account. That holds for an administrator changing someone else's too: a stolen admin
 * session must not redirect another administrator's mail. Refused before validation, so the answer
 * says what to do rather than naming a field. Trusted server code without a user passes, and so does the undo link's restore (its token is the proof).
 */
export const refuseUnprovedEmailChange =
  (options: SanitizedBackofficeOptions): CollectionBeforeValidateHook =>
  async ({ data, operation, originalDoc, req }) => {
    if (
      operation === 'update' &&
      req.context[undoingEmailChangeKey] !== true &&
      changesEmail(data, originalDoc)
    ) {
      await requireFreshProof(req, options)
    }
    return data
  }
