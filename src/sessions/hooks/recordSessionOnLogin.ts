import type { CollectionAfterLoginHook, PayloadRequest, Where } from 'payload'

import type { SanitizedBackofficeOptions } from '../../options/types.js'

import { getClientInfo } from '../../request/clientInfo.js'
import { readTwoFactorContext, sessionOperationContextKey } from '../../request/context.js'
import type { PayloadSession, SessionDocument } from '../constants.js'
import { describeUserAgent } from '../../lib/describeUserAgent.js'
import { readSessionToken } from '../../lib/sessionToken.js'
import { auditSessionsEnded } from '../auditSessionsEnded.js'
import { markSessionsRevoked } from '../markSessionsRevoked.js'

/**
 * Takes sids whose documents say they ended out of the user's `sessions` again. Payload's login
 * loads the user, spends a while hashing the password, then writes the whole `sessions` array back;
 * a revocation committed in between would be undone by that write. This runs after it, in the
 * login's transaction, so a revoked session cannot come back.
 */
const dropRevokedSids = async (
  req: PayloadRequest,
  options: SanitizedBackofficeOptions,
  userId: number | string,
  sessions: PayloadSession[],
): Promise<void> => {
  const { docs } = await req.payload.find({
    collection: options.sessions.slug as never,
    depth: 0,
    overrideAccess: true,
    pagination: false,
    req,
    where: {
      and: [
        { user: { equals: userId } },
        { sid: { in: sessions.map(({ id }) => id) } },
        { revokedAt: { exists: true } },
      ],
    },
  })
  if (docs.length === 0) {
    return
  }
  const revoked = new Set((docs as unknown as SessionDocument[]).map(({ sid }) => sid))
  const kept = sessions.filter(({ id }) => !revoked.has(id))
  await req.payload.db.updateOne({
    id: userId,
    collection: options.usersCollection,
    data: { sessions: kept, updatedAt: null },
    req,
    returning: false,
  })
  sessions.splice(0, sessions.length, ...kept)
}

const secondFactorVerified = (
  context: Record<string, unknown>,
  userId: number | string,
): boolean => {
  const { trustedDevice, verifiedUserId } = readTwoFactorContext(context)
  return (
    Boolean(trustedDevice) ||
    (verifiedUserId !== undefined && String(verifiedUserId) === String(userId))
  )
}

/**
 * Creates the session document when Payload creates a session: on login, and on the paths that log
 * in internally (first-register calls login; reset-password runs the same `afterLogin` hooks with
 * a freshly signed token). The sid is read from the token Payload has just signed, which is exactly
 * the one the client will present. Runs inside the login's transaction, so a login that fails after
 * this hook leaves no document behind.
 *
 * It also closes the records of sessions Payload dropped on its own: expired ones (pruned on every
 * login) and, on a reset, every earlier one.
 */
export const recordSessionOnLogin =
  (options: SanitizedBackofficeOptions): CollectionAfterLoginHook =>
  async ({ req, token, user }) => {
    const now = new Date()
    const claims = await readSessionToken(
      token,
      req.payload.secret,
      Math.floor(now.getTime() / 1000),
    )
    if (!claims) {
      return
    }
    const sessions = ((user as { sessions?: null | PayloadSession[] }).sessions ??
      []) as PayloadSession[]
    const session = sessions.find(({ id }) => id === claims.sid)
    const client = getClientInfo(req, options)
    const device = describeUserAgent(client.userAgent)

    await req.payload.create({
      collection: options.sessions.slug as never,
      data: {
        // A second factor (a code, or a trusted device) was verified for this sign-in.
        authenticationLevel: secondFactorVerified(req.context, user.id) ? 'mfa' : 'password',
        browser: device.browser,
        clientIp: client.clientIp,
        deviceType: device.deviceType,
        expiresAt: new Date(session?.expiresAt ?? claims.exp * 1000).toISOString(),
        ipAddress: client.ipAddress,
        lastSeenAt: now.toISOString(),
        os: device.os,
        sid: claims.sid,
        user: user.id,
        userAgent: client.userAgent,
      } as never,
      depth: 0,
      overrideAccess: true,
      req,
    })

    await dropRevokedSids(req, options, user.id, sessions)

    const ofThisUserAndGone: Where[] = [
      { user: { equals: user.id } },
      { sid: { not_in: sessions.map(({ id }) => id) } },
    ]
    await markSessionsRevoked(
      req,
      { and: [...ofThisUserAndGone, { expiresAt: { less_than_equal: now.toISOString() } }] },
      { reason: 'expired' },
    )
    if (req.context[sessionOperationContextKey] === 'resetPassword') {
      const marked = await markSessionsRevoked(
        req,
        { and: ofThisUserAndGone },
        { reason: 'passwordReset', revokedBy: user.id },
      )
      await auditSessionsEnded(req, {
        count: marked.length,
        reason: 'passwordReset',
        userId: user.id,
      })
    }
  }
