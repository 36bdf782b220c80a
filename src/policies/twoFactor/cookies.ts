import type { PayloadRequest } from 'payload'

import { generateCookie, parseCookies } from 'payload'

import type { SanitizedBackofficeOptions } from '../../shared/options/types.js'

import { isWellFormedToken } from '../../shared/lib/tokens.js'
import { secureCookies } from '../../shared/request/http.js'
import { twoFactorCookieNames } from './constants.js'

type CookieKind = keyof ReturnType<typeof twoFactorCookieNames>

/**
 * A two-factor cookie: httpOnly (scripts never see the token), SameSite=Strict (no cross-site
 * request carries it), Secure everywhere but localhost, and sent only to the users collection's API,
 * the one place that reads it.
 */
export const twoFactorCookie = (
  req: PayloadRequest,
  options: SanitizedBackofficeOptions,
  kind: CookieKind,
  value: null | { maxAgeSeconds: number; token: string },
): string => {
  const cookie = generateCookie<false>({
    name: twoFactorCookieNames(req.payload.config.cookiePrefix)[kind],
    httpOnly: true,
    path: `${req.payload.config.routes.api}/${options.usersCollection}`,
    returnCookieAsObject: false,
    sameSite: 'Strict',
    secure: secureCookies(req),
    ...(value
      ? { maxAge: value.maxAgeSeconds, value: value.token }
      : { expires: new Date(0), value: '' }),
  })
  // Clearing: the past Expires removes the cookie, and so does Max-Age=0, which takes precedence
  // over Expires (RFC 6265 §5.3). `generateCookie` writes no Max-Age of zero, so it is added here.
  return value ? cookie : `${cookie}; Max-Age=0`
}

/** The value of a two-factor cookie on the request, when it has the shape of one of our tokens. */
export const readTwoFactorCookie = (
  req: Pick<PayloadRequest, 'headers' | 'payload'>,
  kind: CookieKind,
): null | string => {
  const value = parseCookies(req.headers).get(
    twoFactorCookieNames(req.payload.config.cookiePrefix)[kind],
  )
  // Anything but one of our tokens (lib/tokens.ts) was not set by us.
  return isWellFormedToken(value) ? value : null
}
