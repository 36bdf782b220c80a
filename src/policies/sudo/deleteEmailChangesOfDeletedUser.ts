import type { CollectionBeforeDeleteHook, CollectionSlug } from 'payload'

import { emailChangesSlug } from './emailChangesCollection.js'

/**
 * A deleted account's email changes, undo links included, go with it (the audit log keeps their
 * history): they point at it with a required relationship, which PostgreSQL would otherwise refuse
 * to leave dangling, so the account could not be deleted at all. In the deletion's own transaction.
 */
export const deleteEmailChangesOfDeletedUser: CollectionBeforeDeleteHook = async ({ id, req }) => {
  await req.payload.db.deleteMany({
    collection: emailChangesSlug as CollectionSlug,
    req,
    where: { user: { equals: id } },
  })
}
