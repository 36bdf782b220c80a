import { randomBytes, scryptSync } from 'node:crypto'
import { describe, expect, it } from 'vitest'

import {
  formatRecoveryCode,
  generateRecoveryCode,
  hashRecoveryCode,
  matchesRecoveryCode,
  normaliseRecoveryCode,
} from '../../src/policies/twoFactor/lib/recoveryCodes.js'

describe('recovery codes', () => {
  it('are 24 Crockford base32 characters (120 bits, at least the 112 of NIST SP 800-63B §5.1.2.2), different every time', () => {
    const codes = Array.from({ length: 200 }, generateRecoveryCode)
    for (const code of codes) {
      expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{24}$/)
    }
    expect(new Set(codes).size).toBe(codes.length)
  })

  it('are shown lower case in groups of four', () => {
    expect(formatRecoveryCode('ABCD0123WXYZ4567EFGH89JK')).toBe('abcd-0123-wxyz-4567-efgh-89jk')
  })

  it('are read in any case, with spaces and dashes, and Crockford’s look-alikes', () => {
    expect(normaliseRecoveryCode(' abcd-0123-wxyz-4567-efgh-89jk ')).toBe(
      'ABCD0123WXYZ4567EFGH89JK',
    )
    expect(normaliseRecoveryCode('ABCD 0123 WXYZ 4567 EFGH 89JK')).toBe('ABCD0123WXYZ4567EFGH89JK')
    expect(normaliseRecoveryCode('abcd0123wxyz4567efgh89jk')).toBe('ABCD0123WXYZ4567EFGH89JK')
    // The 12-character codes of earlier versions are still read.
    expect(normaliseRecoveryCode(' abcd-0123-wxyz ')).toBe('ABCD0123WXYZ')
    expect(normaliseRecoveryCode('ABCD 0123 WXYZ')).toBe('ABCD0123WXYZ')
    expect(normaliseRecoveryCode('abcdO1Il-wxyz')).toBe('ABCD0111WXYZ')
  })

  it('refuse what cannot be a code', () => {
    for (const input of [
      '',
      'abcd-0123',
      'abcd-0123-wxyz-0',
      // 16 characters: no released version issued codes of that length.
      'abcd-0123-wxyz-4567',
      'abcd-0123-wxyz-4567-efgh-89j',
      'abcd-0123-wxyz-4567-efgh-89jk-m',
      'abcd-0123-wxyu',
      'äbcd-0123-wxyz',
    ]) {
      expect(normaliseRecoveryCode(input), input).toBeNull()
    }
  })

  it('are stored salted with one SHA-256, and only the right code matches', async () => {
    const code = generateRecoveryCode()
    const [first, second] = [hashRecoveryCode(code), hashRecoveryCode(code)]
    expect(first).toMatch(/^sha256\$[\w-]{22}\$[\w-]{43}$/)
    expect(first).not.toContain(code)
    // A salt of its own: the same code never stores the same way twice.
    expect(second).not.toBe(first)
    expect(await matchesRecoveryCode(code, first)).toBe(true)
    expect(await matchesRecoveryCode(generateRecoveryCode(), first)).toBe(false)
    expect(await matchesRecoveryCode(code, 'sha256$whatever')).toBe(false)
  })

  it('hash a set of ten in well under a millisecond each (a set took seconds with scrypt)', () => {
    const started = performance.now()
    for (let index = 0; index < 10; index++) {
      hashRecoveryCode(generateRecoveryCode())
    }
    expect(performance.now() - started).toBeLessThan(50)
  })

  it('still match the scrypt-stored 12-character codes of earlier versions', async () => {
    // Made the way earlier versions stored a code: scrypt N=2^15, r=8, p=1, a 16-byte salt.
    const code = 'ABCD0123WXYZ'
    const salt = randomBytes(16)
    const key = scryptSync(code, salt, 32, { maxmem: 64 * 1024 * 1024, N: 2 ** 15, p: 1, r: 8 })
    const stored = [
      'scrypt',
      32768,
      8,
      1,
      salt.toString('base64url'),
      key.toString('base64url'),
    ].join('$')
    expect(await matchesRecoveryCode(code, stored)).toBe(true)
    expect(await matchesRecoveryCode('ABCD0123WXY0', stored)).toBe(false)
  })
})
