import type { AuthStrategy, CollectionSlug } from 'payload'

import { extractJWT } from 'payload'

import type { SanitizedBackofficeOptions } from '../../shared/options/types.js'

import { readSessionToken } from '../../shared/lib/sessionToken.js'
import { TouchSchedule } from './lib/touchSchedule.js'

const sessionActivityStrategyName = 'backoffice-session-activity'

/**
 * Keeps `lastSeenAt` of a session roughly current, at most one write per session per interval.
 *
 * Why an auth strategy: it is the one place every authenticated request passes (REST, GraphQL,
 * admin pages), before Payload's own `local-jwt`, which Payload always runs last. It always answers
 * `{ user: null }`, so it never authenticates anyone: Payload's strategy still decides, exactly as
 * without the plugin, and a later strategy (a second factor, say) cannot be bypassed through it.
 * The alternatives were worse: the users `afterRead` hook also fires for every list and
 * relationship read and cannot see the session id; `me` hooks miss API clients.
 *
 * What it costs: on most requests, one HMAC-SHA256 over the token and one Map lookup, no database
 * access. Once per session per interval (and per app process), one conditional UPDATE that matches
 * nothing when another process got there first or the session has ended. The token is verified
 * before anything is written, so a forged token cannot make a session look used, and an ended or
 * expired session is never touched (the UPDATE's conditions).
 */
export const sessionActivityStrategy = (options: SanitizedBackofficeOptions): AuthStrategy => {
  const intervalMs = options.sessions.touchIntervalSeconds * 1000
  const schedule = new TouchSchedule(intervalMs)

  return {
    name: sessionActivityStrategyName,
    authenticate: async ({ headers, payload }) => {
      // Where Payload's own JWT strategy looks, in its order, and with its CSRF rule for the
      // cookie: a cross-site request that merely carries the cookie is not a use of the session.
      const token = extractJWT({ headers, payload })
      const now = Date.now()
      const claims = token
        ? await readSessionToken(token, payload.secret, Math.floor(now / 1000))
        : null
      if (
        !claims ||
        claims.collection !== options.usersCollection ||
        !schedule.claim(claims.sid, now)
      ) {
        return { user: null }
      }
      await payload.db.updateMany({
        collection: options.sessions.slug as CollectionSlug,
        data: { lastSeenAt: new Date(now).toISOString() },
        returning: false,
        where: {
          and: [
            { sid: { equals: claims.sid } },
            { revokedAt: { exists: false } },
            { expiresAt: { greater_than: new Date(now).toISOString() } },
            { lastSeenAt: { less_than_equal: new Date(now - intervalMs).toISOString() } },
          ],
        },
      })
      return { user: null }
    },
  }
}
