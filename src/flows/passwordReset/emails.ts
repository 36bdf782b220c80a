import type { PayloadRequest } from 'payload'

import type { SanitizedBackofficeOptions } from '../../shared/options/types.js'
import type { BackofficeLanguage } from '../../shared/translations/types.js'
import type { ResetAccount } from './accounts.js'

import { providerLabel } from '../../shared/accounts/signInMethod.js'
import { recipientLanguage } from '../../shared/email/recipientLanguage.js'
import { adminURL, sendSecurityEmail } from '../../shared/email/sendSecurityEmail.js'
import { backofficeText } from '../../shared/i18n/text.js'

/** "1 hour" / "3 hours" in the recipient's language. */
const expiryText = (req: PayloadRequest, language: BackofficeLanguage, hours: number): string =>
  hours === 1
    ? backofficeText(req.payload.config, language, 'emailExpiryOneHour')
    : backofficeText(req.payload.config, language, 'emailExpiryHours', { hours })

/**
 * The reset link: the admin's reset view with the token as a query parameter, absolute
 * from the configured server URL. Never from the request's Host header, which a client chooses:
 * that would let anyone send a victim a genuine email whose link leads to their own server.
 */
const resetLink = (req: PayloadRequest, token: string): string =>
  adminURL(req, `${req.payload.config.admin.routes.reset}?token=${encodeURIComponent(token)}`)

/** "Someone asked to reset your password": the link, how long it lasts, what to do if it was not you. */
export const sendForgotPasswordEmail = (
  req: PayloadRequest,
  options: SanitizedBackofficeOptions,
  account: ResetAccount & { email: string },
  token: string,
) => {
  const language = recipientLanguage(account, options)
  return sendSecurityEmail(req, {
    action: { label: 'emailActionResetPassword', url: resetLink(req, token) },
    body: 'emailForgotPasswordBody',
    language,
    subject: 'emailForgotPasswordSubject',
    to: account.email,
    variables: {
      email: account.email,
      expiry: expiryText(req, language, options.passwordReset.expiryHours),
    },
  })
}

/**
 * For an account that signs in through an external provider: no token, only which provider to use,
 * so a forgotten sign-in method is recovered without ever giving such an account a password.
 */
export const sendForgotSignInMethodEmail = (
  req: PayloadRequest,
  options: SanitizedBackofficeOptions,
  account: ResetAccount & { email: string; identityProvider: string },
) =>
  sendSecurityEmail(req, {
    action: {
      label: 'emailActionSignIn',
      url: adminURL(req, req.payload.config.admin.routes.login),
    },
    body: 'emailForgotSignInMethodBody',
    language: recipientLanguage(account, options),
    subject: 'emailForgotSignInMethodSubject',
    to: account.email,
    variables: { email: account.email, provider: providerLabel(options, account.identityProvider) },
  })
