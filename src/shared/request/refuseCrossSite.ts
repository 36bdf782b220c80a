import type { PayloadRequest } from 'payload'

import { BackofficeError } from '../errors/BackofficeError.js'

/** The origins the app names as its own: the server URL's, and any it lists in `csrf`. */
const ownOrigins = (req: PayloadRequest): Set<string> => {
  const { csrf, serverURL } = req.payload.config
  const origins = new Set<string>()
  for (const url of [serverURL, ...(csrf ?? [])]) {
    try {
      if (url) {
        origins.add(new URL(url).origin)
      }
    } catch {
      // Not a URL: nothing to compare with.
    }
  }
  return origins
}

const hostOf = (origin: string): null | string => {
  try {
    return new URL(origin).host
  } catch {
    return null
  }
}

/**
 * Refuses a request another site's page made: sign-in, first user, reset and invitation acceptance
 * set a session cookie, and a form another site submits would sign the victim's browser into the
 * attacker's account ("login CSRF", OWASP Cross-Site Request Forgery Prevention Cheat Sheet, "Login
 * CSRF"; OWASP ASVS 5.0 3.5.x). Browsers say where a request comes from with `Sec-Fetch-Site` and,
 * on every cross-origin POST, `Origin`; either naming another site is refused, unless the app lists
 * that origin in Payload's `csrf`. A request with neither (a script or a server, not a victim's
 * browser) passes.
 */
export const refuseCrossSite = (req: PayloadRequest): void => {
  const site = req.headers.get('sec-fetch-site')
  if (site === 'cross-site') {
    throw new BackofficeError('CROSS_SITE_REQUEST', { req })
  }
  const origin = req.headers.get('origin')
  if (origin !== null && ownOrigins(req).has(origin)) {
    return
  }
  // Another origin of the same site (a sibling subdomain) only when the app lists it in `csrf`.
  if (site === 'same-site') {
    throw new BackofficeError('CROSS_SITE_REQUEST', { req })
  }
  // Without a configured server URL the origin is compared with the host the browser addressed,
  // which a page on another site cannot choose (behind a proxy, the host it forwards).
  const host = req.headers.get('x-forwarded-host') ?? req.headers.get('host')
  if (origin !== null && (origin === 'null' || hostOf(origin) !== host)) {
    throw new BackofficeError('CROSS_SITE_REQUEST', { req })
  }
}
