import type { Endpoint } from 'payload'

import type { SanitizedBackofficeOptions } from '../options/types.js'

import { recordAuditEvent } from '../audit/recordAuditEvent.js'
import { backofficeEndpoint } from '../endpoint/backofficeEndpoint.js'
import { BackofficeError } from '../errors/BackofficeError.js'
import { requestText } from '../i18n/text.js'
import { resolveAdminTarget } from '../request/adminTarget.js'
import { jsonResponse } from '../request/http.js'
import { sendUnsuspensionEmail } from './emails.js'
import { liftSuspension } from './suspendAccount.js'

/**
 * `POST /api/<users>/:id/unblock`: an administrator lifts a suspension after reviewing it. Others get
 * INSUFFICIENT_PERMISSIONS before their input is looked at; an account that is not suspended gets
 * ACCOUNT_ALREADY_ACTIVE, so a double click changes nothing; one held for a recovery review gets
 * RECOVERY_REVIEW_OPEN (its review's approval lets it back in).
 */
export const unblockEndpoint = (options: SanitizedBackofficeOptions): Endpoint =>
  backofficeEndpoint({
    handler: async (req) => {
      const target = await resolveAdminTarget(req, options)
      const { account: user, viewer } = target
      if ((user.security as { status?: string } | undefined)?.status !== 'suspended') {
        throw new BackofficeError('ACCOUNT_ALREADY_ACTIVE', { req })
      }
      // Unblocking would let back in what a recovery review holds (a passkey, an app someone else
      // added): that account is let back in by the review's approval, which removes it first.
      if (user.security?.suspensionReason === 'recoveryReview') {
        throw new BackofficeError('RECOVERY_REVIEW_OPEN', { req })
      }
      await liftSuspension(req, options, user.id)
      await recordAuditEvent(req, { actor: viewer, event: 'account.unblocked', user })
      await sendUnsuspensionEmail(req, options, user, { byReset: false })
      return jsonResponse(req, { message: requestText(req, 'unblockAccountSuccess') })
    },
    method: 'post',
    path: '/:id/unblock',
  })
