import type { CollectionAfterLogoutHook, Where } from 'payload'

import type { SanitizedBackofficeOptions } from '../../../shared/options/types.js'

import { requestUser } from '../../../shared/request/requestUser.js'
import { auditSessionsEnded } from '../auditSessionsEnded.js'
import { markSessionsRevoked } from '../markSessionsRevoked.js'

/**
 * Records a sign-out: the request's own session, or with `?allSessions=true` every session of the
 * account, as Payload's logout does. Payload removes the sids from the user right after its
 * `afterLogout` hooks, in the same transaction as this write.
 */
export const markLogout =
  (options: SanitizedBackofficeOptions): CollectionAfterLogoutHook =>
  async ({ req }) => {
    const user = requestUser(req, options.usersCollection)
    if (!user) {
      return
    }
    const allSessions = req.searchParams?.get('allSessions') === 'true'
    if (!allSessions && !user._sid) {
      return
    }
    const where: Where[] = [{ user: { equals: user.id } }]
    if (!allSessions) {
      where.push({ sid: { equals: user._sid } })
    }
    const marked = await markSessionsRevoked(
      req,
      { and: where },
      { reason: 'logout', revokedBy: user.id },
    )
    await auditSessionsEnded(req, { count: marked.length, reason: 'logout', userId: user.id })
  }
