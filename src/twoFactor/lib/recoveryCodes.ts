import { randomBytes, randomInt, scrypt, timingSafeEqual } from 'node:crypto'

/**
 * Crockford's base32 (crockford.com/base32.html): digits and letters without I, L, O and U, so a
 * code read off paper cannot be mistyped into another one; on input I and L read as 1 and O as 0.
 */
const alphabet = '0123456789ABCDEFGHJKMNPQRSTVWXYZ'

/**
 * 12 characters of 5 bits: 60 bits a code, above the 50 and far above the 20 bits NIST SP
 * 800-63B asks of a look-up secret; guessing online is also held by the challenge cap and the lockout.
 */
const codeLength = 12

/**
 * The scrypt cost. NIST SP 800-63B-4 §3.1.2.1 asks look-up secrets of fewer than 112 bits to be
 * stored salted and hashed with a password-hashing scheme (§3.1.1.2). N=2^15, r=8, p=1 (32 MiB) is
 * what Go's golang.org/x/crypto/scrypt documents (pkg.go.dev/golang.org/x/crypto/scrypt) as "the
 * recommended parameters for interactive logins as of 2017". Less than OWASP's password figure
 * (N=2^17) on purpose: a code is 60 random bits, not a chosen password, so an offline attacker with
 * the table still faces up to 2^60 scrypt runs per code; and with a salt per code a sign-in hashes
 * the typed code once for every unused code of the account (10 at once take about 0.7 s on a 2-core
 * machine), which the challenge's attempt cap bounds per password given.
 */
const cost = { N: 2 ** 15, p: 1, r: 8 } as const
// 128 · N · r is 32 MiB, exactly Node's default `maxmem`, which scrypt's own bookkeeping exceeds.
const maxmem = 64 * 1024 * 1024
const keyLength = 32
const saltBytes = 16

/**
 * A new recovery code, canonical (12 upper-case Crockford characters, 60 bits): each character
 * drawn on its own from the CSPRNG (`randomInt` is uniform, no modulo bias).
 */
export const generateRecoveryCode = (): string =>
  Array.from({ length: codeLength }, () => alphabet[randomInt(alphabet.length)]).join('')

/** How a code is shown: lower case in groups of four, `xxxx-xxxx-xxxx`. */
export const formatRecoveryCode = (code: string): string =>
  code.toLowerCase().replace(/(.{4})(?=.)/g, '$1-')

/**
 * A code as typed, in canonical form, or null when it cannot be one: any case, spaces and dashes
 * anywhere, I/L for 1 and O for 0 (Crockford's reading rules).
 */
export const normaliseRecoveryCode = (input: string): null | string => {
  const code = input.replace(/[\s-]/g, '').toUpperCase().replace(/[IL]/g, '1').replace(/O/g, '0')
  return code.length === codeLength && [...code].every((character) => alphabet.includes(character))
    ? code
    : null
}

const derive = (code: string, salt: Buffer, parameters: typeof cost) =>
  new Promise<Buffer>((resolve, reject) =>
    scrypt(code, salt, keyLength, { ...parameters, maxmem }, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  )

/**
 * The stored form of a canonical code: `scrypt$N$r$p$salt$hash` (base64url), with a random salt per
 * code and the cost written down, so a later cost still verifies the codes stored before it.
 */
export const hashRecoveryCode = async (code: string): Promise<string> => {
  const salt = randomBytes(saltBytes)
  const key = await derive(code, salt, cost)
  return [
    'scrypt',
    cost.N,
    cost.r,
    cost.p,
    salt.toString('base64url'),
    key.toString('base64url'),
  ].join('$')
}

/** Whether a canonical code is the one `stored` was made from; false for anything unreadable. */
export const matchesRecoveryCode = async (code: string, stored: string): Promise<boolean> => {
  const [scheme, n, r, p, salt, hash] = stored.split('$')
  if (scheme !== 'scrypt' || !salt || !hash) {
    return false
  }
  const expected = Buffer.from(hash, 'base64url')
  const key = await derive(code, Buffer.from(salt, 'base64url'), {
    N: Number(n),
    p: Number(p),
    r: Number(r),
  } as typeof cost)
  return key.length === expected.length && timingSafeEqual(key, expected)
}
