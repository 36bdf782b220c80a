import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto'

/** Version prefix of the stored form, so the scheme can change without guessing what a value is. */
const VERSION = 'v1'
/** AES-256-GCM: 96-bit nonce (NIST SP 800-38D §8.2 recommends exactly 96 bits), 128-bit tag. */
const NONCE_BYTES = 12
/**
 * The tag's length, pinned when opening: Node's decipher accepts any tag of 4 to 16 bytes unless
 * `authTagLength` is given (Node docs, crypto.createDecipheriv), and checks only the bytes it gets,
 * so a value whose tag was cut to 4 bytes would open, and a forgery would need about 2^32 tries
 * instead of 2^128 (NIST SP 800-38D §5.2.1.2 and Appendix C on short tags).
 */
const TAG_BYTES = 16

/**
 * A 256-bit key derived with HKDF-SHA256 (RFC 5869) from key material of any length (the plugin's
 * `twoFactor.encryptionKey`, or Payload's secret). The `info` label separates this key from anything
 * else derived from the same material (RFC 5869 §3.2), so the TOTP key never equals, say, the JWT
 * signing key or the key of the values a browser carries between two requests.
 */
export const deriveSecretKey = (material: string, info = 'totp-secret-encryption-v1'): Buffer =>
  Buffer.from(hkdfSync('sha256', Buffer.from(material, 'utf8'), 'payload-backoffice', info, 32))

/**
 * Encrypts a secret with AES-256-GCM. `context` (the account id) is authenticated with it, so a
 * ciphertext copied onto another account's row does not decrypt there. Stored as
 * `v1.<nonce>.<ciphertext>.<tag>`, each part base64url.
 */
export const sealSecret = (plaintext: string, key: Buffer, context: string): string => {
  const nonce = randomBytes(NONCE_BYTES)
  const cipher = createCipheriv('aes-256-gcm', key, nonce, { authTagLength: TAG_BYTES })
  cipher.setAAD(Buffer.from(context, 'utf8'))
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()])
  return [VERSION, nonce, ciphertext, cipher.getAuthTag()]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.')
}

/** The secret sealed by `sealSecret`, or null when the value was tampered with, or sealed under another key or account. */
export const openSecret = (sealed: string, key: Buffer, context: string): null | string => {
  const [version, nonce, ciphertext, tag, ...rest] = sealed.split('.')
  if (version !== VERSION || !nonce || !ciphertext || !tag || rest.length > 0) {
    return null
  }
  const tagBytes = Buffer.from(tag, 'base64url')
  if (tagBytes.length !== TAG_BYTES) {
    return null
  }
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(nonce, 'base64url'), {
      authTagLength: TAG_BYTES,
    })
    decipher.setAAD(Buffer.from(context, 'utf8'))
    decipher.setAuthTag(tagBytes)
    return Buffer.concat([
      decipher.update(Buffer.from(ciphertext, 'base64url')),
      decipher.final(),
    ]).toString('utf8')
  } catch {
    return null
  }
}
