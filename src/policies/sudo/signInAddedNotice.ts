import type { PayloadRequest } from 'payload'

import type { StaffAccount } from '../../shared/accounts/staffAccount.js'
import type { SanitizedBackofficeOptions } from '../../shared/options/types.js'
import type { BackofficeTranslationKey } from '../../shared/translations/types.js'

import { recipientLanguage } from '../../shared/email/recipientLanguage.js'
import { sendSecurityEmail } from '../../shared/email/sendSecurityEmail.js'
import { requestUser } from '../../shared/request/requestUser.js'
import { earlier, sessionStartedAt } from '../sessions/sessionStartedAt.js'
import {
  createSignInChangeReport,
  signInChangeReportPath,
} from '../suspension/signInChangeReports.js'
import { isPendingUndo, runOrigin } from './emailChangeRun.js'
import { readRecentEmailChanges } from './emailChangeStore.js'

/**
 * Tells the owner that a way in was added to their account (a passkey, an authenticator app,
 * recovery codes, an identity at a provider), with a "this wasn't me" link that suspends the account
 * and holds what was added for an administrator's review. Also to the first address of a run of email
 * changes still open: a thief who moved the account to their own address must not be the only one
 * told (OWASP ASVS 5.0 6.3.7). Each address gets its own link. No email points a possibly locked-out
 * owner at the account page.
 */
export const sendSignInAddedNotice = async (
  req: PayloadRequest,
  options: SanitizedBackofficeOptions,
  {
    account,
    addedAt,
    body,
    subject,
    variables,
  }: {
    account: Pick<StaffAccount, 'email' | 'id' | 'preferredLanguage'>
    addedAt: Date
    body: BackofficeTranslationKey
    subject: BackofficeTranslationKey
    variables: Record<string, string>
  },
): Promise<void> => {
  const recent = await readRecentEmailChanges(req, account.id)
  const origin = recent.some(isPendingUndo) ? runOrigin(recent) : null
  const recipients = [
    ...new Set([account.email, origin].filter((to): to is string => typeof to === 'string')),
  ]
  const { routes, serverURL } = req.payload.config
  // What was reported reaches back to the sign-in of the session that added it: whoever held it may
  // have added more before.
  const viewer = requestUser(req, options.usersCollection)
  const since = earlier(
    addedAt,
    viewer && String(viewer.id) === String(account.id)
      ? await sessionStartedAt(req, options, viewer._sid)
      : null,
  )
  for (const to of recipients) {
    const token = await createSignInChangeReport(req, {
      sentTo: to,
      since,
      userId: account.id,
    })
    await sendSecurityEmail(req, {
      action: {
        label: 'emailActionNotMe',
        url: `${serverURL}${routes.api}/${options.usersCollection}${signInChangeReportPath}?token=${encodeURIComponent(token)}`,
      },
      body,
      footer: 'emailSignInAddedNotMe',
      language: recipientLanguage(account, options),
      subject,
      to,
      variables: { ...variables, email: String(account.email ?? '') },
    })
  }
}
