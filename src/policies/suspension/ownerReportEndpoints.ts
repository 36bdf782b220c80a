import type { Endpoint, PayloadRequest } from 'payload'

import type { StaffAccount } from '../../shared/accounts/staffAccount.js'
import type { SanitizedBackofficeOptions } from '../../shared/options/types.js'
import type {
  BackofficeLanguage,
  BackofficeTranslationKey,
} from '../../shared/translations/types.js'

import { inTransaction } from '../../shared/db/inTransaction.js'
import { recipientLanguage } from '../../shared/email/recipientLanguage.js'
import { backofficeEndpoint } from '../../shared/endpoint/backofficeEndpoint.js'
import { BackofficeError } from '../../shared/errors/BackofficeError.js'
import { isWellFormedToken } from '../../shared/lib/tokens.js'
import { jsonResponse } from '../../shared/request/http.js'
import { linkPage, linkPageForm, linkPageText, wantsHtml } from '../../shared/request/linkPage.js'
import { evictIntruder, type EvictionTrigger } from './evictIntruder.js'

/**
 * What a link opens: the account, since when what it reports may have been going on (what was added
 * to the account's sign-in from then on is held for review), and the address the link was sent to
 * when that may not be the account's now.
 */
export type ReportedAccount = { account: StaffAccount; sentTo?: null | string; since: Date }

/** What an emailed "this wasn't me" link opens. */
export type OwnerReport<Found extends ReportedAccount> = {
  /** The page's texts: heading (also its title), explanation (`{{email}}`), button, done, invalid link. */
  texts: Record<
    'confirm' | 'done' | 'explanation' | 'heading' | 'invalid',
    BackofficeTranslationKey
  >
  /** What a well-formed token opens while it can still be used, with its account; else null. */
  open: (req: PayloadRequest, token: string) => Promise<Found | null>
  path: string
  /**
   * Spends the link and records the report, in the transaction that suspends the account: false
   * when it was spent meanwhile (a parallel click), and then nothing is suspended twice.
   */
  spend: (req: PayloadRequest, found: Found) => Promise<boolean>
  /** What the report is, for the eviction's audit entry. */
  trigger: EvictionTrigger
}

/**
 * The two endpoints of a "this wasn't me" link in an email to an account's owner. `GET` shows a page
 * with only a confirmation button: mail scanners open links, and opening one must not suspend
 * anybody. `POST` spends the link and evicts whoever else holds the account (evictIntruder.ts:
 * every session, the password and any reset link end; the account is suspended, held for an
 * administrator's review when something was added to its sign-in; administrators are alerted) and answers the confirmation page to a browser's form, `{ reported: true }` to anything
 * else. A link made up, spent or expired changes nothing and answers a page saying so (400), in the
 * app's default language since no account is known; a non-browser gets TOKEN_INVALID_OR_EXPIRED.
 */
export const ownerReportEndpoints = <Found extends ReportedAccount>(
  options: SanitizedBackofficeOptions,
  report: OwnerReport<Found>,
): Endpoint[] => {
  /** Every page under the same heading, so a spent link still says what it was for. */
  const page = (req: PayloadRequest, language: BackofficeLanguage, status: number, body: string) =>
    linkPage(req, {
      body,
      language,
      status,
      titleKey: report.texts.heading,
    })
  const invalidLinkPage = (req: PayloadRequest) => {
    const language = options.emails.defaultLanguage
    return page(req, language, 400, `<p>${linkPageText(req, language, report.texts.invalid)}</p>`)
  }
  const open = (req: PayloadRequest, token: unknown) =>
    isWellFormedToken(token) ? report.open(req, token) : Promise.resolve(null)
  return [
    backofficeEndpoint({
      handler: async (req) => {
        const token = req.searchParams.get('token')
        const found = await open(req, token)
        if (!found) {
          return invalidLinkPage(req)
        }
        const language = recipientLanguage(found.account, options)
        const text = (key: BackofficeTranslationKey) =>
          linkPageText(req, language, key, { email: String(found.account.email ?? '') })
        return page(
          req,
          language,
          200,
          `<p>${text(report.texts.explanation)}</p>` +
            linkPageForm(token!, text(report.texts.confirm)),
        )
      },
      method: 'get',
      path: report.path,
    }),
    backofficeEndpoint({
      handler: async (req) => {
        const found = await open(req, req.searchParams.get('token'))
        const html = wantsHtml(req)
        const refuse = () => {
          if (!html) {
            throw new BackofficeError('TOKEN_INVALID_OR_EXPIRED', { req })
          }
          return invalidLinkPage(req)
        }
        if (!found) {
          return refuse()
        }
        const { account } = found
        // The report, the suspension and their audit entries commit together: the link is spent only
        // when the account is suspended.
        const reported = await inTransaction(req, async () => {
          if (!(await report.spend(req, found))) {
            return false
          }
          await evictIntruder(req, options, {
            alsoTell: found.sentTo,
            since: found.since,
            trigger: report.trigger,
            userId: account.id,
          })
          return true
        })
        if (!reported) {
          return refuse()
        }
        if (!html) {
          return jsonResponse(req, { reported: true })
        }
        const language = recipientLanguage(account, options)
        return page(req, language, 200, `<p>${linkPageText(req, language, report.texts.done)}</p>`)
      },
      method: 'post',
      path: report.path,
    }),
  ]
}
