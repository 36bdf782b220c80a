import type { Endpoint, PayloadRequest } from 'payload'

import type { SanitizedBackofficeOptions } from '../../options/types.js'

import { recordAuditEvent } from '../../audit/recordAuditEvent.js'
import { inTransaction } from '../../db/inTransaction.js'
import { BackofficeError } from '../../errors/BackofficeError.js'
import { backofficeEndpoint } from '../../errors/errorResponse.js'
import { requestText } from '../../i18n/text.js'
import { clearSecondFactorGuesses } from '../../lockout/secondFactorGuesses.js'
import { resolveAdministrator } from '../../request/adminTarget.js'
import { idTypeOf, jsonResponse } from '../../request/http.js'
import { parseDocumentId } from '../../request/parseDocumentId.js'
import { readBody } from '../../request/readBody.js'
import { revokeSessions } from '../../sessions/revokeSessions.js'
import { requireFreshProof } from '../../sudo/requireFreshProof.js'
import { requireSetup, resetToPending } from '../accountState.js'
import { removeAllPasskeys } from '../passkeys/passkeyStore.js'
import { deleteRecoveryCodes } from '../recoveryCodes/store.js'
import { removeAllTrustedDevices } from '../trustedDevices.js'
import { resetRequestLimits, resetRequestsSlug } from './constants.js'
import { sendResetAnsweredEmail } from './emails.js'
import { answerResetRequest, readResetRequest } from './store.js'
import { checkResetRequestChange } from './transitions.js'

type Decision = 'approved' | 'denied'

/**
 * The approval's effects on the account: the lost authenticator stops working (2FA back to pending,
 * set up again at the next sign-in), every passkey is removed (a lost device may hold one, and the
 * request cannot say which), and so do its recovery codes (an account without a second
 * factor has none), no device skips the new second factor, every session opened
 * under the old one ends (ASVS 5.0 7.4.3: sessions end when an authentication factor changes), and
 * wrong codes guessed at the old secret no longer count against the account.
 */
const resetSecondFactor = async (
  req: PayloadRequest,
  options: SanitizedBackofficeOptions,
  { reviewerId, userId }: { reviewerId: number | string; userId: number | string },
) => {
  const passkeysRemoved = await removeAllPasskeys(req, userId)
  // Without an app but with passkeys, the next sign-in sets up a second factor all the same.
  const wasEnabled =
    (await resetToPending(req, options, userId)) ||
    (passkeysRemoved > 0 && (await requireSetup(req, options, userId)))
  const devicesRemoved = await removeAllTrustedDevices(req, userId)
  const recoveryCodesRemoved = await deleteRecoveryCodes(req, userId)
  await clearSecondFactorGuesses(req, options, userId)
  const sessionsEnded = await revokeSessions(req, {
    reason: 'twoFactorChange',
    revokedBy: reviewerId,
    userId,
  })
  return { devicesRemoved, passkeysRemoved, recoveryCodesRemoved, sessionsEnded, wasEnabled }
}

/**
 * `POST /api/two-factor-reset-requests/:id/approve` and `/deny` with an optional `{ comment }`:
 * an administrator answers a pending request. Answers `{ message, status, processedAt, reviewer,
 * approverComment }` with "2FA reset approved" / "2FA reset denied"; a processed, expired or unknown request is refused by the rules in
 * `checkResetRequestChange`. The requester is emailed either way.
 */
const reviewEndpoint = (options: SanitizedBackofficeOptions, decision: Decision): Endpoint =>
  backofficeEndpoint({
    handler: async (req) => {
      const reviewer = resolveAdministrator(req, options)
      const id = parseDocumentId(req.routeParams?.id, idTypeOf(req, resetRequestsSlug))
      if (id === null) {
        throw new BackofficeError('MALFORMED_REQUEST', { req })
      }
      // Approving removes someone's second factor: with a fresh proof (sudo mode), so a stolen
      // administrator session cannot strip another account's 2FA. Denying changes nothing.
      if (decision === 'approved') {
        await requireFreshProof(req, options)
      }
      const body = await readBody(req)
      const rawComment = body.comment
      if (rawComment !== undefined && rawComment !== null && typeof rawComment !== 'string') {
        throw new BackofficeError('MALFORMED_REQUEST', { req })
      }
      const comment = rawComment?.trim() || null
      if (comment !== null && [...comment].length > resetRequestLimits.commentMaxLength) {
        throw new BackofficeError('MALFORMED_REQUEST', { req })
      }

      const now = new Date()
      const current = await readResetRequest(req.payload, id)
      if (!current) {
        throw new BackofficeError('NOT_FOUND', { req })
      }
      const changes = {
        status: decision,
        ...(comment === null ? {} : { approverComment: comment }),
      }
      const refused = checkResetRequestChange({
        changes,
        current: current.status,
        expiresAt: current.expiresAt,
        now,
      })
      if (refused) {
        throw new BackofficeError(refused.code, { req, variables: refused.variables })
      }
      // The decision, its effects on the account and its audit entry commit together: a failure half-way
      // leaves the request pending and the account as it was, to be answered again.
      const answered = await inTransaction(req, async () => {
        const request = await answerResetRequest(req, {
          approverComment: comment,
          id,
          now,
          approver: reviewer.id,
          status: decision,
        })
        if (!request) {
          return null
        }
        const userId = request.requester
        const effects =
          decision === 'approved'
            ? await resetSecondFactor(req, options, { reviewerId: reviewer.id, userId })
            : {}
        await recordAuditEvent(req, {
          actor: reviewer,
          data: { requestId: id, ...effects },
          event: decision === 'approved' ? 'twoFactor.resetApproved' : 'twoFactor.resetDenied',
          user: { id: userId },
        })
        return request
      })
      if (!answered) {
        // Another reviewer (or the expiry) got there between the read and the write.
        const latest = await readResetRequest(req.payload, id)
        const lost = checkResetRequestChange({
          changes,
          current: latest?.status ?? 'expired',
          expiresAt: latest?.expiresAt ?? null,
          now,
        })
        throw new BackofficeError(lost?.code ?? 'RESET_REQUEST_PROCESSED', {
          req,
          variables: lost?.variables,
        })
      }

      const userId = answered.requester
      await sendResetAnsweredEmail(req, options, { comment, decision, userId })
      const key = decision === 'approved' ? 'twoFactorResetApproved' : 'twoFactorResetDenied'
      const message = requestText(req, key)
      // What the review panel shows once answered, so it updates in place without a reload.
      return jsonResponse(req, {
        approverComment: comment,
        message,
        processedAt: now.toISOString(),
        reviewer: typeof reviewer.email === 'string' ? reviewer.email : null,
        status: decision,
      })
    },
    method: 'post',
    path: `/:id/${decision === 'approved' ? 'approve' : 'deny'}`,
  })

export const approveResetRequestEndpoint = (options: SanitizedBackofficeOptions) =>
  reviewEndpoint(options, 'approved')
export const denyResetRequestEndpoint = (options: SanitizedBackofficeOptions) =>
  reviewEndpoint(options, 'denied')
