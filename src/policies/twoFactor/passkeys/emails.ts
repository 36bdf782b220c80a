import type { PayloadRequest } from 'payload'

import type { SanitizedBackofficeOptions } from '../../../shared/options/types.js'

import { recipientLanguage } from '../../../shared/email/recipientLanguage.js'
import { adminURL, sendSecurityEmail } from '../../../shared/email/sendSecurityEmail.js'

type Owner = { email?: null | string; id: number | string; preferredLanguage?: unknown }

/**
 * Tells an account that a passkey was added to it or removed from it, naming the passkey, with a link
 * to the account page: a change to how the account signs in that its owner did not make must not go
 * unnoticed (OWASP ASVS 5.0 6.3.7).
 */
export const sendPasskeyChangedEmail = async (
  req: PayloadRequest,
  options: SanitizedBackofficeOptions,
  {
    change,
    name,
    owner,
  }: { change: 'added' | 'removed' | 'removedByAdministrator'; name: string; owner: Owner },
) => {
  if (!owner.email) {
    return
  }
  await sendSecurityEmail(req, {
    action: { label: 'emailActionReviewAccount', url: adminURL(req, '/account') },
    body:
      change === 'added'
        ? 'emailPasskeyAddedBody'
        : change === 'removed'
          ? 'emailPasskeyRemovedBody'
          : 'emailPasskeyRemovedByAdministratorBody',
    language: recipientLanguage(owner, options),
    subject: change === 'added' ? 'emailPasskeyAddedSubject' : 'emailPasskeyRemovedSubject',
    to: owner.email,
    variables: { name },
  })
}
