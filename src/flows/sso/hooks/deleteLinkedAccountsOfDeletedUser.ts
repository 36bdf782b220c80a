import type { CollectionBeforeDeleteHook, CollectionSlug } from 'payload'

import type { SanitizedBackofficeOptions } from '../../../shared/options/types.js'

/**
 * A deleted account's provider identities go with it, in the deletion's own transaction: a row left
 * behind would point at nothing, and must never sign anyone in.
 */
export const deleteLinkedAccountsOfDeletedUser =
  (options: SanitizedBackofficeOptions): CollectionBeforeDeleteHook =>
  async ({ id, req }) => {
    await req.payload.db.deleteMany({
      collection: options.sso.accountsSlug as CollectionSlug,
      req,
      where: { user: { equals: id } },
    })
  }
