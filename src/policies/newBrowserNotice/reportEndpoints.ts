import type { Endpoint } from 'payload'

import type { SanitizedBackofficeOptions } from '../../shared/options/types.js'

import { readAccount } from '../../shared/accounts/staffAccount.js'
import { recordAuditEvent } from '../../shared/audit/recordAuditEvent.js'
import { hashToken } from '../../shared/lib/tokens.js'
import { ownerReportEndpoints } from '../suspension/ownerReportEndpoints.js'
import { findReportableBrowser, spendReportLink } from './signInBrowsers.js'

/** Where the link of a new-browser notice points, under the users collection's API. */
export const newBrowserReportPath = '/new-browser/report'

/**
 * `GET` and `POST /api/{users}/new-browser/report?token=…`: the "this wasn't me" link of a
 * new-browser notice, handled exactly as a 2FA reset request's misuse report (see
 * suspension/ownerReportEndpoints.ts): a confirmation page, then every session ends and the account
 * is suspended; the link works once, within its 7 days.
 */
export const newBrowserReportEndpoints = (options: SanitizedBackofficeOptions): Endpoint[] =>
  ownerReportEndpoints(options, {
    open: async (req, token) => {
      const browser = await findReportableBrowser(req.payload, hashToken(token))
      const account = browser === null ? null : await readAccount(req, options, browser.account)
      return account && browser ? { account, since: browser.noticedAt } : null
    },
    path: newBrowserReportPath,
    spend: async (req, { account }) => {
      const token = req.searchParams.get('token') ?? ''
      if ((await spendReportLink(req, hashToken(token))) !== String(account.id)) {
        return false
      }
      await recordAuditEvent(req, {
        actor: null,
        event: 'login.newBrowserReported',
        user: { email: account.email ?? null, id: account.id },
      })
      return true
    },
    trigger: 'newBrowserReported',
    texts: {
      confirm: 'newBrowserReportConfirm',
      done: 'newBrowserReportDone',
      explanation: 'newBrowserReportExplanation',
      heading: 'newBrowserReportHeading',
      invalid: 'newBrowserReportInvalid',
    },
  })
