import type { PayloadRequest } from 'payload'

import { createLocalReq } from 'payload'

import type { SanitizedBackofficeOptions } from '../../shared/options/types.js'

import { recordAuditEvent } from '../../shared/audit/recordAuditEvent.js'
import { recipientLanguage } from '../../shared/email/recipientLanguage.js'
import { sendSecurityEmail } from '../../shared/email/sendSecurityEmail.js'
import { backofficeText } from '../../shared/i18n/text.js'
import { describeUserAgent } from '../../shared/lib/describeUserAgent.js'
import { formatUtcTime } from '../../shared/lib/formatUtcTime.js'
import { createToken } from '../../shared/lib/tokens.js'
import { getPluginOptions } from '../../shared/options/getPluginOptions.js'
import { getClientInfo } from '../../shared/request/clientInfo.js'
import { knownBrowserAfterSignIn, knownBrowserCookies } from '../lockout/knownBrowsers.js'
import { newBrowserNoticeLimits } from './constants.js'
import { newBrowserReportPath } from './reportEndpoints.js'
import { recordSignInBrowser } from './signInBrowsers.js'
import { signInMethodText } from './signInMethodText.js'

type SignedIn = { email?: unknown; id: number | string }

/** Sends the notice and records that it went, after the sign-in has answered. */
const sendNotice = async (
  req: PayloadRequest,
  options: SanitizedBackofficeOptions,
  user: SignedIn & { email: string },
  audit: Record<string, unknown>,
  token: string,
): Promise<void> => {
  const language = recipientLanguage(user, options)
  const { config } = req.payload
  const client = getClientInfo(req, options)
  const ipAddress = client.clientIp ?? client.ipAddress
  const { browser, os } = describeUserAgent(client.userAgent)
  const unknown = backofficeText(config, language, 'newBrowserUnknown')
  const { sent } = await sendSecurityEmail(req, {
    action: {
      label: 'emailActionReportMisuse',
      url: `${config.serverURL}${config.routes.api}/${options.usersCollection}${newBrowserReportPath}?token=${encodeURIComponent(token)}`,
    },
    body: 'emailNewBrowserBody',
    language,
    subject: 'emailNewBrowserSubject',
    to: user.email,
    variables: {
      browser: browser ?? unknown,
      days: String(newBrowserNoticeLimits.reportLinkDays),
      email: user.email,
      ipAddress: ipAddress ?? unknown,
      method: signInMethodText(config, options, language, audit),
      os: os ?? unknown,
      time: formatUtcTime(language, new Date()),
    },
  })
  await recordAuditEvent(req, {
    actor: null,
    data: { browser, factor: audit.factor ?? null, os, sent },
    event: 'login.newBrowserNoticed',
    user: { email: user.email, id: user.id },
  })
}

/**
 * Tells an account's owner that it was just signed in to from a browser it has never completed a
 * sign-in from (its device cookie, see lockout/knownBrowsers.ts, absent or not this account's), as
 * GitHub, Google and Microsoft do: when, from where, how, and a "this wasn't me" link that ends
 * every session and suspends the account (ASVS 5.0 6.3.5: notify users of sign-ins from an unusual client).
 * Called at the end of every sign-in that succeeded (password, new password, second factor, passkey,
 * single sign-on), with the account signed in (Payload's login result's `user`) and the data of its
 * `login.succeeded` event. Answers the device cookies to set,
 * which make this browser known from now on.
 *
 * An account's first sign-in ever (a new account, an accepted invitation, and each account once after
 * the plugin gains this notice) is recorded but not told: there is no earlier browser to compare with,
 * and the owner has just acted on an email of their own. Only the recording waits for the database;
 * the email goes in the background, so a slow or failing mail server neither delays nor fails the
 * sign-in, and a failure is logged.
 */
export const noticeNewBrowser = async (
  req: PayloadRequest,
  signedIn: unknown,
  audit: Record<string, unknown>,
  /** What the email and its audit entry wait for: the sign-in's own entry, logged first. */
  after: Promise<unknown> = Promise.resolve(),
): Promise<string[]> => {
  const options = getPluginOptions(req.payload)
  const user = signedIn as SignedIn
  const browser = knownBrowserAfterSignIn(req, user.id)
  const cookies = knownBrowserCookies(req, options, user.id, browser)
  if (!options.emails.newBrowserNotice || typeof user.email !== 'string') {
    return cookies
  }
  const email = user.email
  try {
    const { hash, token } = createToken()
    const seen = await recordSignInBrowser(req.payload, {
      account: String(user.id),
      key: browser.key,
      reportTokenHash: hash,
    })
    if (seen === 'new') {
      // A request of its own: the sign-in's may be closed, or its transaction ended, by then.
      const background = await createLocalReq({ req: { headers: req.headers } }, req.payload)
      void after
        .then(() => sendNotice(background, options, { ...user, email }, audit, token))
        .catch((error) =>
          req.payload.logger.error({
            err: error,
            msg: 'payload-backoffice: new-browser notice failed',
          }),
        )
    }
  } catch (error) {
    req.payload.logger.error({ err: error, msg: 'payload-backoffice: new-browser notice failed' })
  }
  return cookies
}
