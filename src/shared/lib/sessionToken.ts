import { jwtVerify } from 'jose'

/** What the plugin needs from a Payload token: whose it is and which session it belongs to. */
export type SessionClaims = {
  collection: string
  /** Expiry, in seconds since the epoch. */
  exp: number
  id: number | string
  sid: string
}

/**
 * The session claims of a Payload token, or null unless its HS256 signature is valid for `secret`
 * and it has not expired at `nowSeconds`. Payload signs its tokens with `jose` (HS256, the key being
 * the UTF-8 bytes of `payload.secret`) and verifies them with `jose`'s `jwtVerify`; this does the
 * same, and accepts no other algorithm.
 */
export const readSessionToken = async (
  token: string,
  secret: string,
  nowSeconds: number,
): Promise<null | SessionClaims> => {
  // Payload's tokens are a few hundred bytes; a huge one is not worth verifying.
  if (token.length > 8192) {
    return null
  }
  const claims = await jwtVerify(token, new TextEncoder().encode(secret), {
    algorithms: ['HS256'],
    currentDate: new Date(nowSeconds * 1000),
  }).then(
    (verified) => verified.payload,
    () => null,
  )
  if (!claims) {
    return null
  }
  const { collection, exp, id, sid } = claims
  if (
    typeof collection !== 'string' ||
    typeof exp !== 'number' ||
    (typeof id !== 'number' && typeof id !== 'string') ||
    typeof sid !== 'string' ||
    sid.length === 0
  ) {
    return null
  }
  return { collection, exp, id, sid }
}

/** The session id of a token Payload has just issued, read through the same verification. */
export const sessionIdOf = async (
  token: string | undefined,
  secret: string,
): Promise<string | undefined> =>
  token ? (await readSessionToken(token, secret, Math.floor(Date.now() / 1000)))?.sid : undefined
