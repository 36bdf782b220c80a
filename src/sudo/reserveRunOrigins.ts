import type { CollectionBeforeChangeHook, CollectionSlug } from 'payload'

import { BackofficeError } from '../errors/BackofficeError.js'
import { emailChangesSlug } from './emailChangesCollection.js'

/**
 * While a run of email changes can still be undone, its first address stays reserved for the
 * account it came from: no other account may take it (a new one, or a colleague's change), or the
 * owner's undo would find the address taken and the thief's address would stay. Refused with
 * EMAIL_RESERVED (409) until the undo link expires or is spent. Every change of a run stores the
 * run's first address as the one it restores (emailChangeRun.ts), so one indexed look-up decides.
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
  const reserved = await req.payload.db.findOne({
    collection: emailChangesSlug as CollectionSlug,
    req,
    where: {
      and: [
        { previousEmail: { equals: email.toLowerCase() } },
        { kind: { not_equals: 'repair' } },
        { undoneAt: { exists: false } },
        { voidedAt: { exists: false } },
        { expiresAt: { greater_than: new Date().toISOString() } },
        ...(originalDoc?.id === undefined ? [] : [{ user: { not_equals: originalDoc.id } }]),
      ],
    },
  })
  if (reserved) {
    throw new BackofficeError('EMAIL_RESERVED', { req })
  }
  return data
}
