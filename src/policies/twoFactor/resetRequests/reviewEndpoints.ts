import type { Endpoint } from 'payload'

import * as z from 'zod'

import type { SanitizedBackofficeOptions } from '../../../shared/options/types.js'

import { recordAuditEvent } from '../../../shared/audit/recordAuditEvent.js'
import { inTransaction } from '../../../shared/db/inTransaction.js'
import { backofficeEndpoint } from '../../../shared/endpoint/backofficeEndpoint.js'
import { BackofficeError } from '../../../shared/errors/BackofficeError.js'
import { requestText } from '../../../shared/i18n/text.js'
import { administrator } from '../../../shared/request/administrator.js'
import { idTypeOf, jsonResponse } from '../../../shared/request/http.js'
import { parseDocumentId } from '../../../shared/request/parseDocumentId.js'
import { freshProof } from '../../sudo/freshProof.js'
import { resetRequestLimits, resetRequestsSlug } from './constants.js'
import { sendResetAnsweredEmail } from './emails.js'
import { resetSecondFactor } from './resetSecondFactor.js'
import { answerResetRequest, readResetRequest } from './store.js'
import { checkResetRequestChange } from './transitions.js'

type Decision = 'approved' | 'denied'

/** An optional comment for the requester, at most `commentMaxLength` characters once trimmed. */
const reviewBody = z.object({
  comment: z
    .string()
    .trim()
    .refine((comment) => [...comment].length <= resetRequestLimits.commentMaxLength)
    .nullish(),
})

/**
 * `POST /api/two-factor-reset-requests/:id/approve` and `/deny` with an optional `{ comment }`:
 * an administrator answers a pending request, never approving one for their own account. Answers `{ message, status, processedAt, reviewer,
 * approverComment }` with "2FA reset approved" / "2FA reset denied"; a processed, expired or unknown request is refused by the rules in
 * `checkResetRequestChange`. The requester is emailed either way.
 */
const reviewEndpoint = (options: SanitizedBackofficeOptions, decision: Decision): Endpoint =>
  backofficeEndpoint({
    body: reviewBody,
    handler: async (req, { body, viewer: reviewer }) => {
      const id = parseDocumentId(req.routeParams?.id, idTypeOf(req, resetRequestsSlug))
      if (id === null) {
        throw new BackofficeError('MALFORMED_REQUEST', { req })
      }
      const comment = body.comment || null

      const now = new Date()
      const current = await readResetRequest(req.payload, id)
      if (!current) {
        throw new BackofficeError('NOT_FOUND', { req })
      }
      // Nobody approves the removal of their own second factor: whoever holds an administrator's
      // session and password would otherwise strip that administrator's factor and need only the
      // password from then on (OWASP ASVS 5.0 6.4.4: a lost factor is replaced only after proofing
      // the person's identity, which nobody does of themselves; NIST SP 800-53 AC-5, separation of
      // duties). Another administrator decides, or, with none, an operator with server access
      // (resetSecondFactorWithServerAccess). The request records the account it is for as its
      // requester: no one else can file one for it. Denying one's own request withdraws it.
      if (decision === 'approved' && String(current.requester) === String(reviewer.id)) {
        throw new BackofficeError('RESET_REQUEST_OWN_ACCOUNT', { req })
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
    refuseBody: (req) => new BackofficeError('MALFORMED_REQUEST', { req }),
    // Approving removes someone's second factor: with a fresh proof (sudo mode), so a stolen
    // administrator session cannot strip another account's 2FA. Denying changes nothing.
    requires: [administrator(options), ...(decision === 'approved' ? [freshProof(options)] : [])],
  })

export const approveResetRequestEndpoint = (options: SanitizedBackofficeOptions) =>
  reviewEndpoint(options, 'approved')
export const denyResetRequestEndpoint = (options: SanitizedBackofficeOptions) =>
  reviewEndpoint(options, 'denied')
