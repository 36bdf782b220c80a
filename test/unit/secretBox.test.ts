import { describe, expect, it } from 'vitest'

import { deriveSecretKey, openSecret, sealSecret } from '../../src/shared/lib/secretBox.js'

const key = deriveSecretKey('k'.repeat(32))

/** The sealed value with its tag cut to its first `bytes` bytes. */
const withTagCutTo = (sealed: string, bytes: number): string => {
  const parts = sealed.split('.')
  parts[3] = Buffer.from(parts[3]!, 'base64url').subarray(0, bytes).toString('base64url')
  return parts.join('.')
}

describe('sealing a secret with AES-256-GCM', () => {
  it('opens what it sealed, for the same context only', () => {
    const sealed = sealSecret('JBSWY3DP', key, '7')
    expect(openSecret(sealed, key, '7')).toBe('JBSWY3DP')
    expect(openSecret(sealed, key, '8')).toBeNull()
  })

  it('finding 5: refuses a sealed value whose tag was truncated to 4 bytes, or to any length short of 16', () => {
    const sealed = sealSecret('JBSWY3DP', key, '7')
    // A truncated GCM tag is still a prefix of the right one: Node checks only the bytes it is
    // given unless authTagLength pins the length, so a 4-byte tag opens the value (a forgery then
    // needs about 2^32 tries, not 2^128; NIST SP 800-38D §5.2.1.2, Appendix C).
    expect(openSecret(withTagCutTo(sealed, 4), key, '7')).toBeNull()
    for (const bytes of [8, 12, 13, 15]) {
      expect(openSecret(withTagCutTo(sealed, bytes), key, '7')).toBeNull()
    }
    expect(openSecret(withTagCutTo(sealed, 16), key, '7')).toBe('JBSWY3DP')
  })
})
