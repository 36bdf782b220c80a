import type { CollectionSlug, Endpoint } from 'payload'

import * as z from 'zod'

import type { SanitizedBackofficeOptions } from '../../../shared/options/types.js'

import { recordAuditEvent } from '../../../shared/audit/recordAuditEvent.js'
import { backofficeEndpoint } from '../../../shared/endpoint/backofficeEndpoint.js'
import { BackofficeError } from '../../../shared/errors/BackofficeError.js'
import { requestText } from '../../../shared/i18n/text.js'
import { createToken } from '../../../shared/lib/tokens.js'
import { getClientInfo } from '../../../shared/request/clientInfo.js'
import { jsonResponse } from '../../../shared/request/http.js'
import { signedInRequest } from '../../../shared/request/requestUser.js'
import { freshProof } from '../../sudo/freshProof.js'
import { readTotpState } from '../accountState.js'
import { hasPasskey } from '../passkeys/passkeyStore.js'
import { resetRequestLimits, resetRequestsSlug } from './constants.js'
import { sendResetRequestedEmails } from './emails.js'
import { resetRequestWriteKey } from './guardResetRequestWrites.js'
import { resetReasonField, resetReasonRefusal } from './reason.js'
import { resetRequester } from './resetRequester.js'
import { expireStaleRequestsOf, findOpenRequestOf } from './store.js'

const requestResetBody = z.object({ reason: resetReasonField })

/**
 * `POST /api/{users}/mfa/totp/request-reset` with `{ reason }`: someone who lost their authenticator
 * asks an administrator to remove their second factor. Only from a browser past the password (a
 * challenge cookie) or signed in: a request is never anonymous, so nobody can file one for another
 * account. One pending request per account; it is open for 7 days.
 */
export const requestResetEndpoint = (options: SanitizedBackofficeOptions): Endpoint =>
  backofficeEndpoint({
    body: requestResetBody,
    handler: async (req, { body: { reason }, requesterId: userId }) => {
      const state = await readTotpState(req.payload, options, userId)
      // A passkey is a second factor too: whoever lost theirs asks here like whoever lost a phone.
      if (state?.status !== 'enabled' && !(await hasPasskey(req.payload, userId))) {
        throw new BackofficeError('TOTP_NOT_ENABLED', { req })
      }

      const now = new Date()
      await expireStaleRequestsOf(req.payload, userId, now)
      if (await findOpenRequestOf(req.payload, userId, now)) {
        throw new BackofficeError('RESET_REQUEST_PENDING_EXISTS', { req })
      }
      const client = getClientInfo(req, { trustProxy: options.trustProxy })
      const misuse = createToken()
      const requester = (await req.payload.findByID({
        collection: options.usersCollection as CollectionSlug,
        depth: 0,
        id: userId,
        overrideAccess: true,
        req,
        select: { email: true } as never,
      })) as unknown as { email?: null | string }
      let created: { expiresAt: string; id: number | string }
      try {
        created = (await req.payload.create({
          collection: resetRequestsSlug as CollectionSlug,
          context: { [resetRequestWriteKey]: true },
          data: {
            clientIp: client.clientIp ?? client.ipAddress,
            expiresAt: new Date(now.getTime() + resetRequestLimits.validityMs).toISOString(),
            misuseReportTokenHash: misuse.hash,
            pendingKey: String(userId),
            reason,
            requester: userId,
            requesterEmail: requester.email ?? null,
            status: 'pending',
            userAgent: client.userAgent,
          } as never,
          overrideAccess: true,
        })) as unknown as { expiresAt: string; id: number | string }
      } catch (error) {
        // The unique pendingKey refused a request racing this one: that one is the pending request.
        if (await findOpenRequestOf(req.payload, userId, now)) {
          throw new BackofficeError('RESET_REQUEST_PENDING_EXISTS', { req })
        }
        throw error
      }
      await recordAuditEvent(req, {
        actor: { id: userId },
        data: { requestId: created.id },
        event: 'twoFactor.resetRequested',
        user: { id: userId },
      })
      await sendResetRequestedEmails(req, options, {
        misuseToken: misuse.token,
        reason,
        requestId: created.id,
        userId,
      })
      const message = requestText(req, 'twoFactorResetRequested')
      return jsonResponse(req, { expiresAt: created.expiresAt, message, success: true })
    },
    method: 'post',
    path: '/mfa/totp/request-reset',
    // From a session, asking to remove the second factor is a sensitive change (sudo mode): a stolen
    // session must not start taking the account's 2FA away. Past the password with a challenge
    // cookie, that password was the proof.
    refuseBody: (req, _field, issue) => resetReasonRefusal(req, issue),
    requires: [resetRequester(options), freshProof(options, { when: signedInRequest(options) })],
  })
