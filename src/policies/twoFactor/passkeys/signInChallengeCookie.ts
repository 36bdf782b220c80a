import type { PayloadRequest } from 'payload'

import { generateCookie, parseCookies } from 'payload'

import type { SanitizedBackofficeOptions } from '../../../shared/options/types.js'

import { secureCookies } from '../../../shared/request/http.js'

const cookieName = (req: Pick<PayloadRequest, 'payload'>) =>
  `${req.payload.config.cookiePrefix}-passkey-sign-in`

/**
 * The cookie that carries a password-less sign-in's sealed challenge from the options to the
 * sign-in (signInChallenge.ts): httpOnly, `SameSite=Strict` (both requests come from the app's own
 * login page), and sent only to the users collection's passkey sign-in endpoints. One per browser:
 * the options asked for last are the ones that sign in. `value: null` clears it.
 */
export const passkeySignInCookie = (
  req: PayloadRequest,
  options: SanitizedBackofficeOptions,
  value: null | { maxAgeSeconds: number; sealed: string },
): string => {
  const cookie = generateCookie<false>({
    name: cookieName(req),
    httpOnly: true,
    path: `${req.payload.config.routes.api}/${options.usersCollection}/passkey`,
    returnCookieAsObject: false,
    sameSite: 'Strict',
    secure: secureCookies(req),
    ...(value
      ? { maxAge: value.maxAgeSeconds, value: value.sealed }
      : { expires: new Date(0), value: '' }),
  })
  // `generateCookie` writes no Max-Age of zero; it takes precedence over Expires (RFC 6265 §5.3).
  return value ? cookie : `${cookie}; Max-Age=0`
}

/** The sealed challenge in the request's cookie, if any; signInChallenge.ts tells whether it is ours. */
export const readPasskeySignInCookie = (req: PayloadRequest): null | string =>
  parseCookies(req.headers).get(cookieName(req)) || null
