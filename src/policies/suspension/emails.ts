import type { PayloadRequest } from 'payload'

import type { StaffAccount } from '../../shared/accounts/staffAccount.js'
import type { SanitizedBackofficeOptions } from '../../shared/options/types.js'
import type { BackofficeLanguage } from '../../shared/translations/types.js'
import type { SuspensionReason } from './fields.js'

import { alertAdministrators } from '../../shared/email/administrators.js'
import { recipientLanguage } from '../../shared/email/recipientLanguage.js'
import { adminURL, sendSecurityEmail } from '../../shared/email/sendSecurityEmail.js'
import { backofficeText } from '../../shared/i18n/text.js'

type Account = Pick<StaffAccount, 'email' | 'id' | 'preferredLanguage'>

const reasonKeys = {
  administrator: 'suspensionReasonAdministrator',
  excessiveFailures: 'suspensionReasonExcessiveFailures',
  misuseReport: 'suspensionReasonMisuseReport',
  recoveryReview: 'suspensionReasonRecoveryReview',
  secondFactorFailures: 'suspensionReasonSecondFactorFailures',
  securityIncident: 'suspensionReasonSecurityIncident',
} as const

/**
 * A suspension's emails: the account's owner learns what happened and how to lift it (a password
 * reset, except after wrong second-factor codes, which only an administrator lifts; the reset link
 * is there all the same, since someone knows the password); after an automatic suspension, every
 * administrator gets an alert with a link to review the account.
 */
export const sendSuspensionEmails = async (
  req: PayloadRequest,
  options: SanitizedBackofficeOptions,
  account: Account,
  {
    alsoTell,
    automatic,
    reason,
  }: { alsoTell?: null | string; automatic: boolean; reason: SuspensionReason },
) => {
  if (typeof account.email !== 'string') {
    return
  }
  const reasonText = (language: BackofficeLanguage) =>
    backofficeText(req.payload.config, language, reasonKeys[reason])
  const language = recipientLanguage(account, options)
  await sendSecurityEmail(req, {
    action: {
      label: 'emailActionResetPassword',
      url: adminURL(req, req.payload.config.admin.routes.forgot),
    },
    body:
      reason === 'recoveryReview'
        ? 'emailSuspendedForReviewBody'
        : reason === 'secondFactorFailures'
          ? 'emailSuspendedUntilUnblockedBody'
          : 'emailSuspendedBody',
    language,
    subject: 'emailSuspendedSubject',
    to: alsoTell && alsoTell !== account.email ? [account.email, alsoTell] : account.email,
    variables: { email: account.email, reason: reasonText(language) },
  })
  if (automatic) {
    const email = account.email
    await alertAdministrators(req, options, {
      action: {
        label: 'emailActionReviewAccount',
        url: adminURL(req, `/collections/${options.usersCollection}/${account.id}`),
      },
      body: 'emailSuspensionAlertBody',
      subject: 'emailSuspensionAlertSubject',
      variables: (adminLanguage) => ({ email, reason: reasonText(adminLanguage) }),
    })
  }
}

/** Tells the owner their account can sign in again, by an administrator's decision or their own reset. */
export const sendUnsuspensionEmail = async (
  req: PayloadRequest,
  options: SanitizedBackofficeOptions,
  account: Account,
  { byReset }: { byReset: boolean },
) => {
  if (typeof account.email !== 'string') {
    return
  }
  await sendSecurityEmail(req, {
    action: {
      label: 'emailActionSignIn',
      url: adminURL(req, req.payload.config.admin.routes.login),
    },
    body: byReset ? 'emailUnsuspendedByResetBody' : 'emailUnsuspendedBody',
    language: recipientLanguage(account, options),
    subject: 'emailUnsuspendedSubject',
    to: account.email,
    variables: { email: account.email },
  })
}
