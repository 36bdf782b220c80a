import { createHmac, timingSafeEqual } from 'node:crypto'

/** What the plugin needs from a Payload token: whose it is and which session it belongs to. */
export type SessionClaims = {
  collection: string
  /** Expiry, in seconds since the epoch. */
  exp: number
  id: number | string
  sid: string
}

const decodeSegment = (segment: string): unknown => {
  try {
    return JSON.parse(Buffer.from(segment, 'base64url').toString('utf8'))
  } catch {
    return null
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/**
 * The session claims of a Payload token, or null unless its HS256 signature is valid for `secret`
 * and it has not expired. Payload signs with `jose` and the HMAC key is the UTF-8 bytes of
 * `payload.secret`; checking here with node:crypto keeps the plugin free of a JWT dependency. The
 * signature is compared in constant time, so the check leaks nothing about the expected MAC.
 */
export const readSessionToken = (
  token: string,
  secret: string,
  nowSeconds: number,
): null | SessionClaims => {
  const parts = token.split('.')
  if (parts.length !== 3 || token.length > 8192) {
    return null
  }
  const [header, body, signature] = parts as [string, string, string]
  const protectedHeader = decodeSegment(header)
  if (!isRecord(protectedHeader) || protectedHeader.alg !== 'HS256') {
    return null
  }
  const expected = createHmac('sha256', secret).update(`${header}.${body}`).digest()
  const given = Buffer.from(signature, 'base64url')
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return null
  }
  const claims = decodeSegment(body)
  if (!isRecord(claims)) {
    return null
  }
  const { collection, exp, id, sid } = claims
  if (
    typeof collection !== 'string' ||
    typeof exp !== 'number' ||
    exp <= nowSeconds ||
    (typeof id !== 'number' && typeof id !== 'string') ||
    typeof sid !== 'string' ||
    sid.length === 0
  ) {
    return null
  }
  return { collection, exp, id, sid }
}

/** Where a request may carry Payload's token, in the order Payload looks (`auth.jwtOrder`). */
export type TokenSource = 'Bearer' | 'cookie' | 'JWT'

export type TokenLookup = {
  cookieName: string
  /** Origins allowed to send the cookie (Payload's `csrf`); empty means any. */
  csrf: readonly string[]
  order: readonly TokenSource[]
}

const cookieValue = (cookieHeader: null | string, name: string): null | string => {
  for (const pair of (cookieHeader ?? '').split(';')) {
    const separator = pair.indexOf('=')
    if (separator > 0 && pair.slice(0, separator).trim() === name) {
      const value = pair.slice(separator + 1).trim()
      return value || null
    }
  }
  return null
}

/**
 * The token a request carries, looked for where Payload looks. A cookie counts only when Payload
 * itself would accept it (allowed Origin, or a same-site fetch without one): a cross-site request
 * that merely carries the cookie is not a use of the session.
 */
export const findRequestToken = (
  headers: Headers,
  { cookieName, csrf, order }: TokenLookup,
): null | string => {
  for (const source of order) {
    if (source === 'JWT' || source === 'Bearer') {
      const authorization = headers.get('authorization')
      const prefix = `${source} `
      if (authorization?.startsWith(prefix)) {
        return authorization.slice(prefix.length)
      }
      continue
    }
    const token = cookieValue(headers.get('cookie'), cookieName)
    if (!token) {
      continue
    }
    const origin = headers.get('origin')
    if (
      csrf.length === 0 ||
      (origin
        ? csrf.includes(origin)
        : ['none', 'same-origin', 'same-site'].includes(headers.get('sec-fetch-site') ?? ''))
    ) {
      return token
    }
  }
  return null
}
