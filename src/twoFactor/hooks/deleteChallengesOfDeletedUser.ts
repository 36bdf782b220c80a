import type { CollectionBeforeDeleteHook, CollectionSlug } from 'payload'

import { twoFactorChallengesSlug } from '../challengeCollection.js'

/**
 * A deleted account's pending challenges go with it: they point at it with a required relationship,
 * which PostgreSQL would otherwise refuse to leave dangling. In the deletion's own transaction.
 */
export const deleteChallengesOfDeletedUser: CollectionBeforeDeleteHook = async ({ id, req }) => {
  await req.payload.db.deleteMany({
    collection: twoFactorChallengesSlug as CollectionSlug,
    req,
    where: { user: { equals: id } },
  })
}
