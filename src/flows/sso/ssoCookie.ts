import type { PayloadRequest } from 'payload'

import { generateCookie, parseCookies } from 'payload'

import { secureCookies } from '../../shared/request/http.js'

/** Where the provider sends the browser back; the transaction cookie is sent there only. */
export const callbackBasePath = (req: Pick<PayloadRequest, 'payload'>) =>
  `${req.payload.config.routes.api}/admin/oauth/callback`

const cookieName = (req: Pick<PayloadRequest, 'payload'>) =>
  `${req.payload.config.cookiePrefix}-sso-transaction`

/**
 * The cookie that binds a transaction to the browser that started it: the sealed transaction
 * (transactions.ts), httpOnly, sent to the callback path only, and `SameSite=Lax`, the strictest
 * setting a browser still sends on the top-level navigation back from the provider (a `Strict`
 * cookie would not come back; RFC 6265bis §8.8.2). One cookie per browser, so the sign-in it started
 * last is the one it can finish: a tab that started earlier is refused and starts again, as with
 * Auth.js's single state cookie. `value: null` clears it.
 */
export const ssoTransactionCookie = (
  req: PayloadRequest,
  value: null | { maxAgeSeconds: number; sealed: string },
): string => {
  const cookie = generateCookie<false>({
    name: cookieName(req),
    httpOnly: true,
    path: callbackBasePath(req),
    returnCookieAsObject: false,
    sameSite: 'Lax',
    secure: secureCookies(req),
    ...(value
      ? { maxAge: value.maxAgeSeconds, value: value.sealed }
      : { expires: new Date(0), value: '' }),
  })
  return value ? cookie : `${cookie}; Max-Age=0`
}

/** The sealed transaction in the request's cookie, if any; transactions.ts tells whether it is ours. */
export const readSsoTransactionCookie = (req: PayloadRequest): null | string =>
  parseCookies(req.headers).get(cookieName(req)) || null
