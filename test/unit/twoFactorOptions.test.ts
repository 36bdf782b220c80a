import { describe, expect, it } from 'vitest'

import { sanitizeOptions } from '../../src/shared/options/sanitize.js'

describe('two-factor options', () => {
  it('default to optional enforcement, 30-day trusted devices, 5-minute challenges of 5 attempts', () => {
    expect(sanitizeOptions().twoFactor).toEqual({
      challengeMinutes: 5,
      encryptionKey: null,
      enforcement: 'optional',
      issuer: null,
      maxAttemptsPerChallenge: 5,
      previousEncryptionKeys: [],
      recoveryCodes: { count: 10 },
      trustedDeviceDays: 30,
    })
  })

  it('take a number of recovery codes from 1 to 50', () => {
    expect(
      sanitizeOptions({ twoFactor: { recoveryCodes: { count: 12 } } }).twoFactor,
    ).toMatchObject({ recoveryCodes: { count: 12 } })
    for (const count of [0, 51, 2.5]) {
      expect(() => sanitizeOptions({ twoFactor: { recoveryCodes: { count } } })).toThrow(
        /twoFactor.recoveryCodes.count/,
      )
    }
  })

  it('keep what the integrator set, each field on its own', () => {
    const twoFactor = sanitizeOptions({
      twoFactor: { enforcement: { roles: ['admin'] }, issuer: ' Newsroom ', trustedDeviceDays: 7 },
    }).twoFactor
    expect(twoFactor).toMatchObject({
      challengeMinutes: 5,
      enforcement: { roles: ['admin'] },
      issuer: 'Newsroom',
      trustedDeviceDays: 7,
    })
    expect(sanitizeOptions({ twoFactor: { enforcement: 'required' } }).twoFactor.enforcement).toBe(
      'required',
    )
  })

  it('refuse settings that cannot work, at config time', () => {
    expect(() => sanitizeOptions({ twoFactor: { enforcement: 'always' as never } })).toThrow(
      /twoFactor.enforcement/,
    )
    expect(() => sanitizeOptions({ twoFactor: { enforcement: { roles: [] } } })).toThrow(
      /twoFactor.enforcement/,
    )
    expect(() => sanitizeOptions({ twoFactor: { issuer: 'a:b' } })).toThrow(/twoFactor.issuer/)
    expect(() => sanitizeOptions({ twoFactor: { encryptionKey: 'short' } })).toThrow(
      /twoFactor.encryptionKey/,
    )
    expect(() => sanitizeOptions({ twoFactor: { previousEncryptionKeys: ['short'] } })).toThrow(
      /twoFactor.previousEncryptionKeys/,
    )
    expect(() => sanitizeOptions({ previousSecrets: 'one' as never })).toThrow(/previousSecrets/)
    expect(() => sanitizeOptions({ previousSecrets: [''] })).toThrow(/previousSecrets/)
    expect(() => sanitizeOptions({ twoFactor: { trustedDeviceDays: 0 } })).toThrow(
      /twoFactor.trustedDeviceDays/,
    )
    expect(() => sanitizeOptions({ twoFactor: { maxAttemptsPerChallenge: 101 } })).toThrow(
      /maxAttemptsPerChallenge/,
    )
    expect(() => sanitizeOptions({ twoFactor: { challengeMinutes: 2.5 } })).toThrow(
      /challengeMinutes/,
    )
  })

  it('key rotation: earlier keys and secrets are kept in order, none by default', () => {
    const key = 'k'.repeat(32)
    const sanitized = sanitizeOptions({
      previousSecrets: ['old-secret'],
      twoFactor: { encryptionKey: 'n'.repeat(32), previousEncryptionKeys: [key, 'o'.repeat(40)] },
    })
    expect(sanitized.previousSecrets).toEqual(['old-secret'])
    expect(sanitized.twoFactor.previousEncryptionKeys).toEqual([key, 'o'.repeat(40)])
    expect(sanitizeOptions().previousSecrets).toEqual([])
  })
})
