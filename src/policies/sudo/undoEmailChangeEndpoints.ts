import type { Endpoint, PayloadRequest } from 'payload'

import type { SanitizedBackofficeOptions } from '../../shared/options/types.js'
import type { BackofficeLanguage } from '../../shared/translations/types.js'

import { readAccount, type StaffAccount } from '../../shared/accounts/staffAccount.js'
import { recordAuditEvent } from '../../shared/audit/recordAuditEvent.js'
import { inTransaction } from '../../shared/db/inTransaction.js'
import { alertAdministrators } from '../../shared/email/administrators.js'
import { recipientLanguage } from '../../shared/email/recipientLanguage.js'
import { adminURL } from '../../shared/email/sendSecurityEmail.js'
import { backofficeEndpoint } from '../../shared/endpoint/backofficeEndpoint.js'
import { BackofficeError } from '../../shared/errors/BackofficeError.js'
import { jsonResponse } from '../../shared/request/http.js'
import { linkPage, linkPageForm, linkPageText, wantsHtml } from '../../shared/request/linkPage.js'
import { evictIntruder } from '../suspension/evictIntruder.js'
import { undoingEmailChangeKey } from './emailChangeEffects.js'
import { isPendingUndo, runOrigin, runStart } from './emailChangeRun.js'
import {
  type EmailChange,
  findUndoableChange,
  readRecentEmailChanges,
  spendUndoLink,
  userIdOf,
  voidUndoLinks,
} from './emailChangeStore.js'
import { sendEmailChangeUndoneEmail } from './emails.js'

const path = '/undo-email-change'

const page = (req: PayloadRequest, language: BackofficeLanguage, status: number, body: string) =>
  linkPage(req, { body, language, status, titleKey: 'undoEmailChangeHeading' })

const invalidLinkPage = (req: PayloadRequest, options: SanitizedBackofficeOptions) => {
  const language = options.emails.defaultLanguage
  return page(req, language, 400, `<p>${linkPageText(req, language, 'undoEmailChangeInvalid')}</p>`)
}

/**
 * `GET /api/{users}/undo-email-change?token=…`: the link in the email to the old address. It only
 * shows a confirmation button: mail scanners open links, and opening one must not change anything.
 */
export const undoEmailChangePageEndpoint = (options: SanitizedBackofficeOptions): Endpoint =>
  backofficeEndpoint({
    handler: async (req) => {
      const token = req.searchParams.get('token')
      const change = await findUndoableChange(req, token)
      const account = change ? await readAccount(req, options, userIdOf(change)) : null
      if (!change || !account) {
        return invalidLinkPage(req, options)
      }
      const language = recipientLanguage(account, options)
      // The address the undo replaces is the account's current one, whatever changed since.
      const variables = { newEmail: String(account.email), previousEmail: change.previousEmail }
      return page(
        req,
        language,
        200,
        `<p>${linkPageText(req, language, 'undoEmailChangeExplanation', variables)}</p>` +
          linkPageForm(token!, linkPageText(req, language, 'undoEmailChangeConfirm')),
      )
    },
    method: 'get',
    path,
  })

/** Alerts every administrator that an owner's undo could not put their address back. */
const alertUndoFailed = async (
  req: PayloadRequest,
  options: SanitizedBackofficeOptions,
  token: null | string,
) => {
  const change = await findUndoableChange(req, token)
  const account = change ? await readAccount(req, options, userIdOf(change)) : null
  if (!change || !account) {
    return
  }
  await alertAdministrators(req, options, {
    action: {
      label: 'emailActionReviewAccount',
      url: adminURL(req, `/collections/${options.usersCollection}/${account.id}`),
    },
    body: 'emailUndoFailedAlertBody',
    subject: 'emailUndoFailedAlertSubject',
    variables: () => ({ email: String(account.email), restoreEmail: change.previousEmail }),
  })
}

/** The run's addresses other than the one restored: each is told of the undo. */
const addressesToTell = (
  change: EmailChange,
  recent: EmailChange[],
  currentEmail: string,
): string[] =>
  [
    ...new Set([
      change.previousEmail,
      currentEmail,
      ...recent
        .filter((other) => other.id === change.id || isPendingUndo(other))
        .map((other) => other.newEmail),
    ]),
  ].filter((address) => address !== '')

/**
 * `POST /api/{users}/undo-email-change?token=…`: spends the link, puts the run's first address back
 * whatever changed since, voids the run's other links, and ends every session of the account
 * (whoever changed the address may hold one), all in one transaction: the link is spent only when the
 * address is restored. A link that does not restore the run's first address (one sent before this
 * rule, to an address a recent change had set) restores nothing. Every address of the run is told.
 * Answers a page to a browser's form, `{ undone: true }` to anything else; a spent, voided, expired
 * or made-up link is refused.
 */
export const undoEmailChangeEndpoint = (options: SanitizedBackofficeOptions): Endpoint =>
  backofficeEndpoint({
    handler: async (req) => {
      const html = wantsHtml(req)
      const refuse = () => {
        if (!html) {
          throw new BackofficeError('TOKEN_INVALID_OR_EXPIRED', { req })
        }
        return invalidLinkPage(req, options)
      }
      const token = req.searchParams.get('token')
      let undone: { account: StaffAccount; restoredEmail: string; told: string[] } | null = null
      try {
        undone = await inTransaction(req, async () => {
          const change = await spendUndoLink(req, token)
          const found = change ? await readAccount(req, options, userIdOf(change)) : null
          if (!change || !found || typeof found.email !== 'string') {
            return null
          }
          const recent = await readRecentEmailChanges(req, found.id)
          if (runOrigin(recent) !== change.previousEmail) {
            return null
          }
          const told = addressesToTell(change, recent, found.email)
          const since = runStart(recent) ?? new Date(change.createdAt)
          // The link's own write, not a signed-in user's: no proof is asked and no new undo link made.
          req.context[undoingEmailChangeKey] = true
          try {
            await req.payload.update({
              id: found.id,
              collection: options.usersCollection,
              data: { email: change.previousEmail },
              depth: 0,
              overrideAccess: true,
              req,
            })
          } finally {
            delete req.context[undoingEmailChangeKey]
          }
          await voidUndoLinks(req, found.id)
          await recordAuditEvent(req, {
            actor: null,
            data: { newEmail: found.email, restoredEmail: change.previousEmail },
            event: 'account.emailChangeUndone',
            user: found,
          })
          // Whoever changed the address held the password: it stops working, every session ends, and
          // what they added to the account's sign-in during the run is held for an administrator (a
          // mailbox never removes a second factor).
          await evictIntruder(req, options, {
            since,
            trigger: 'emailChangeUndone',
            userId: found.id,
          })
          return { account: found, restoredEmail: change.previousEmail, told }
        })
      } catch (error) {
        if (error instanceof BackofficeError && error.code !== 'EMAIL_RESERVED') {
          throw error
        }
        // The address could not be put back (another account holds it, although a run's first
        // address is reserved while its undo is open): nothing changed, the link still works, and
        // the administrators are told, since the address the account has now may be a thief's.
        req.payload.logger.warn({ err: error, msg: 'payload-backoffice: email change not undone' })
        await alertUndoFailed(req, options, token)
        if (!html) {
          throw new BackofficeError('EMAIL_RESERVED', { req })
        }
        const language = options.emails.defaultLanguage
        return page(
          req,
          language,
          409,
          `<p>${linkPageText(req, language, 'undoEmailChangeFailed')}</p>`,
        )
      }
      if (!undone) {
        return refuse()
      }
      const { account, restoredEmail, told } = undone
      for (const to of told) {
        await sendEmailChangeUndoneEmail(req, options, { account, restoredEmail, to })
      }
      if (!html) {
        return jsonResponse(req, { undone: true })
      }
      const language = recipientLanguage(account, options)
      return page(
        req,
        language,
        200,
        `<p>${linkPageText(req, language, 'undoEmailChangeDone')}</p>`,
      )
    },
    method: 'post',
    path,
  })
