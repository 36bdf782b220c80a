import type { PayloadRequest } from 'payload'

import type { SanitizedBackofficeOptions } from '../../shared/options/types.js'

import { recordAuditEvent } from '../../shared/audit/recordAuditEvent.js'
import { alertAdministrators } from '../../shared/email/administrators.js'
import { adminURL } from '../../shared/email/sendSecurityEmail.js'

/**
 * `suspendAfter` wrong passwords for an account from browsers it has never signed in from: someone
 * is guessing. Nothing is suspended, since a stranger must not be able to lock the owner out (those
 * browsers stay locked, with the growing waits); the administrators are told, and the audit log says
 * so, to decide whether the owner should change a password that may be known.
 */
export const alertGuessing = async (
  req: PayloadRequest,
  options: SanitizedBackofficeOptions,
  {
    account,
    failures,
  }: { account: { email?: null | string; id: number | string }; failures: number },
): Promise<void> => {
  await recordAuditEvent(req, {
    actor: null,
    data: { consecutiveFailures: failures },
    event: 'account.guessingDetected',
    user: account,
  })
  const email = account.email ?? String(account.id)
  await alertAdministrators(req, options, {
    action: {
      label: 'emailActionReviewAccount',
      url: adminURL(req, `/collections/${options.usersCollection}/${account.id}`),
    },
    body: 'emailGuessingAlertBody',
    subject: 'emailGuessingAlertSubject',
    variables: () => ({ count: String(failures), email }),
  })
}
