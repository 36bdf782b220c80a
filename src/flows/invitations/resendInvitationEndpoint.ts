import type { Endpoint } from 'payload'

import type { SanitizedBackofficeOptions } from '../../shared/options/types.js'
import type { InvitationState } from './fields.js'

import { recordAuditEvent } from '../../shared/audit/recordAuditEvent.js'
import { backofficeEndpoint } from '../../shared/endpoint/backofficeEndpoint.js'
import { BackofficeError } from '../../shared/errors/BackofficeError.js'
import { requestText } from '../../shared/i18n/text.js'
import { createToken } from '../../shared/lib/tokens.js'
import { administeredAccount } from '../../shared/request/administeredAccount.js'
import { jsonResponse } from '../../shared/request/http.js'
import { invitationExpiry } from './createHooks.js'
import { sendInvitationEmail } from './emails.js'
import { invitationStore } from './invitationStore.js'

/**
 * `POST /api/<users>/:id/resend-invitation`: an administrator sends a pending (or revoked) invitation
 * again, with a new link and a new expiry; the earlier link stops working at once. Others get
 * INSUFFICIENT_PERMISSIONS before their input is looked at. An accepted invitation answers
 * INVITATION_ALREADY_ACCEPTED, an account never invited NO_INVITATION. When the mail server refuses
 * the email the answer is EMAIL_SEND_FAILED (502) naming the address, and the account shows it.
 */
export const resendInvitationEndpoint = (options: SanitizedBackofficeOptions): Endpoint =>
  backofficeEndpoint({
    handler: async (req, { target: account, viewer }) => {
      const status = (account.invitation as InvitationState | null | undefined)?.status
      if (status === 'accepted') {
        throw new BackofficeError('INVITATION_ALREADY_ACCEPTED', { req })
      }
      if (status !== 'pending' && status !== 'revoked') {
        throw new BackofficeError('NO_INVITATION', { req })
      }
      const store = invitationStore(req, options)
      const { hash, token } = createToken()
      const expiresAt = invitationExpiry(options)
      // Conditional on the state read above still holding: an acceptance in between wins.
      const renewed = await store.renew(account.id, {
        expiresAt,
        invitedBy: viewer.id,
        tokenHash: hash,
      })
      if (!renewed) {
        throw new BackofficeError('INVITATION_ALREADY_ACCEPTED', { req })
      }
      const delivered = await sendInvitationEmail(req, options, { account, inviter: viewer, token })
      await recordAuditEvent(req, {
        actor: viewer,
        data: { delivered, expiresAt: expiresAt.toISOString(), resent: true },
        event: 'invitation.sent',
        user: account,
      })
      if (!delivered) {
        await store.setDeliveryFailed(account.id, true)
        throw new BackofficeError('EMAIL_SEND_FAILED', {
          req,
          variables: { recipient: String(account.email) },
        })
      }
      return jsonResponse(req, {
        invitation: { expiresAt: expiresAt.toISOString(), status: 'pending' },
        message: requestText(req, 'invitationResent'),
      })
    },
    method: 'post',
    path: '/:id/resend-invitation',
    requires: [administeredAccount(options)],
  })
