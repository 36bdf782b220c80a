import type { PayloadRequest } from 'payload'

import type { StaffAccount } from '../../shared/accounts/staffAccount.js'
import type { SanitizedBackofficeOptions } from '../../shared/options/types.js'

import {
  isLocalAccount,
  providerLabel,
  signInMethodOf,
} from '../../shared/accounts/signInMethod.js'
import { recipientLanguage } from '../../shared/email/recipientLanguage.js'
import { adminURL, sendSecurityEmail } from '../../shared/email/sendSecurityEmail.js'

type Account = Partial<StaffAccount>

/** The admin route of the accept-invitation view; the token follows as a query parameter. */
export const acceptInvitationPath = '/accept-invitation'

/** How the email names a person: their name when the collection has one and it is set, else their email. */
const personName = (person: Account | null | undefined): string => {
  const name = person?.name
  if (typeof name === 'string' && name.trim()) {
    return name.trim()
  }
  return typeof person?.email === 'string' ? person.email : ''
}

/**
 * The invitation: who invites, to which address, a link with the token (absolute, from the server
 * URL) and how long it works. In the invitee's language. Returns whether the mail server took it.
 */
export const sendInvitationEmail = async (
  req: PayloadRequest,
  options: SanitizedBackofficeOptions,
  { account, inviter, token }: { account: Account; inviter: Account | null; token: string },
): Promise<boolean> => {
  if (typeof account.email !== 'string') {
    return false
  }
  if (!isLocalAccount(account)) {
    // No password to choose: the invitation is accepted by the first sign-in at the provider.
    const { sent } = await sendSecurityEmail(req, {
      action: {
        label: 'emailActionSignIn',
        url: adminURL(req, req.payload.config.admin.routes.login),
      },
      body: 'emailInvitationSsoBody',
      language: recipientLanguage(account, options),
      subject: 'emailInvitationSubject',
      to: account.email,
      variables: {
        days: String(options.invitations.expiryDays),
        email: account.email,
        inviter: personName(inviter),
        provider: providerLabel(options, signInMethodOf(account)),
      },
    })
    return sent
  }
  const { sent } = await sendSecurityEmail(req, {
    action: {
      label: 'emailActionAcceptInvitation',
      url: adminURL(req, `${acceptInvitationPath}?token=${encodeURIComponent(token)}`),
    },
    body: 'emailInvitationBody',
    language: recipientLanguage(account, options),
    subject: 'emailInvitationSubject',
    to: account.email,
    variables: {
      days: String(options.invitations.expiryDays),
      email: account.email,
      inviter: personName(inviter),
    },
  })
  return sent
}

/**
 * To someone whose account an administrator created with a password: that it exists and where to
 * sign in. The password itself is never sent (the administrator hands it over another way, or the
 * person chooses one with "forgot password").
 */
export const sendAccountCreatedEmail = async (
  req: PayloadRequest,
  options: SanitizedBackofficeOptions,
  { account, creator }: { account: Account; creator: Account | null },
): Promise<void> => {
  if (typeof account.email !== 'string') {
    return
  }
  await sendSecurityEmail(req, {
    action: {
      label: 'emailActionSignIn',
      url: adminURL(req, req.payload.config.admin.routes.login),
    },
    body: 'emailAccountCreatedBody',
    language: recipientLanguage(account, options),
    subject: 'emailAccountCreatedSubject',
    to: account.email,
    variables: { creator: personName(creator), email: account.email },
  })
}
