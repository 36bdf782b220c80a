import type { Collection, PayloadRequest } from 'payload'

import { headersWithCors } from 'payload'
import { generatePayloadCookie } from 'payload/shared'

import type { LoginResult } from './replayLogin.js'

import { noticeNewBrowser } from '../policies/newBrowserNotice/noticeNewBrowser.js'
import { recordAuditEvent } from '../shared/audit/recordAuditEvent.js'
import { seeOther } from '../shared/request/http.js'

/**
 * The one end of every sign-in that succeeded, whatever proved the person: the `login.succeeded`
 * audit event, and Payload's session cookie (built as Payload's own login endpoint builds it, from
 * the collection's `auth.cookies`), so no path can give a session without the log saying so, or
 * with a cookie of other attributes. The answer is the one Payload's login sends (`message`,
 * `user`, `exp`, and `token` unless the collection removes tokens from responses, plus `body`);
 * or, for a browser coming back from a single sign-on provider, a redirect to `redirectTo`.
 * `cookies` go along (a cleared challenge, a sign-in transaction), with the browser's device cookies
 * (`noticeNewBrowser`, which emails the owner when the account has not used this browser before).
 */
export const signInSucceeded = async (
  req: PayloadRequest,
  collection: Collection,
  result: LoginResult,
  {
    audit,
    body = {},
    cookies = [],
    noStore = false,
    redirectTo,
  }: {
    /** The event's data: the factor that completed the sign-in, and what else an investigator needs. */
    audit: Record<string, unknown>
    body?: Record<string, unknown>
    /** Every cookie this sign-in sets besides the session's: none is appended afterwards. */
    cookies?: string[]
    /** The answer carries what must not be cached (the recovery codes of a finished enrolment). */
    noStore?: boolean
    redirectTo?: string
  },
): Promise<Response> => {
  const user = result.user as { email?: unknown; id: number | string }
  const party = { email: typeof user.email === 'string' ? user.email : null, id: user.id }
  // The entry and the browser's record are independent statements: sent side by side, on two of
  // the pool's connections. The owner's email about a new browser waits for the entry.
  const audited = recordAuditEvent(req, {
    actor: party,
    data: audit,
    event: 'login.succeeded',
    user: party,
  })
  const [, browserCookies] = await Promise.all([
    audited,
    noticeNewBrowser(req, result.user, audit, audited),
  ])
  const sessionCookie = generatePayloadCookie({
    collectionAuthConfig: collection.config.auth,
    cookiePrefix: req.payload.config.cookiePrefix,
    token: result.token!,
  })
  // A browser this account has not signed in from before: the owner is told (sent after this answer).
  cookies = [...cookies, ...browserCookies]
  if (redirectTo !== undefined) {
    return seeOther(req, redirectTo, [...cookies, sessionCookie])
  }
  const answer: Record<string, unknown> = {
    message: req.t('authentication:passed'),
    ...result,
    ...body,
  }
  if (collection.config.auth.removeTokenFromResponses) {
    delete answer.token
  }
  const headers = new Headers({ 'Set-Cookie': sessionCookie })
  if (noStore) {
    headers.set('Cache-Control', 'no-store')
  }
  cookies.forEach((cookie) => headers.append('Set-Cookie', cookie))
  return Response.json(answer, { headers: headersWithCors({ headers, req }), status: 200 })
}
