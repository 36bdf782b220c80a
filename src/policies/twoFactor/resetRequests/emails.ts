import type { PayloadRequest } from 'payload'

import type { StaffAccount } from '../../../shared/accounts/staffAccount.js'
import type { SanitizedBackofficeOptions } from '../../../shared/options/types.js'

import { readAccount } from '../../../shared/accounts/staffAccount.js'
import { alertAdministrators } from '../../../shared/email/administrators.js'
import { recipientLanguage } from '../../../shared/email/recipientLanguage.js'
import { adminURL, sendSecurityEmail } from '../../../shared/email/sendSecurityEmail.js'
import { backofficeText } from '../../../shared/i18n/text.js'
import { resetRequestsSlug } from './constants.js'

type EmailableAccount = { email: string } & StaffAccount

/** The requester as stored now, when they have an address to write to. */
const emailableAccount = async (
  req: PayloadRequest,
  options: SanitizedBackofficeOptions,
  userId: number | string,
): Promise<EmailableAccount | null> => {
  const account = await readAccount(req, options, userId)
  return account && typeof account.email === 'string' ? (account as EmailableAccount) : null
}

/** Tells the requester how their reset request was answered, with the reviewer's comment. */
export const sendResetAnsweredEmail = async (
  req: PayloadRequest,
  options: SanitizedBackofficeOptions,
  {
    comment,
    decision,
    userId,
  }: { comment: null | string; decision: 'approved' | 'denied'; userId: number | string },
): Promise<void> => {
  const account = await emailableAccount(req, options, userId)
  if (!account) {
    return
  }
  const language = recipientLanguage(account, options)
  const approved = decision === 'approved'
  await sendSecurityEmail(req, {
    action: {
      label: 'emailActionSignIn',
      url: adminURL(req, req.payload.config.admin.routes.login),
    },
    body: approved ? 'emailTwoFactorResetApprovedBody' : 'emailTwoFactorResetDeniedBody',
    language,
    subject: approved ? 'emailTwoFactorResetApprovedSubject' : 'emailTwoFactorResetDeniedSubject',
    to: account.email,
    variables: {
      comment: comment ?? backofficeText(req.payload.config, language, 'emailNoComment'),
      email: account.email,
    },
  })
}

/**
 * A new request's emails. The requester gets a confirmation with the "this wasn't me" link: the
 * account's owner learns of it even when the request came from someone who only knows the password.
 * Every administrator gets an alert with the reason and a link to the request's page: the review the
 * requester is promised needs someone to know.
 */
export const sendResetRequestedEmails = async (
  req: PayloadRequest,
  options: SanitizedBackofficeOptions,
  {
    misuseToken,
    reason,
    requestId,
    userId,
  }: { misuseToken: string; reason: string; requestId: number | string; userId: number | string },
): Promise<void> => {
  const account = await emailableAccount(req, options, userId)
  if (!account) {
    return
  }
  await sendSecurityEmail(req, {
    action: { label: 'emailActionReportMisuse', url: misuseReportURL(req, options, misuseToken) },
    body: 'emailTwoFactorResetRequestedBody',
    language: recipientLanguage(account, options),
    subject: 'emailTwoFactorResetRequestedSubject',
    to: account.email,
    variables: { email: account.email },
  })
  const email = account.email
  await alertAdministrators(req, options, {
    action: {
      label: 'emailActionReviewRequest',
      url: adminURL(req, `/collections/${resetRequestsSlug}/${requestId}`),
    },
    body: 'emailResetRequestAlertBody',
    subject: 'emailResetRequestAlertSubject',
    variables: () => ({ email, reason }),
  })
}

/** The absolute link to the misuse-report page of the users API. */
const misuseReportURL = (
  req: PayloadRequest,
  options: SanitizedBackofficeOptions,
  token: string,
): string => {
  const { routes, serverURL } = req.payload.config
  return `${serverURL}${routes.api}/${options.usersCollection}/mfa/totp/report-misuse?token=${encodeURIComponent(token)}`
}
