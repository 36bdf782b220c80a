import type { PayloadRequest } from 'payload'

import type { SanitizedBackofficeOptions } from '../options/types.js'

import { twoFactorCookieNames } from './constants.js'

type CookieKind = keyof ReturnType<typeof twoFactorCookieNames>

const isLocalhost = (hostname: string) => ['127.0.0.1', '[::1]', 'localhost'].includes(hostname)

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
  const name = twoFactorCookieNames(req.payload.config.cookiePrefix)[kind]
  const path = `${req.payload.config.routes.api}/${options.usersCollection}`
  const url = req.url ? new URL(req.url) : null
  const attributes = [`Path=${path}`, 'HttpOnly', 'SameSite=Strict']
  if (url && !isLocalhost(url.hostname)) {
    attributes.push('Secure')
  }
  if (!value) {
    return [`${name}=`, 'Expires=Thu, 01 Jan 1970 00:00:00 GMT', 'Max-Age=0', ...attributes].join(
      '; ',
    )
  }
  return [`${name}=${value.token}`, `Max-Age=${value.maxAgeSeconds}`, ...attributes].join('; ')
}

/** The value of a two-factor cookie on the request, when it has the shape of one of our tokens. */
export const readTwoFactorCookie = (
  req: Pick<PayloadRequest, 'headers' | 'payload'>,
  kind: CookieKind,
): null | string => {
  const name = twoFactorCookieNames(req.payload.config.cookiePrefix)[kind]
  for (const pair of (req.headers.get('cookie') ?? '').split(';')) {
    const separator = pair.indexOf('=')
    if (separator > 0 && pair.slice(0, separator).trim() === name) {
      const value = pair.slice(separator + 1).trim()
      // base64url of 32 bytes (lib/tokens.ts); anything else was not set by us.
      return /^[\w-]{43}$/.test(value) ? value : null
    }
  }
  return null
}
