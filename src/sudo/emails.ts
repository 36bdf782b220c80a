import type { PayloadRequest } from 'payload'

import type { SanitizedBackofficeOptions } from '../options/types.js'

import { recipientLanguage } from '../email/recipientLanguage.js'
import { sendSecurityEmail } from '../email/sendSecurityEmail.js'

export type EmailChangedNotice = {
  account: { id: number | string; preferredLanguage?: unknown }
  newEmail: string
  previousEmail: string
  undoToken: string
}

/** The absolute link to the undo page of the users API (read outside the app, so with the server URL). */
const undoEmailChangeURL = (
  req: PayloadRequest,
  options: SanitizedBackofficeOptions,
  token: string,
): string => {
  const { routes, serverURL } = req.payload.config
  return `${serverURL}${routes.api}/${options.usersCollection}/undo-email-change?token=${encodeURIComponent(token)}`
}

/**
 * Tells the old address that the account's email changed, and to what, with a link that undoes it:
 * the old address is the owner's last channel once the mail goes elsewhere (OWASP ASVS 5.0 6.3.7,
 * notify users of changes to their authentication details).
 */
export const sendEmailChangedEmail = async (
  req: PayloadRequest,
  options: SanitizedBackofficeOptions,
  { account, newEmail, previousEmail, undoToken }: EmailChangedNotice,
) => {
  await sendSecurityEmail(req, {
    action: {
      label: 'emailActionUndoEmailChange',
      url: undoEmailChangeURL(req, options, undoToken),
    },
    body: 'emailEmailChangedBody',
    language: recipientLanguage(account, options),
    subject: 'emailEmailChangedSubject',
    to: previousEmail,
    variables: { newEmail, previousEmail },
  })
}
