import { createHmac, timingSafeEqual } from 'node:crypto'

/**
 * A value signed with HMAC-SHA256: `base64url(JSON claims).base64url(MAC)`. It follows Payload's own
 * client-upload receipt (`uploads/clientUploadReceipt.js`): the key is the app's secret prefixed with a
 * purpose, so a signature made for one purpose (an upload target) never verifies for another (a
 * playback token), and MACs are compared in constant time. The claims are readable, not secret: they
 * say what the holder may do, and the MAC says the server said so.
 */
export const signClaims = (secret: string, purpose: string, claims: object): string => {
  const body = Buffer.from(JSON.stringify(claims), 'utf8').toString('base64url')
  return `${body}.${mac(secret, purpose, body)}`
}

/** The claims of a well-formed value whose MAC is right for this purpose, else null. */
export const verifyClaims = (
  secret: string,
  purpose: string,
  value: unknown,
): null | Record<string, unknown> => {
  if (typeof value !== 'string' || value.length > 2048) {
    return null
  }
  const [body, signature, ...rest] = value.split('.')
  if (!body || !signature || rest.length > 0) {
    return null
  }
  const expected = Buffer.from(mac(secret, purpose, body), 'base64url')
  const given = Buffer.from(signature, 'base64url')
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return null
  }
  try {
    const claims: unknown = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'))
    return typeof claims === 'object' && claims !== null && !Array.isArray(claims)
      ? (claims as Record<string, unknown>)
      : null
  } catch {
    return null
  }
}

const mac = (secret: string, purpose: string, body: string): string =>
  createHmac('sha256', `${purpose}:${secret}`).update(body, 'utf8').digest('base64url')
