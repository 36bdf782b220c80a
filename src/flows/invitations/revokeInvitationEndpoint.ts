import type { Endpoint } from 'payload'

import type { SanitizedBackofficeOptions } from '../../shared/options/types.js'
import type { InvitationState } from './fields.js'

import { recordAuditEvent } from '../../shared/audit/recordAuditEvent.js'
import { backofficeEndpoint } from '../../shared/endpoint/backofficeEndpoint.js'
import { BackofficeError } from '../../shared/errors/BackofficeError.js'
import { requestText } from '../../shared/i18n/text.js'
import { administeredAccount } from '../../shared/request/administeredAccount.js'
import { jsonResponse } from '../../shared/request/http.js'
import { invitationStore } from './invitationStore.js'

/**
 * `POST /api/<users>/:id/revoke-invitation`: an administrator voids a pending invitation's link. The
 * account stays (with its history) and cannot sign in; a resend gives it a new chance. Others get
 * INSUFFICIENT_PERMISSIONS first; an accepted invitation answers INVITATION_ALREADY_ACCEPTED, and
 * one already revoked, or an account never invited, NO_INVITATION, so a double click changes nothing.
 */
export const revokeInvitationEndpoint = (options: SanitizedBackofficeOptions): Endpoint =>
  backofficeEndpoint({
    handler: async (req, { target: account, viewer }) => {
      const revoked = await invitationStore(req, options).revoke(account.id)
      if (!revoked) {
        // Read again: an acceptance may have come in since the account was looked up.
        const now = await req.payload.db.findOne<{
          id: number | string
          invitation?: InvitationState | null
        }>({
          collection: options.usersCollection,
          req,
          where: { id: { equals: account.id } },
        })
        const status = now?.invitation?.status
        throw new BackofficeError(
          status === 'accepted' ? 'INVITATION_ALREADY_ACCEPTED' : 'NO_INVITATION',
          { req },
        )
      }
      await recordAuditEvent(req, { actor: viewer, event: 'invitation.revoked', user: account })
      return jsonResponse(req, {
        invitation: { status: 'revoked' },
        message: requestText(req, 'invitationRevoked'),
      })
    },
    method: 'post',
    path: '/:id/revoke-invitation',
    requires: [administeredAccount(options)],
  })
