import type { CollectionBeforeDeleteHook, CollectionSlug } from 'payload'

import { twoFactorChallengesSlug } from '../challengeCollection.js'
import { trustedDevicesSlug } from '../trustedDevicesCollection.js'

/**
 * A deleted account's pending challenges and trusted devices go with it: they point at it with a
 * required relationship, which PostgreSQL would otherwise refuse to leave dangling. In the deletion's
 * own transaction.
 */
export const deleteTwoFactorStateOfDeletedUser: CollectionBeforeDeleteHook = async ({ id, req }) => {
  for (const slug of [twoFactorChallengesSlug, trustedDevicesSlug]) {
    await req.payload.db.deleteMany({ collection: slug as CollectionSlug, req, where: { user: { equals: id } } })
  }
}
