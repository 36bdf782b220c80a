import type { PayloadRequest } from 'payload'

import type { SanitizedBackofficeOptions } from '../../../shared/options/types.js'

import { recipientLanguage } from '../../../shared/email/recipientLanguage.js'
import { adminURL, sendSecurityEmail } from '../../../shared/email/sendSecurityEmail.js'
import { formatUtcTime } from '../../../shared/lib/formatUtcTime.js'
import { sendSignInAddedNotice } from '../../sudo/signInAddedNotice.js'

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
  if (event.kind === 'generated') {
    // New codes are a way in: told with a "this wasn't me" link, and to a run's first address too.
    await sendSignInAddedNotice(req, options, {
      account: {
        email: owner.email,
        id: owner.id as number | string,
        preferredLanguage: owner.preferredLanguage as never,
      },
      addedAt: new Date(),
      // "The earlier ones no longer work" only when there were earlier ones.
      body: event.replacedEarlier
        ? 'emailRecoveryCodesGeneratedBody'
        : 'emailRecoveryCodesFirstBody',
      subject: event.replacedEarlier
        ? 'emailRecoveryCodesGeneratedSubject'
        : 'emailRecoveryCodesFirstSubject',
      variables: { count: String(event.count), time },
    })
    return
  }
  await sendSecurityEmail(req, {
    action: {
      label: 'emailActionResetPassword',
      url: adminURL(req, req.payload.config.admin.routes.forgot),
    },
    body: 'emailRecoveryCodeUsedBody',
    subject: 'emailRecoveryCodeUsedSubject',
    variables: { email: owner.email, remaining: String(event.remaining), time },
    language,
    to: owner.email,
  })
}
