import type { Endpoint } from 'payload'

import type { SanitizedBackofficeOptions } from '../../shared/options/types.js'

import { hasOpenInvitation } from '../../flows/passwordReset/accounts.js'
import { sendForgotPasswordEmail } from '../../flows/passwordReset/emails.js'
import { recordResetRequest } from '../../flows/passwordReset/resetTokenStore.js'
import { freshProof } from '../../policies/sudo/freshProof.js'
import { isLocalAccount } from '../../shared/accounts/signInMethod.js'
import { recordAuditEvent } from '../../shared/audit/recordAuditEvent.js'
import { backofficeEndpoint } from '../../shared/endpoint/backofficeEndpoint.js'
import { BackofficeError } from '../../shared/errors/BackofficeError.js'
import { requestText } from '../../shared/i18n/text.js'
import { createToken } from '../../shared/lib/tokens.js'
import { administeredAccount } from '../../shared/request/administeredAccount.js'
import { administrator } from '../../shared/request/administrator.js'
import { jsonResponse } from '../../shared/request/http.js'

/**
 * `POST /api/<users>/:id/send-password-reset`: an administrator in sudo mode mails another account
 * the same reset link its owner gets from "Forgot password": one single-use token, stored hashed and
 * bound to the address it goes to, any earlier one void, within Payload's pause between two reset
 * emails (RESET_LINK_RECENTLY_SENT otherwise). The link goes only to the account's own address, never
 * to the administrator, who therefore never holds a way into it. An account without a password here
 * (single sign-on, an open invitation) gets RESET_LINK_UNAVAILABLE. Audited as
 * `password.resetRequested` with the administrator as actor.
 */
export const sendResetLinkEndpoint = (options: SanitizedBackofficeOptions): Endpoint =>
  backofficeEndpoint({
    handler: async (req, { target: account, viewer }) => {
      const email = account.email
      if (
        typeof email !== 'string' ||
        !isLocalAccount(account) ||
        hasOpenInvitation(account as Parameters<typeof hasOpenInvitation>[0])
      ) {
        throw new BackofficeError('RESET_LINK_UNAVAILABLE', { req })
      }
      const token = createToken()
      const recorded = await recordResetRequest(req, options, {
        email,
        tokenHash: token.hash,
        userId: account.id,
      })
      await recordAuditEvent(req, {
        actor: viewer,
        data: {
          kind: 'resetLink',
          via: 'securityPanel',
          ...(recorded ? {} : { reason: 'throttled' }),
        },
        event: 'password.resetRequested',
        user: account,
      })
      if (!recorded) {
        throw new BackofficeError('RESET_LINK_RECENTLY_SENT', { req })
      }
      await sendForgotPasswordEmail(req, options, { ...account, email }, token.token)
      return jsonResponse(req, { message: requestText(req, 'sendResetLinkSuccess', { email }) })
    },
    method: 'post',
    path: '/:id/send-password-reset',
    requires: [
      administrator(options),
      freshProof(options),
      administeredAccount(options, { refuseOwn: 'OWN_ACCOUNT_ACTION' }),
    ],
  })
