import type { CollectionRefreshHook, CollectionSlug } from 'payload'

import { getFieldsToSign, jwtSign } from 'payload'

import type { SanitizedBackofficeOptions } from '../../../shared/options/types.js'

import { BackofficeError } from '../../../shared/errors/BackofficeError.js'

const HOUR_MS = 3_600_000

/**
 * Signs the refreshed token as Payload would, with an expiry no later than the session's absolute
 * end: its start plus `sessions.absoluteLifetimeHours`. Past that end the refresh is refused, so a
 * session (a stolen one included) cannot be kept alive by refreshing; its last token expires at the
 * end at the latest. OWASP ASVS 5.0 7.3.2 asks for an absolute timeout; NIST SP 800-63B 4.2.3 has
 * AAL2 sessions re-authenticated at least once per 12 hours "regardless of user activity".
 */
export const refreshWithinLifetime =
  (options: SanitizedBackofficeOptions): CollectionRefreshHook =>
  async ({ args, user }) => {
    const { collection, req } = args
    const sid = (req.user as { _sid?: string } | null)?._sid
    if (!sid) {
      return
    }
    const { docs } = await req.payload.find({
      collection: options.sessions.slug as CollectionSlug,
      depth: 0,
      limit: 1,
      overrideAccess: true,
      pagination: false,
      req,
      where: { sid: { equals: sid } },
    })
    const startedAt = Date.parse(String((docs[0] as { createdAt?: string } | undefined)?.createdAt))
    if (Number.isNaN(startedAt)) {
      return
    }
    const endsAt = startedAt + options.sessions.absoluteLifetimeHours * HOUR_MS
    const secondsLeft = Math.floor((endsAt - Date.now()) / 1000)
    if (secondsLeft <= 0) {
      throw new BackofficeError('SESSION_LIFETIME_ENDED', { req })
    }
    const collectionConfig = collection.config
    const { exp, token } = await jwtSign({
      fieldsToSign: getFieldsToSign({
        collectionConfig,
        email: user.email as string,
        sid,
        user: req.user as never,
      }),
      secret: req.payload.secret,
      tokenExpiration: Math.min(collectionConfig.auth.tokenExpiration, secondsLeft),
    })
    return {
      exp,
      refreshedToken: token,
      setCookie: true,
      strategy: (req.user as { _strategy?: string } | null)?._strategy,
      user,
    }
  }
