import type { CollectionBeforeDeleteHook, CollectionSlug } from 'payload'

import { twoFactorChallengesSlug } from '../challengeCollection.js'
import { passkeyChallengesSlug, passkeysSlug } from '../passkeys/collections.js'
import { recoveryCodesSlug } from '../recoveryCodes/collection.js'
import { resetRequestsSlug } from '../resetRequests/constants.js'
import { trustedDevicesSlug } from '../trustedDevices/collection.js'

/**
 * A deleted account's pending challenges, trusted devices, passkeys, recovery codes and 2FA reset requests go with it (the
 * audit log keeps the history of the requests): they point at it with a
 * required relationship, which PostgreSQL would otherwise refuse to leave dangling. In the deletion's
 * own transaction.
 */
export const deleteTwoFactorStateOfDeletedUser: CollectionBeforeDeleteHook = async ({
  id,
  req,
}) => {
  for (const slug of [
    twoFactorChallengesSlug,
    trustedDevicesSlug,
    passkeysSlug,
    passkeyChallengesSlug,
    recoveryCodesSlug,
  ]) {
    await req.payload.db.deleteMany({
      collection: slug as CollectionSlug,
      req,
      where: { user: { equals: id } },
    })
  }
  await req.payload.db.deleteMany({
    collection: resetRequestsSlug as CollectionSlug,
    req,
    where: { requester: { equals: id } },
  })
}
