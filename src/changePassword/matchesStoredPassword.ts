import { pbkdf2, timingSafeEqual } from 'node:crypto'

/**
 * Payload's two stored formats (payload/dist/auth/strategies/local/generatePasswordSaltHash.js, which
 * Payload does not export): the current one, PBKDF2-SHA256 with 600,000 iterations and 32 bytes
 * (OWASP's 2023 figure), marked by a prefix; and the one of earlier Payload versions, plain hex of
 * 25,000 iterations and 512 bytes, which stays valid until the account's owner next sets a password.
 */
const currentFormat = { iterations: 600_000, keyLength: 32, prefix: 'pbkdf2-sha256-v1:' }
const legacyFormat = { iterations: 25_000, keyLength: 512 }

const derive = (password: string, salt: string, iterations: number, keyLength: number) =>
  new Promise<Buffer>((resolve, reject) =>
    pbkdf2(password, salt, iterations, keyLength, 'sha256', (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  )

/**
 * Whether `password` is the one an account's stored `hash` and `salt` were made from, compared in
 * constant time, exactly as Payload's local strategy compares them at sign-in. An account without a
 * stored password (invited, never completed) matches nothing. A hash in a format Payload has not
 * used before throws rather than guessing: an upgrade that changes the format must be noticed.
 */
export const matchesStoredPassword = async (
  account: { hash?: unknown; salt?: unknown },
  password: string,
): Promise<boolean> => {
  const { hash, salt } = account
  if (typeof hash !== 'string' || typeof salt !== 'string' || !hash || !salt) {
    return false
  }
  const current = hash.startsWith(currentFormat.prefix)
  const storedHex = current ? hash.slice(currentFormat.prefix.length) : hash
  if (!/^[0-9a-f]+$/i.test(storedHex)) {
    throw new Error(
      'payload-backoffice: the stored password hash is in a format this version does not know.',
    )
  }
  const { iterations, keyLength } = current ? currentFormat : legacyFormat
  const stored = Buffer.from(storedHex, 'hex')
  const derived = await derive(password, salt, iterations, keyLength)
  return derived.length === stored.length && timingSafeEqual(derived, stored)
}
