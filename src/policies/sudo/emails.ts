import type { PayloadRequest } from 'payload'

import type { SanitizedBackofficeOptions } from '../../shared/options/types.js'

import { recipientLanguage } from '../../shared/email/recipientLanguage.js'
import { sendSecurityEmail } from '../../shared/email/sendSecurityEmail.js'

type Account = { id: number | string; preferredLanguage?: unknown }

/**
 * One address to tell of an email change: the run's first address with the undo link (`undoToken`),
 * any other replaced address without one (see emailChangeRun.ts).
 */
export type EmailChangedNotice = {
  account: Account
  newEmail: string
  previousEmail: string
  /** The address the undo link restores. */
  restoreEmail: string
  to: string
  undoToken: null | string
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
 * Tells a replaced address that the account's email changed, and to what: the old address is the
 * owner's last channel once the mail goes elsewhere (OWASP ASVS 5.0 6.3.7, notify users of changes
 * to their authentication details). Only the run's first address gets a link that undoes it.
 */
export const sendEmailChangedEmail = async (
  req: PayloadRequest,
  options: SanitizedBackofficeOptions,
  { account, newEmail, previousEmail, restoreEmail, to, undoToken }: EmailChangedNotice,
) => {
  await sendSecurityEmail(req, {
    action: undoToken
      ? { label: 'emailActionUndoEmailChange', url: undoEmailChangeURL(req, options, undoToken) }
      : undefined,
    body: undoToken ? 'emailEmailChangedBody' : 'emailEmailChangedWithoutUndoBody',
    language: recipientLanguage(account, options),
    subject: 'emailEmailChangedSubject',
    to,
    variables: { newEmail, previousEmail, restoreEmail },
  })
}

/** Tells each address an undo concerned that the account's address is `restoredEmail` again. */
export const sendEmailChangeUndoneEmail = async (
  req: PayloadRequest,
  options: SanitizedBackofficeOptions,
  { account, restoredEmail, to }: { account: Account; restoredEmail: string; to: string },
) => {
  await sendSecurityEmail(req, {
    body: 'emailEmailChangeUndoneBody',
    language: recipientLanguage(account, options),
    subject: 'emailEmailChangeUndoneSubject',
    to,
    variables: { restoredEmail },
  })
}
