import type { CollectionBeforeChangeHook } from 'payload'

import { BackofficeError } from '../../shared/errors/BackofficeError.js'
import { isRunOriginOfAnother } from './emailChangeStore.js'

/**
 * While a run of email changes can still be undone, its first address stays reserved for the
 * account it came from: no other account may take it (a new one, or a colleague's change), or the
 * owner's undo would find the address taken and the thief's address would stay. Refused with
 * EMAIL_RESERVED (409) until the undo link expires or is spent.
 */
export const reserveRunOrigins: CollectionBeforeChangeHook = async ({
  data,
  operation,
  originalDoc,
  req,
}) => {
  const email: unknown = data?.email
  if (
    typeof email !== 'string' ||
    (operation === 'update' && email === originalDoc?.email) ||
    (operation !== 'update' && operation !== 'create')
  ) {
    return data
  }
  const reserved = await isRunOriginOfAnother(req, email, originalDoc?.id)
  if (reserved) {
    throw new BackofficeError('EMAIL_RESERVED', { req })
  }
  return data
}
