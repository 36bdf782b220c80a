import type { CollectionBeforeDeleteHook, CollectionSlug } from 'payload'

import type { SanitizedBackofficeOptions } from '../../../shared/options/types.js'

/**
 * A deleted account's session records go with it. They point at the account with a required
 * relationship, so PostgreSQL would otherwise refuse the deletion (the foreign key can only be set
 * to null); their history stays in the audit log, which names people by email. Through the database
 * adapter, in the deletion's own transaction, because no API may delete session records.
 */
export const deleteSessionsOfDeletedUser =
  (options: SanitizedBackofficeOptions): CollectionBeforeDeleteHook =>
  async ({ id, req }) => {
    await req.payload.db.deleteMany({
      collection: options.sessions.slug as CollectionSlug,
      req,
      where: { user: { equals: id } },
    })
  }
