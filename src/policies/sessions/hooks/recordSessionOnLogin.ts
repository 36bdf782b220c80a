import type { CollectionAfterLoginHook, PayloadRequest, Where } from 'payload'

import type { SanitizedBackofficeOptions } from '../../../shared/options/types.js'
import type { PayloadSession, SessionDocument } from '../constants.js'

import { describeUserAgent } from '../../../shared/lib/describeUserAgent.js'
import { readSessionToken } from '../../../shared/lib/sessionToken.js'
import { getClientInfo } from '../../../shared/request/clientInfo.js'
import {
  readSingleSignOnContext,
  readTwoFactorContext,
  sessionOperationContextKey,
} from '../../../shared/request/context.js'
import { auditSessionsEnded } from '../auditSessionsEnded.js'
import { markSessionsRevoked } from '../markSessionsRevoked.js'

/**
 * The session documents of this user that the login has to act on, found with one query: ended ones
 * whose sid is in the `sessions` array all the same, and expired ones that Payload has dropped from
 * the array (it prunes expired sessions on every login) but that nobody has marked ended yet.
 */
const staleSessionDocuments = async (
  req: PayloadRequest,
  options: SanitizedBackofficeOptions,
  userId: number | string,
  sids: string[],
  now: Date,
): Promise<{ expired: SessionDocument[]; revoked: SessionDocument[] }> => {
  // The adapter's own find: Payload's would check access and run read hooks on records only the
  // plugin writes, on the sign-in's hot path.
  const { docs } = await req.payload.db.find({
    collection: options.sessions.slug as never,
    limit: 0,
    pagination: false,
    req,
    where: {
      and: [
        { user: { equals: userId } },
        {
          or: [
            { and: [{ sid: { in: sids } }, { revokedAt: { exists: true } }] },
            {
              and: [
                { sid: { not_in: sids } },
                { expiresAt: { less_than_equal: now.toISOString() } },
                { revokedAt: { exists: false } },
              ],
            },
          ],
        },
      ],
    },
  })
  const listed = new Set(sids)
  const found = docs as unknown as SessionDocument[]
  return {
    expired: found.filter(({ sid }) => !listed.has(sid)),
    revoked: found.filter(({ sid }) => listed.has(sid)),
  }
}

/**
 * Takes sids whose documents say they ended out of the user's `sessions` again. Payload's login
 * loads the user, spends a while hashing the password, then writes the whole `sessions` array back;
 * ending a session committed in between would be undone by that write. This runs after it, in the
 * login's transaction, so an ended session cannot come back.
 */
const dropEndedSids = async (
  req: PayloadRequest,
  options: SanitizedBackofficeOptions,
  userId: number | string,
  sessions: PayloadSession[],
  revokedDocuments: SessionDocument[],
): Promise<void> => {
  if (revokedDocuments.length === 0) {
    return
  }
  const revoked = new Set(revokedDocuments.map(({ sid }) => sid))
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
    const singleSignOn = readSingleSignOnContext(req.context)

    // Straight to the database adapter, in the login's transaction: the record is built here from
    // the signed token and the request, the collection has no hooks to run, and nobody reads it back
    // (Payload's `create` would validate, run hooks and read the row again: two statements more).
    await req.payload.db.create({
      collection: options.sessions.slug as never,
      data: {
        // A passkey alone, or a second factor (a code, a passkey, a trusted device) after the password.
        authenticationLevel: readTwoFactorContext(req.context).passwordless
          ? 'passkey'
          : secondFactorVerified(req.context, user.id)
            ? 'mfa'
            : 'password',
        browser: device.browser,
        clientIp: client.clientIp,
        deviceType: device.deviceType,
        expiresAt: new Date(session?.expiresAt ?? claims.exp * 1000).toISOString(),
        ipAddress: client.ipAddress,
        lastSeenAt: now.toISOString(),
        os: device.os,
        // A completed sign-in is the freshest proof there is (password, and second factor when due).
        provedAt: now.toISOString(),
        sid: claims.sid,
        ...(singleSignOn
          ? {
              providerSessionId: singleSignOn.providerSessionId,
              providerSubject: singleSignOn.subjectHash,
              signInProvider: singleSignOn.provider,
            }
          : {}),
        user: user.id,
        userAgent: client.userAgent,
        createdAt: now.toISOString(),
        updatedAt: now.toISOString(),
      },
      req,
      returning: false,
    })

    // One query for both kinds of stale document (it used to be one each): most sign-ins find none
    // and write nothing more.
    const stale = await staleSessionDocuments(
      req,
      options,
      user.id,
      sessions.map(({ id }) => id),
      now,
    )
    await dropEndedSids(req, options, user.id, sessions, stale.revoked)
    if (stale.expired.length > 0) {
      await markSessionsRevoked(
        req,
        { id: { in: stale.expired.map(({ id }) => id) } },
        { reason: 'expired' },
      )
    }

    const ofThisUserAndGone: Where[] = [
      { user: { equals: user.id } },
      { sid: { not_in: sessions.map(({ id }) => id) } },
    ]
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
