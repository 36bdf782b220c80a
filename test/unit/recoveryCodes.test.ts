import { describe, expect, it } from 'vitest'

import {
  formatRecoveryCode,
  generateRecoveryCode,
  hashRecoveryCode,
  matchesRecoveryCode,
  normaliseRecoveryCode,
} from '../../src/twoFactor/lib/recoveryCodes.js'

describe('recovery codes', () => {
  it('are 12 Crockford base32 characters (60 bits), different every time', () => {
    const codes = Array.from({ length: 200 }, generateRecoveryCode)
    for (const code of codes) {
      expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{12}$/)
    }
    expect(new Set(codes).size).toBe(codes.length)
  })

  it('are shown lower case in groups of four', () => {
    expect(formatRecoveryCode('ABCD0123WXYZ')).toBe('abcd-0123-wxyz')
  })

  it('are read in any case, with spaces and dashes, and Crockford’s look-alikes', () => {
    expect(normaliseRecoveryCode(' abcd-0123-wxyz ')).toBe('ABCD0123WXYZ')
    expect(normaliseRecoveryCode('ABCD 0123 WXYZ')).toBe('ABCD0123WXYZ')
    expect(normaliseRecoveryCode('abcdO1Il-wxyz')).toBe('ABCD0111WXYZ')
  })

  it('refuse what cannot be a code', () => {
    for (const input of ['', 'abcd-0123', 'abcd-0123-wxyz-0', 'abcd-0123-wxyu', 'äbcd-0123-wxyz']) {
      expect(normaliseRecoveryCode(input), input).toBeNull()
    }
  })

  it('are stored salted and hashed with scrypt, and only the right code matches', async () => {
    const code = generateRecoveryCode()
    const [first, second] = await Promise.all([hashRecoveryCode(code), hashRecoveryCode(code)])
    expect(first).toMatch(/^scrypt\$32768\$8\$1\$[\w-]{22}\$[\w-]{43}$/)
    expect(first).not.toContain(code)
    // A salt of its own: the same code never stores the same way twice.
    expect(second).not.toBe(first)
    expect(await matchesRecoveryCode(code, first!)).toBe(true)
    expect(await matchesRecoveryCode(generateRecoveryCode(), first!)).toBe(false)
    expect(await matchesRecoveryCode(code, 'sha256$whatever')).toBe(false)
  })
})
