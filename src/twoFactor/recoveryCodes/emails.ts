import type { PayloadRequest } from 'payload'

import type { SanitizedBackofficeOptions } from '../../options/types.js'

import { recipientLanguage } from '../../email/recipientLanguage.js'
import { adminURL, sendSecurityEmail } from '../../email/sendSecurityEmail.js'
import { formatUtcTime } from '../../lib/formatUtcTime.js'

type Owner = Record<string, unknown>

/**
 * Tells an account's owner that its recovery codes changed: new ones were made, or one was used to
 * sign in (with how many remain). Either could be someone holding the password and a stolen session
 * or code, so the email says what to do then: reset the password, which also ends every session.
 */
export const sendRecoveryCodesEmail = async (
  req: PayloadRequest,
  options: SanitizedBackofficeOptions,
  owner: Owner,
  event:
    | { kind: 'generated'; count: number; replacedEarlier: boolean }
    | { kind: 'used'; remaining: number },
): Promise<void> => {
  if (typeof owner.email !== 'string') {
    return
  }
  const language = recipientLanguage(owner, options)
  const time = formatUtcTime(language, new Date())
  await sendSecurityEmail(req, {
    action: {
      label: 'emailActionResetPassword',
      url: adminURL(req, req.payload.config.admin.routes.forgot),
    },
    ...(event.kind === 'generated'
      ? {
          // "The earlier ones no longer work" only when there were earlier ones.
          ...(event.replacedEarlier
            ? {
                body: 'emailRecoveryCodesGeneratedBody',
                subject: 'emailRecoveryCodesGeneratedSubject',
              }
            : { body: 'emailRecoveryCodesFirstBody', subject: 'emailRecoveryCodesFirstSubject' }),
          variables: { count: String(event.count), email: owner.email, time },
        }
      : {
          body: 'emailRecoveryCodeUsedBody',
          subject: 'emailRecoveryCodeUsedSubject',
          variables: { email: owner.email, remaining: String(event.remaining), time },
        }),
    language,
    to: owner.email,
  })
}
