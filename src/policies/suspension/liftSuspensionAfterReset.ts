import type { PayloadRequest } from 'payload'

import { sql } from '@payloadcms/db-postgres'

import type { StaffAccount } from '../../shared/accounts/staffAccount.js'
import type { SanitizedBackofficeOptions } from '../../shared/options/types.js'

import { recordAuditEvent } from '../../shared/audit/recordAuditEvent.js'
import { sqlFor } from '../../shared/db/sql.js'

type Account = Pick<StaffAccount, 'email' | 'id' | 'preferredLanguage'>

/**
 * A completed password reset lifts a suspension: whoever set the new password proved control of the
 * account's mailbox, and every other session has ended. Except a suspension for wrong second-factor
 * codes, or any while the account's second-factor budget is spent: a reset proves the mailbox, never
 * the second factor (OWASP ASVS 5.0 6.4.3: a reset must not bypass multi-factor authentication), so
 * lifting it would give whoever holds the mailbox a fresh set of code guesses after each reset, with
 * no limit on consecutive failures (NIST SP 800-63B §5.2.2). Only an administrator lifts that one.
 * Nor a recovery review's: what it holds back (a passkey, an app, a linked identity someone else
 * added) would sign that someone in again, and a mailbox must never remove a second factor.
 *
 * One conditional statement, in the request's transaction: a wrong code counted by a parallel request
 * is seen, so a reset never lifts a suspension that code just made permanent. Returns whether it was
 * lifted. Shared by the plugin's reset endpoint and the sign-in hook that handles Payload's own reset
 * operation; the confirmation email is the caller's to send, once the change is committed.
 */
export const liftSuspensionAfterReset = async (
  req: PayloadRequest,
  options: SanitizedBackofficeOptions,
  account: Account,
): Promise<boolean> => {
  const users = sqlFor(req.payload, options.usersCollection)
  const status = users.column('security_status')
  const reason = users.column('security_suspensionReason')
  const lifted = await users.execute(
    sql`UPDATE ${users.table} SET ${status} = 'active', ${users.column('security_suspendedAt')} = NULL,
       ${users.column('security_suspendedBy')} = NULL, ${reason} = NULL
     WHERE ${users.column('id')} = ${account.id} AND ${status} = 'suspended'
       AND ${reason} IS DISTINCT FROM 'secondFactorFailures'
       AND ${reason} IS DISTINCT FROM 'recoveryReview'
       AND COALESCE(${users.column('secondFactorFailures')}, 0) < ${options.lockout.suspendAfter}
     RETURNING 1 AS lifted`,
    req,
  )
  if (lifted.length === 0) {
    return false
  }
  await recordAuditEvent(req, {
    actor: account,
    data: { reason: 'passwordReset' },
    event: 'account.unblocked',
    user: account,
  })
  return true
}
