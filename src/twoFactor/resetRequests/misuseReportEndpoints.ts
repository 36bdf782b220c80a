import type { Endpoint, PayloadRequest } from 'payload'

import type { StaffAccount } from '../../accounts/staffAccount.js'
import type { SanitizedBackofficeOptions } from '../../options/types.js'
import type { BackofficeLanguage } from '../../translations/types.js'

import { readAccount } from '../../accounts/staffAccount.js'
import { recordAuditEvent } from '../../audit/recordAuditEvent.js'
import { inTransaction } from '../../db/inTransaction.js'
import { recipientLanguage } from '../../email/recipientLanguage.js'
import { backofficeEndpoint } from '../../endpoint/backofficeEndpoint.js'
import { BackofficeError } from '../../errors/BackofficeError.js'
import { hashToken, isWellFormedToken } from '../../lib/tokens.js'
import { jsonResponse } from '../../request/http.js'
import { linkPage, linkPageText, wantsHtml } from '../../request/linkPage.js'
import { suspendAccount } from '../../suspension/suspendAccount.js'
import { findByMisuseTokenHash, markMisuseReported, type StoredResetRequest } from './store.js'
import { checkResetRequestChange } from './transitions.js'

const path = '/mfa/totp/report-misuse'

const page = (req: PayloadRequest, language: BackofficeLanguage, status: number, body: string) =>
  linkPage(req, { body, language, status, titleKey: 'misuseReportHeading' })

/** The page for a link that is made up, spent or past its request: in the app's default language (no account is known). */
const invalidLinkPage = (req: PayloadRequest, options: SanitizedBackofficeOptions) => {
  const language = options.emails.defaultLanguage
  return page(req, language, 400, `<p>${linkPageText(req, language, 'misuseReportInvalid')}</p>`)
}

type Found = {
  account: StaffAccount
  request: StoredResetRequest
}

/** The request and account a link's token opens, while misuse can still be reported on it; else null. */
const openReport = async (
  req: PayloadRequest,
  options: SanitizedBackofficeOptions,
  token: unknown,
): Promise<Found | null> => {
  if (!isWellFormedToken(token)) {
    return null
  }
  const request = await findByMisuseTokenHash(req.payload, hashToken(token))
  if (!request) {
    return null
  }
  const refused = checkResetRequestChange({
    changes: { status: 'reportedMisuse' },
    current: request.status,
    expiresAt: request.expiresAt,
    now: new Date(),
  })
  if (refused) {
    return null
  }
  const account = await readAccount(req, options, request.requester)
  return account ? { account, request } : null
}

/**
 * `GET /api/{users}/mfa/totp/report-misuse?token=…`: the "this wasn't me" link from the confirmation
 * email. It only shows a confirmation button: mail scanners open links, and opening one must not
 * suspend anybody.
 */
export const misuseReportPageEndpoint = (options: SanitizedBackofficeOptions): Endpoint =>
  backofficeEndpoint({
    handler: async (req) => {
      const token = req.searchParams.get('token')
      const found = await openReport(req, options, token)
      if (!found) {
        return invalidLinkPage(req, options)
      }
      const language = recipientLanguage(found.account, options)
      const explanation = linkPageText(req, language, 'misuseReportExplanation', {
        email: String(found.account.email ?? ''),
      })
      return page(
        req,
        language,
        200,
        `<h1 style="font-size:22px">${linkPageText(req, language, 'misuseReportHeading')}</h1><p>${explanation}</p>` +
          `<form method="post" action="?token=${encodeURIComponent(token!)}"><button type="submit" style="padding:10px 18px">` +
          `${linkPageText(req, language, 'misuseReportConfirm')}</button></form>`,
      )
    },
    method: 'get',
    path,
  })

/**
 * `POST /api/{users}/mfa/totp/report-misuse?token=…`: marks the request reportedMisuse, spends the
 * link, suspends the account (its sessions end, administrators are alerted) and records it. Answers
 * the confirmation page to a browser's form, `{ reported: true }` to anything else.
 */
export const misuseReportEndpoint = (options: SanitizedBackofficeOptions): Endpoint =>
  backofficeEndpoint({
    handler: async (req) => {
      const found = await openReport(req, options, req.searchParams.get('token'))
      const html = wantsHtml(req)
      const refuse = () => {
        if (!html) {
          throw new BackofficeError('TOKEN_INVALID_OR_EXPIRED', { req })
        }
        return invalidLinkPage(req, options)
      }
      if (!found) {
        return refuse()
      }
      const { account, request } = found
      // The report, the suspension and their audit entries commit together: the link is spent only
      // when the account is suspended.
      const reported = await inTransaction(req, async () => {
        if (!(await markMisuseReported(req, { from: request.status, id: request.id }))) {
          return false
        }
        await recordAuditEvent(req, {
          actor: null,
          data: { requestId: request.id, statusBefore: request.status },
          event: 'twoFactor.misuseReported',
          user: { id: account.id },
        })
        await suspendAccount(req, options, { reason: 'misuseReport', userId: account.id })
        return true
      })
      if (!reported) {
        return refuse()
      }
      if (!html) {
        return jsonResponse(req, { reported: true })
      }
      const language = recipientLanguage(account, options)
      return page(req, language, 200, `<p>${linkPageText(req, language, 'misuseReportDone')}</p>`)
    },
    method: 'post',
    path,
  })
