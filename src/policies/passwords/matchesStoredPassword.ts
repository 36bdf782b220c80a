import { pbkdf2, randomBytes, timingSafeEqual } from 'node:crypto'

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

/**
 * The check of Payload's sign-in itself (`authenticateLocalStrategy`, payload/dist/auth/strategies/
 * local/authenticate.js), for the login endpoint, which checks the password of the account it has
 * already read instead of having Payload read it again: the same comparison, but anything that is
 * not a match (no stored password, a hash that is not hex) is simply a wrong password, as there.
 * `legacy`: the stored hash is in the old format, which Payload's login upgrades once the password is
 * known (see `currentFormatHash`).
 */
export const checkPasswordAtSignIn = async (
  account: { hash?: unknown; salt?: unknown },
  password: string,
): Promise<false | { legacy: boolean }> => {
  const { hash, salt } = account
  if (typeof hash !== 'string' || typeof salt !== 'string') {
    return false
  }
  const current = hash.startsWith(currentFormat.prefix)
  const { iterations, keyLength } = current ? currentFormat : legacyFormat
  const stored = Buffer.from(current ? hash.slice(currentFormat.prefix.length) : hash, 'hex')
  try {
    const derived = await derive(password, salt, iterations, keyLength)
    return derived.length === stored.length && timingSafeEqual(derived, stored)
      ? { legacy: !current }
      : false
  } catch {
    return false
  }
}

/** A new salt and hash in the current format, as Payload's `generatePasswordSaltHash` makes them. */
export const currentFormatHash = async (
  password: string,
): Promise<{ hash: string; salt: string }> => {
  const salt = randomBytes(32).toString('hex')
  const key = await derive(password, salt, currentFormat.iterations, currentFormat.keyLength)
  return { hash: `${currentFormat.prefix}${key.toString('hex')}`, salt }
}
