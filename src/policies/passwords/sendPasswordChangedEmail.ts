import type { PayloadRequest } from 'payload'

import type { SanitizedBackofficeOptions } from '../../shared/options/types.js'

import { recipientLanguage } from '../../shared/email/recipientLanguage.js'
import { adminURL, sendSecurityEmail } from '../../shared/email/sendSecurityEmail.js'

/**
 * Tells an account's owner that its password changed, in their language, with a link to reset it: if
 * someone else changed it (with a stolen session and password), this is how the owner finds out and
 * takes the account back. The time is in UTC, the one zone the server can name for every reader.
 */
export const sendPasswordChangedEmail = async (
  req: PayloadRequest,
  options: SanitizedBackofficeOptions,
  account: { email?: unknown; preferredLanguage?: unknown },
): Promise<void> => {
  if (typeof account.email !== 'string') {
    return
  }
  const language = recipientLanguage(account, options)
  const time = `${new Intl.DateTimeFormat(language, { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }).format(new Date())} UTC`
  await sendSecurityEmail(req, {
    action: {
      label: 'emailActionResetPassword',
      url: adminURL(req, req.payload.config.admin.routes.forgot),
    },
    body: 'emailPasswordChangedBody',
    language,
    subject: 'emailPasswordChangedSubject',
    to: account.email,
    variables: { email: account.email, time },
  })
}
