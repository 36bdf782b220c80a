import type { PayloadRequest } from 'payload'

import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import { generateCookie, parseCookies } from 'payload'

import type { SanitizedBackofficeOptions } from '../../shared/options/types.js'

import { secureCookies } from '../../shared/request/http.js'

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
 * Where the browser sends the cookie: the app's whole REST API (`/api`), the narrowest path that
 * covers every sign-in that reads it, the users collection's routes (password, second factor,
 * passkey) and the single sign-on callback under `/api/admin/oauth/…`. A browser sends a cookie only
 * to request paths its `Path` path-matches (RFC 6265bis, "Paths and Path-Match"): at the users
 * collection's path, the callback never saw it and took every single sign-on for a new browser's.
 * Not `/`, which would send it with every admin page and asset too.
 */
const cookiePath = (req: Pick<PayloadRequest, 'payload'>) => req.payload.config.routes.api || '/'

/**
 * The path the cookie had before it moved to `cookiePath`: the users collection's API only. A
 * browser that still holds a cookie there is sent the new one and this one expired, so it does not
 * keep two. A browser cannot say at which path its cookie was set, so every one that brings this
 * account's cookie is sent the expiry (one header, harmless where there is nothing to expire); one
 * that brings none is sent the new cookie alone, and the expiry at its next sign-in. The old cookies
 * are gone at the latest `KNOWN_BROWSER_DAYS` after the release that moved the path.
 */
const formerCookiePath = (
  req: Pick<PayloadRequest, 'payload'>,
  options: Pick<SanitizedBackofficeOptions, 'usersCollection'>,
) => `${req.payload.config.routes.api}/${options.usersCollection}`

/**
 * The `Set-Cookie`s that make this browser known to the account, or keep it known for another
 * `KNOWN_BROWSER_DAYS`: set whenever the right password is given, and at the end of every sign-in,
 * with the expiry of the cookie at its former path when the browser brought one (see
 * `formerCookiePath`). httpOnly, and Secure but on localhost. SameSite=Lax, not Strict: a single
 * sign-on callback is a top-level navigation from the provider's site, to which browsers send no
 * Strict cookie (RFC 6265bis, "SameSite Cookies"); the cookie grants nothing, it only tells a
 * browser apart, so a cross-site GET carrying it is harmless.
 */
export const knownBrowserCookies = (
  req: PayloadRequest,
  options: SanitizedBackofficeOptions,
  userId: number | string,
  known: KnownBrowser | null,
): string[] => {
  const { nonce } = known ?? knownBrowserAfterSignIn(req, userId)
  const name = cookieName(req, userId)
  const attributes = { httpOnly: true, sameSite: 'Lax', secure: secureCookies(req) } as const
  const cookie = generateCookie<false>({
    ...attributes,
    name,
    maxAge: KNOWN_BROWSER_DAYS * 24 * 60 * 60,
    path: cookiePath(req),
    returnCookieAsObject: false,
    value: `${nonce}.${signature(req, userId, nonce)}`,
  })
  if (!parseCookies(req.headers).has(name)) {
    return [cookie]
  }
  const formerCookieExpired = generateCookie<false>({
    ...attributes,
    name,
    expires: new Date(0),
    path: formerCookiePath(req, options),
    returnCookieAsObject: false,
    value: '',
  })
  return [cookie, formerCookieExpired]
}
