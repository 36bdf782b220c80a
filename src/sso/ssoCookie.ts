import type { PayloadRequest } from 'payload'

import { generateCookie, parseCookies } from 'payload'

import { isWellFormedToken } from '../lib/tokens.js'
import { secureCookies } from '../request/http.js'

/** Where the provider sends the browser back; the transaction cookie is sent there only. */
export const callbackBasePath = (req: Pick<PayloadRequest, 'payload'>) =>
  `${req.payload.config.routes.api}/admin/oauth/callback`

const cookieName = (req: Pick<PayloadRequest, 'payload'>) =>
  `${req.payload.config.cookiePrefix}-sso-transaction`

/**
 * The cookie that binds a transaction to the browser that started it: only the random key, httpOnly,
 * and `SameSite=Lax`, the strictest setting a browser still sends on the top-level navigation back
 * from the provider (a `Strict` cookie would not come back; RFC 6265bis §8.8.2). `value: null`
 * clears it.
 */
export const ssoTransactionCookie = (
  req: PayloadRequest,
  value: null | { key: string; maxAgeSeconds: number },
): string => {
  const cookie = generateCookie<false>({
    name: cookieName(req),
    httpOnly: true,
    path: callbackBasePath(req),
    returnCookieAsObject: false,
    sameSite: 'Lax',
    secure: secureCookies(req),
    ...(value
      ? { maxAge: value.maxAgeSeconds, value: value.key }
      : { expires: new Date(0), value: '' }),
  })
  return value ? cookie : `${cookie}; Max-Age=0`
}

/** The transaction key in the request's cookie, when it has the shape of one of ours. */
export const readSsoTransactionCookie = (req: PayloadRequest): null | string => {
  const value = parseCookies(req.headers).get(cookieName(req))
  return isWellFormedToken(value) ? value : null
}
