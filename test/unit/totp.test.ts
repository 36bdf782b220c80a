import { generate } from 'otplib'
import { describe, expect, it } from 'vitest'

import {
  generateTotpSecret,
  otpauthUri,
  timeStepAt,
  totpCode,
  verifyTotp,
} from '../../src/policies/twoFactor/lib/totp.js'
import { deriveSecretKey, openSecret, sealSecret } from '../../src/shared/lib/secretBox.js'

describe('TOTP', () => {
  it('matches the SHA-1 values of RFC 6238 appendix B with otplib as configured', async () => {
    const secret = new Uint8Array(Buffer.from('12345678901234567890', 'ascii'))
    const vectors: [number, string][] = [
      [59, '94287082'],
      [1111111109, '07081804'],
      [1234567890, '89005924'],
      [2000000000, '69279037'],
    ]
    for (const [epoch, code] of vectors) {
      expect(await generate({ algorithm: 'sha1', digits: 8, epoch, period: 30, secret })).toBe(code)
    }
  })

  it('generates a fresh 160-bit base32 secret each time', () => {
    const first = generateTotpSecret()
    expect(first).toMatch(/^[A-Z2-7]{32}$/)
    expect(generateTotpSecret()).not.toBe(first)
  })

  it('accepts a code one step either side of now and says which step matched, nothing further', async () => {
    const secret = generateTotpSecret()
    const now = Date.UTC(2026, 0, 1, 12, 0, 15)
    const step = timeStepAt(now)
    for (const offset of [-1, 0, 1]) {
      expect(await verifyTotp(secret, await totpCode(secret, now + offset * 30_000), now)).toEqual({
        timeStep: step + offset,
        valid: true,
      })
    }
    for (const offset of [-2, 2]) {
      expect(
        (await verifyTotp(secret, await totpCode(secret, now + offset * 30_000), now)).valid,
      ).toBe(false)
    }
    expect((await verifyTotp(secret, '12345', now)).valid).toBe(false)
    expect((await verifyTotp(secret, 'abcdef', now)).valid).toBe(false)
    expect((await verifyTotp(secret, '1234567', now)).valid).toBe(false)
  })

  it('writes the otpauth URI authenticator apps read', () => {
    const uri = new URL(
      otpauthUri({ accountName: 'ada@example.com', issuer: 'News Room', secret: 'MZXW6YTBOI' }),
    )
    expect(uri.protocol).toBe('otpauth:')
    expect(decodeURIComponent(uri.href.split('?')[0]!)).toBe(
      'otpauth://totp/News Room:ada@example.com',
    )
    expect(Object.fromEntries(uri.searchParams)).toMatchObject({
      issuer: 'News Room',
      secret: 'MZXW6YTBOI',
    })
    expect(uri.searchParams.get('algorithm') ?? 'SHA1').toBe('SHA1')
    expect(uri.searchParams.get('digits') ?? '6').toBe('6')
    expect(uri.searchParams.get('period') ?? '30').toBe('30')
  })
})

describe('secret encryption', () => {
  const key = deriveSecretKey('a-server-secret-of-enough-length-0123456789')

  it('opens what it sealed, for the same account only', () => {
    const sealed = sealSecret('JBSWY3DPEHPK3PXP', key, '7')
    expect(sealed).not.toContain('JBSWY3DPEHPK3PXP')
    expect(openSecret(sealed, key, '7')).toBe('JBSWY3DPEHPK3PXP')
    expect(openSecret(sealed, key, '8')).toBeNull()
    expect(
      openSecret(sealed, deriveSecretKey('another-server-secret-of-enough-length-0123'), '7'),
    ).toBeNull()
  })

  it('refuses a tampered value', () => {
    const [version, nonce, ciphertext, tag] = sealSecret('JBSWY3DPEHPK3PXP', key, '7').split('.')
    const flipped = Buffer.from(ciphertext!, 'base64url')
    flipped[0] = flipped[0]! ^ 1
    expect(
      openSecret([version, nonce, flipped.toString('base64url'), tag].join('.'), key, '7'),
    ).toBeNull()
    expect(openSecret('garbage', key, '7')).toBeNull()
  })

  it('uses a fresh nonce each time', () => {
    expect(sealSecret('same', key, '1')).not.toBe(sealSecret('same', key, '1'))
  })
})
