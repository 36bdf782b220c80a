import { describe, expect, it } from 'vitest'

import type { TwoFactorEnforcement } from '../../src/options/types.js'

import { hashToken } from '../../src/lib/tokens.js'
import { sanitizeOptions } from '../../src/options/sanitize.js'
import { secondFactorNeed } from '../../src/twoFactor/enforcement.js'
import { matchTrustedDevice } from '../../src/twoFactor/trustedDevices.js'

const editor = { roles: ['editor'] }
const admin = { roles: ['admin'] }

describe('who needs a second factor', () => {
  it('asks everyone with one enabled for a code, whatever the enforcement', () => {
    for (const enforcement of ['optional', 'required', { roles: ['admin'] }] satisfies TwoFactorEnforcement[]) {
      expect(secondFactorNeed(editor, 'enabled', sanitizeOptions({ twoFactor: { enforcement } }))).toBe('challenge')
    }
  })

  it('sends to enrolment only those the enforcement covers, pending setups included', () => {
    const optional = sanitizeOptions()
    const required = sanitizeOptions({ twoFactor: { enforcement: 'required' } })
    const forAdmins = sanitizeOptions({ twoFactor: { enforcement: { roles: ['admin'] } } })
    expect(secondFactorNeed(admin, null, optional)).toBe('none')
    expect(secondFactorNeed(admin, 'pending', optional)).toBe('none')
    expect(secondFactorNeed(editor, undefined, required)).toBe('enrol')
    expect(secondFactorNeed(editor, 'pending', required)).toBe('enrol')
    expect(secondFactorNeed(admin, null, forAdmins)).toBe('enrol')
    expect(secondFactorNeed(editor, null, forAdmins)).toBe('none')
    expect(secondFactorNeed({ roles: 'admin' }, null, forAdmins)).toBe('enrol')
  })
})

describe('trusted device matching', () => {
  const now = new Date('2026-06-01T12:00:00Z')
  const token = 'a'.repeat(43)
  const device = (id: string, presented: string, expirationDate: string) => ({ expirationDate, id, tokenHash: hashToken(presented) })

  it('finds the unexpired device whose hash is the token’s', () => {
    const devices = [device('1', 'b'.repeat(43), '2026-07-01T00:00:00Z'), device('2', token, '2026-07-01T00:00:00Z')]
    expect(matchTrustedDevice(devices, token, now)).toEqual({ id: '2', tokenHash: hashToken(token) })
  })

  it('ignores expired devices and unknown tokens', () => {
    expect(matchTrustedDevice([device('1', token, '2026-06-01T11:59:59Z')], token, now)).toBeNull()
    expect(matchTrustedDevice([device('1', token, '2026-07-01T00:00:00Z')], 'c'.repeat(43), now)).toBeNull()
    expect(matchTrustedDevice(null, token, now)).toBeNull()
  })
})
