import type { Endpoint, PayloadRequest, Where } from 'payload'

import { createHash } from 'node:crypto'

import type { SanitizedBackofficeOptions } from '../../../shared/options/types.js'

import { endSessions } from '../../../policies/sessions/endSessions.js'
import { backofficeEndpoint } from '../../../shared/endpoint/backofficeEndpoint.js'
import { BackofficeError } from '../../../shared/errors/BackofficeError.js'
import { readCappedBytes } from '../../../shared/request/http.js'
import { claimLogoutToken, verifiedLogoutToken } from '../logoutTokens.js'

/** A logout token is a few hundred bytes; a provider sends nothing else in the body. */
const maxBodyBytes = 16 * 1024

const logoutTokenOf = async (req: PayloadRequest): Promise<string> => {
  const type = req.headers.get('content-type')?.split(';')[0]?.trim().toLowerCase()
  if (type !== 'application/x-www-form-urlencoded') {
    throw new BackofficeError('MALFORMED_REQUEST', { req })
  }
  const body = await readCappedBytes(req, maxBodyBytes)
  if (!body) {
    throw new BackofficeError('PAYLOAD_TOO_LARGE', { req })
  }
  const token = new URLSearchParams(body.toString('utf8')).get('logout_token')
  if (!token) {
    throw new BackofficeError('MALFORMED_REQUEST', { req })
  }
  return token
}

/**
 * `POST /api/admin/oauth/backchannel-logout/{providerId}` (OpenID Connect Back-Channel Logout 1.0):
 * the provider says one of its sessions ended, and the sessions it signed in here end too: exactly
 * those with its session id (`sid`), or with no `sid`, every session of that identity from this
 * provider. A token that fails any check, or comes a second time, is answered 400 and ends nothing.
 * Register `{serverURL}/api/admin/oauth/backchannel-logout/{id}` as the client's
 * `backchannel_logout_uri`, with `backchannel_logout_session_required`.
 */
export const backChannelLogoutEndpoint = (options: SanitizedBackofficeOptions): Endpoint =>
  backofficeEndpoint({
    handler: async (req) => {
      const providerId = String(req.routeParams?.providerId ?? '')
      const provider = options.sso.providers.find((candidate) => candidate.id === providerId)
      if (!provider) {
        throw new BackofficeError('NOT_FOUND', { req })
      }
      const token = await verifiedLogoutToken(req.payload, provider, await logoutTokenOf(req))
      if (!token || !(await claimLogoutToken(req, token))) {
        throw new BackofficeError('SSO_LOGOUT_TOKEN_INVALID', { req })
      }
      const conditions: Where[] = [
        { signInProvider: { equals: provider.id } },
        { revokedAt: { exists: false } },
      ]
      if (token.sid) {
        conditions.push({ providerSessionId: { equals: token.sid } })
      }
      if (token.sub) {
        const subject = createHash('sha256').update(`${token.iss}\n${token.sub}`).digest('hex')
        conditions.push({ providerSubject: { equals: subject } })
      }
      // Every matching session, not a first page of them: an identity signed in on many devices
      // (or a provider session behind many sign-ins) ends everywhere at once.
      const { docs } = await req.payload.find({
        collection: options.sessions.slug as never,
        depth: 0,
        overrideAccess: true,
        pagination: false,
        req,
        select: { sid: true, user: true } as never,
        where: { and: conditions },
      })
      // One write per account, not per session: each rewrites the account's session list.
      const sidsByUser = new Map<string, { sids: string[]; userId: number | string }>()
      for (const { sid, user } of docs as unknown as { sid: string; user: number | string }[]) {
        const entry = sidsByUser.get(String(user)) ?? { sids: [], userId: user }
        entry.sids.push(sid)
        sidsByUser.set(String(user), entry)
      }
      let ended = 0
      for (const { sids, userId } of sidsByUser.values()) {
        ended += (await endSessions(req, { onlySids: sids, reason: 'providerLogout', userId })).size
      }
      return Response.json({ ended }, { headers: { 'Cache-Control': 'no-store' }, status: 200 })
    },
    method: 'post',
    path: '/admin/oauth/backchannel-logout/:providerId',
  })
