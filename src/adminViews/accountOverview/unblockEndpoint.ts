import type { Endpoint } from 'payload'

import type { SanitizedBackofficeOptions } from '../../shared/options/types.js'

import { freshProof } from '../../policies/sudo/freshProof.js'
import { sendUnsuspensionEmail } from '../../policies/suspension/emails.js'
import { liftSuspension } from '../../policies/suspension/suspendAccount.js'
import { lockAccountRow } from '../../shared/accounts/lockAccountRow.js'
import { readAccount } from '../../shared/accounts/staffAccount.js'
import { recordAuditEvent } from '../../shared/audit/recordAuditEvent.js'
import { inTransaction } from '../../shared/db/inTransaction.js'
import { backofficeEndpoint } from '../../shared/endpoint/backofficeEndpoint.js'
import { BackofficeError } from '../../shared/errors/BackofficeError.js'
import { requestText } from '../../shared/i18n/text.js'
import { administeredAccount } from '../../shared/request/administeredAccount.js'
import { administrator } from '../../shared/request/administrator.js'
import { jsonResponse } from '../../shared/request/http.js'

/**
 * `POST /api/<users>/:id/unblock`: an administrator in sudo mode lifts a suspension after reviewing it. Others get
 * INSUFFICIENT_PERMISSIONS before their input is looked at; an account that is not suspended gets
 * ACCOUNT_ALREADY_ACTIVE, so a double click changes nothing; one held for a recovery review gets
 * RECOVERY_REVIEW_OPEN (its review's approval lets it back in).
 */
export const unblockEndpoint = (options: SanitizedBackofficeOptions): Endpoint =>
  backofficeEndpoint({
    handler: async (req, { target: account, viewer }) => {
      // Under the account's row lock and read again there: of two parallel clicks one unblocks, the
      // other finds the account active.
      const user = await inTransaction(req, async () => {
        await lockAccountRow(req, options.usersCollection, account.id)
        const current = (await readAccount(req, options, account.id)) ?? account
        if ((current.security as { status?: string } | undefined)?.status !== 'suspended') {
          throw new BackofficeError('ACCOUNT_ALREADY_ACTIVE', { req })
        }
        // Unblocking would let back in what a recovery review holds (a passkey, an app someone else
        // added): that account is let back in by the review's approval, which removes it first.
        if (current.security?.suspensionReason === 'recoveryReview') {
          throw new BackofficeError('RECOVERY_REVIEW_OPEN', { req })
        }
        await liftSuspension(req, options, current.id)
        await recordAuditEvent(req, { actor: viewer, event: 'account.unblocked', user: current })
        return current
      })
      await sendUnsuspensionEmail(req, options, user, { byReset: false })
      return jsonResponse(req, { message: requestText(req, 'unblockAccountSuccess') })
    },
    method: 'post',
    path: '/:id/unblock',
    // Sudo mode, as suspending is: a stolen administrator session must not let a suspended intruder back in.
    requires: [administrator(options), freshProof(options), administeredAccount(options)],
  })
