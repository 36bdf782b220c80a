import { createHash, randomBytes } from 'node:crypto'

/**
 * Single-use tokens sent by email or kept in a cookie (password reset, invitation, trusted device,
 * misuse report): 256 bits from the CSPRNG, well above ASVS 5.0 6.4.1's 128, and only their SHA-256
 * stored (as in Lucia and the Copenhagen Book): a database leak yields no usable link.
 */
export const createToken = (): { hash: string; token: string } => {
  const token = randomBytes(32).toString('base64url')
  return { hash: hashToken(token), token }
}

/** SHA-256 of a token, hex. Tokens are random, so no salt or slow hash is needed. */
export const hashToken = (token: string): string =>
  createHash('sha256').update(token, 'utf8').digest('hex')

/** A token as it arrives from a link: base64url of 32 bytes is 43 characters; anything else is not ours. */
export const isWellFormedToken = (value: unknown): value is string =>
  typeof value === 'string' && /^[\w-]{43}$/.test(value)
