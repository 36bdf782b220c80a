import type { CollectionAfterRefreshHook, CollectionSlug } from 'payload'

import type { SanitizedBackofficeOptions } from '../../../shared/options/types.js'

import { readSessionToken } from '../../../shared/lib/sessionToken.js'

/**
 * A refresh extends the session in Payload (new expiry on the user's `sessions` entry, a new token
 * with the same sid): the document follows, and the refresh counts as activity.
 */
export const extendOnRefresh =
  (options: SanitizedBackofficeOptions): CollectionAfterRefreshHook =>
  async ({ exp, req, token }) => {
    const now = new Date()
    const claims = await readSessionToken(
      token,
      req.payload.secret,
      Math.floor(now.getTime() / 1000),
    )
    if (!claims) {
      return
    }
    await req.payload.db.updateMany({
      collection: options.sessions.slug as CollectionSlug,
      data: { expiresAt: new Date(exp * 1000).toISOString(), lastSeenAt: now.toISOString() },
      req,
      returning: false,
      where: { and: [{ sid: { equals: claims.sid } }, { revokedAt: { exists: false } }] },
    })
  }
