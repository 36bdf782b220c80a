import type { Endpoint, PayloadRequest } from 'payload'

import type { StaffAccount } from '../../../shared/accounts/staffAccount.js'
import type { SanitizedBackofficeOptions } from '../../../shared/options/types.js'

import { readAccount } from '../../../shared/accounts/staffAccount.js'
import { recordAuditEvent } from '../../../shared/audit/recordAuditEvent.js'
import { hashToken } from '../../../shared/lib/tokens.js'
import { ownerReportEndpoints } from '../../suspension/ownerReportEndpoints.js'
import { findByMisuseTokenHash, markMisuseReported, type StoredResetRequest } from './store.js'
import { checkResetRequestChange } from './transitions.js'

type Found = {
  account: StaffAccount
  request: StoredResetRequest
  since: Date
}

/**
 * `GET` and `POST /api/{users}/mfa/totp/report-misuse?token=…`: the "this wasn't me" link of the
 * email confirming a 2FA reset request (see suspension/ownerReportEndpoints.ts). Reporting marks the
 * request reportedMisuse, which spends the link, and suspends the account.
 */
export const misuseReportEndpoints = (options: SanitizedBackofficeOptions): Endpoint[] =>
  ownerReportEndpoints<Found>(options, {
    /** The request and account a link's token opens, while misuse can still be reported on it. */
    open: async (req: PayloadRequest, token: string) => {
      const request = await findByMisuseTokenHash(req.payload, hashToken(token))
      if (!request) {
        return null
      }
      const refused = checkResetRequestChange({
        changes: { status: 'reportedMisuse' },
        current: request.status,
        expiresAt: request.expiresAt,
        now: new Date(),
      })
      if (refused) {
        return null
      }
      const account = await readAccount(req, options, request.requester)
      // Whoever filed it held the password and a session then: what they added since is held back.
      return account ? { account, request, since: request.createdAt ?? new Date() } : null
    },
    path: '/mfa/totp/report-misuse',
    spend: async (req, { account, request }) => {
      if (!(await markMisuseReported(req, { from: request.status, id: request.id }))) {
        return false
      }
      await recordAuditEvent(req, {
        actor: null,
        data: { requestId: request.id, statusBefore: request.status },
        event: 'twoFactor.misuseReported',
        user: { id: account.id },
      })
      return true
    },
    trigger: 'resetRequestReported',
    texts: {
      confirm: 'misuseReportConfirm',
      done: 'misuseReportDone',
      explanation: 'misuseReportExplanation',
      heading: 'misuseReportHeading',
      invalid: 'misuseReportInvalid',
    },
  })
