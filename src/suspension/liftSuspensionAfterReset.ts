import type { PayloadRequest } from 'payload'

import type { SanitizedBackofficeOptions } from '../options/types.js'

import { recordAuditEvent } from '../audit/recordAuditEvent.js'
import { liftSuspension } from './suspendAccount.js'

type Account = { email?: null | string; id: number | string; preferredLanguage?: unknown }

/**
 * A completed password reset lifts a suspension: whoever set the new password proved control
 * of the account's mailbox, and every other session has ended. Shared by the plugin's reset endpoint
 * and the sign-in hook that handles Payload's own reset operation, so both record it the same way.
 * The confirmation email is the caller's to send, once the change is committed.
 */
export const liftSuspensionAfterReset = async (
  req: PayloadRequest,
  options: SanitizedBackofficeOptions,
  account: Account,
): Promise<void> => {
  await liftSuspension(req, options, account.id)
  await recordAuditEvent(req, {
    actor: account,
    data: { reason: 'passwordReset' },
    event: 'account.unblocked',
    user: account,
  })
}
