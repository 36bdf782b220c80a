import type { PayloadRequest } from 'payload'

import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import { generateCookie, parseCookies } from 'payload'

import type { SanitizedBackofficeOptions } from '../options/types.js'

import { secureCookies } from '../request/http.js'

/**
 * A browser that has signed in to an account before, and so keeps a lockout budget of its own (OWASP,
 * "Slow Down Online Guessing Attacks with Device Cookies",
 * https://owasp.org/www-community/Slow_Down_Online_Guessing_Attacks_with_Device_Cookies): guesses
 * from browsers the account has never signed in from share the account's budget and lock only them;
 * a stranger guessing at an administrator's address cannot lock the owner out of their own browser.
 *
 * The cookie is the scheme's `LOGIN,NONCE,SIGNATURE`: a random nonce and an HMAC over the account's
 * id and the nonce with the app's secret, so nothing is stored until the browser fails, and a cookie
 * of one account, or one made up, counts as an unknown browser. `key` names the browser's budget in
 * the throttle table (a keyed hash: the table holds neither the nonce nor the account).
 */
export type KnownBrowser = { key: string; nonce: string }

/**
 * Long enough that a person back from a long holiday is still known, short enough that a browser
 * given away is forgotten within the year; the OWASP scheme leaves the lifetime to the application.
 */
const KNOWN_BROWSER_DAYS = 180

const hmac = (secret: string, text: string) =>
  createHmac('sha256', secret).update(text).digest('base64url')

/** One cookie per account, so a browser shared by several staff members knows each of them. */
const cookieName = (req: Pick<PayloadRequest, 'payload'>, userId: number | string) =>
  `${req.payload.config.cookiePrefix}-known-browser-${hmac(req.payload.secret, `known-browser-name:${userId}`).slice(0, 16)}`

const signature = (req: Pick<PayloadRequest, 'payload'>, userId: number | string, nonce: string) =>
  hmac(req.payload.secret, `known-browser:${userId}:${nonce}`)

const budgetOf = (req: Pick<PayloadRequest, 'payload'>, userId: number | string, nonce: string) =>
  `known-browser:${hmac(req.payload.secret, `known-browser-budget:${userId}:${nonce}`)}`

/** The browser of this request, when it has signed in to this account before; null otherwise. */
export const knownBrowserOf = (
  req: Pick<PayloadRequest, 'headers' | 'payload'>,
  userId: number | string,
): KnownBrowser | null => {
  const value = parseCookies(req.headers).get(cookieName(req, userId))
  const [nonce, given, ...rest] = value?.split('.') ?? []
  if (!nonce || !given || rest.length > 0 || !/^[\w-]{22}$/.test(nonce)) {
    return null
  }
  const expected = Buffer.from(signature(req, userId, nonce))
  const received = Buffer.from(given)
  if (expected.length !== received.length || !timingSafeEqual(expected, received)) {
    return null
  }
  return { key: budgetOf(req, userId, nonce), nonce }
}

/**
 * The browser of this request as it is known to the account once this sign-in succeeds: its own
 * cookie's, else a nonce made for it, the same one for every caller during the request (the password
 * check and the end of the sign-in each set the cookie, and both must name one browser).
 */
export const knownBrowserAfterSignIn = (
  req: Pick<PayloadRequest, 'context' | 'headers' | 'payload'>,
  userId: number | string,
): KnownBrowser => {
  const known = knownBrowserOf(req, userId)
  if (known) {
    return known
  }
  const slot = `knownBrowserNonce:${userId}`
  const nonce = (req.context[slot] as string | undefined) ?? randomBytes(16).toString('base64url')
  req.context[slot] = nonce
  return { key: budgetOf(req, userId, nonce), nonce }
}

/**
 * The `Set-Cookie` that makes this browser known to the account, or keeps it known for another
 * `KNOWN_BROWSER_DAYS`: set whenever the right password is given, and at the end of every sign-in.
 * httpOnly, Secure but on localhost, and sent only to the users collection's API, where sign-in
 * reads it. SameSite=Lax, not Strict: a single sign-on callback is a top-level navigation from
 * the provider's site, to which browsers send no Strict cookie (RFC 6265bis, "SameSite Cookies");
 * the cookie grants nothing, it only tells a browser apart, so a cross-site GET carrying it is harmless.
 */
export const knownBrowserCookie = (
  req: PayloadRequest,
  options: SanitizedBackofficeOptions,
  userId: number | string,
  known: KnownBrowser | null,
): string => {
  const { nonce } = known ?? knownBrowserAfterSignIn(req, userId)
  return generateCookie<false>({
    name: cookieName(req, userId),
    httpOnly: true,
    maxAge: KNOWN_BROWSER_DAYS * 24 * 60 * 60,
    path: `${req.payload.config.routes.api}/${options.usersCollection}`,
    returnCookieAsObject: false,
    sameSite: 'Lax',
    secure: secureCookies(req),
    value: `${nonce}.${signature(req, userId, nonce)}`,
  })
}
