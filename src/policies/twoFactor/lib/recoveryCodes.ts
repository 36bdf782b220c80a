import { createHash, randomBytes, randomInt, scrypt, timingSafeEqual } from 'node:crypto'

/**
 * Crockford's base32 (crockford.com/base32.html): digits and letters without I, L, O and U, so a
 * code read off paper cannot be mistyped into another one; on input I and L read as 1 and O as 0.
 */
const alphabet = '0123456789ABCDEFGHJKMNPQRSTVWXYZ'

/**
 * 24 characters of 5 bits: 120 bits a code. NIST SP 800-63B §5.1.2.2 lets look-up secrets of at
 * least 112 bits be stored with an approved one-way function (below); fewer would need a password
 * hashing scheme. Far above the 20 bits §5.1.2.1 asks of a look-up secret; guessing online is also
 * held by the challenge cap and the lockout.
 */
const codeLength = 24

/**
 * Codes issued by earlier versions were 12 characters (60 bits) stored with scrypt; they are still
 * read and matched (below) until their set is replaced.
 */
const legacyCodeLength = 12

/**
 * The earlier codes' scrypt form (`scrypt$N$r$p$salt$hash`, N=2^15, r=8, p=1), kept only to match
 * them. Hashing ten of them made "Generate" take 8 to 19 s on a busy 2-core machine, and a sign-in
 * hashed the typed code once per unused code.
 */
// 128 · N · r of N=2^15, r=8 is 32 MiB, exactly Node's default `maxmem`, which scrypt's own bookkeeping exceeds.
const maxmem = 64 * 1024 * 1024
const saltBytes = 16

/**
 * A new recovery code, canonical (24 upper-case Crockford characters, 120 bits): each character
 * drawn on its own from the CSPRNG (`randomInt` is uniform, no modulo bias).
 */
export const generateRecoveryCode = (): string =>
  Array.from({ length: codeLength }, () => alphabet[randomInt(alphabet.length)]).join('')

/** How a code is shown: lower case in groups of four, `xxxx-xxxx-xxxx-xxxx-xxxx-xxxx`. */
export const formatRecoveryCode = (code: string): string =>
  code.toLowerCase().replace(/(.{4})(?=.)/g, '$1-')

/**
 * A code as typed, in canonical form, or null when it cannot be one: any case, spaces and dashes
 * anywhere, I/L for 1 and O for 0 (Crockford's reading rules).
 */
export const normaliseRecoveryCode = (input: string): null | string => {
  const code = input.replace(/[\s-]/g, '').toUpperCase().replace(/[IL]/g, '1').replace(/O/g, '0')
  return (code.length === codeLength || code.length === legacyCodeLength) &&
    [...code].every((character) => alphabet.includes(character))
    ? code
    : null
}

const derive = (code: string, salt: Buffer, parameters: { N: number; p: number; r: number }) =>
  new Promise<Buffer>((resolve, reject) =>
    scrypt(code, salt, 32, { ...parameters, maxmem }, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  )

const sha256 = (code: string, salt: Buffer) =>
  createHash('sha256').update(salt).update(code, 'utf8').digest()

/**
 * The stored form of a canonical code: `sha256$salt$hash` (base64url). NIST SP 800-63B §5.1.2.2:
 * look-up secrets of at least 112 bits "SHALL be hashed with an approved one-way function"
 * (SHA-256, FIPS 180-4); these are 120 bits, so an offline attacker with the table faces 2^120
 * hashes per code. The random salt per code (§5.1.2.2 asks at least 32 bits; this is 128) keeps
 * the same code from ever storing the same way twice. Microseconds, where ten scrypt runs took
 * seconds.
 */
export const hashRecoveryCode = (code: string): string => {
  const salt = randomBytes(saltBytes)
  return ['sha256', salt.toString('base64url'), sha256(code, salt).toString('base64url')].join('$')
}

/**
 * Whether a canonical code is the one `stored` was made from; false for anything unreadable. Reads
 * both forms: `sha256$…` and the scrypt form of codes issued before it.
 */
export const matchesRecoveryCode = async (code: string, stored: string): Promise<boolean> => {
  const parts = stored.split('$')
  const [scheme] = parts
  let key: Buffer
  let expected: Buffer
  if (scheme === 'sha256' && parts.length === 3 && code.length === codeLength) {
    key = sha256(code, Buffer.from(parts[1]!, 'base64url'))
    expected = Buffer.from(parts[2]!, 'base64url')
  } else if (scheme === 'scrypt' && parts.length === 6 && code.length === legacyCodeLength) {
    const [, n, r, p, salt, hash] = parts
    expected = Buffer.from(hash!, 'base64url')
    key = await derive(code, Buffer.from(salt!, 'base64url'), {
      N: Number(n),
      p: Number(p),
      r: Number(r),
    })
  } else {
    return false
  }
  return key.length === expected.length && timingSafeEqual(key, expected)
}
