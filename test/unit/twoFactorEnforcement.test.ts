import { describe, expect, it } from 'vitest'

import type { TwoFactorEnforcement } from '../../src/shared/options/types.js'

import { secondFactorNeed } from '../../src/policies/twoFactor/enforcement.js'
import { sanitizeOptions } from '../../src/shared/options/sanitize.js'

const editor = { roles: ['editor'] }
const admin = { roles: ['admin'] }

describe('who needs a second factor', () => {
  it('asks everyone with one enabled for a code, whatever the enforcement', () => {
    for (const enforcement of [
      'optional',
      'required',
      { roles: ['admin'] },
    ] satisfies TwoFactorEnforcement[]) {
      expect(
        secondFactorNeed(
          editor,
          { status: 'enabled' },
          sanitizeOptions({ twoFactor: { enforcement } }),
          false,
        ),
      ).toBe('challenge')
    }
  })

  it('sends to enrolment only those the enforcement covers, pending setups included', () => {
    const optional = sanitizeOptions()
    const required = sanitizeOptions({ twoFactor: { enforcement: 'required' } })
    const forAdmins = sanitizeOptions({ twoFactor: { enforcement: { roles: ['admin'] } } })
    expect(secondFactorNeed(admin, null, optional, false)).toBe('none')
    expect(secondFactorNeed(admin, { status: 'pending' }, optional, false)).toBe('none')
    expect(secondFactorNeed(editor, undefined, required, false)).toBe('enrol')
    expect(secondFactorNeed(editor, { status: 'pending' }, required, false)).toBe('enrol')
    expect(secondFactorNeed(admin, null, forAdmins, false)).toBe('enrol')
    expect(secondFactorNeed(editor, null, forAdmins, false)).toBe('none')
    expect(secondFactorNeed({ roles: 'admin' }, null, forAdmins, false)).toBe('enrol')
  })

  it('sends an account whose factor an approved reset removed to enrolment, even where two-factor is optional', () => {
    const optional = sanitizeOptions()
    expect(
      secondFactorNeed(editor, { setupRequired: true, status: 'pending' }, optional, false),
    ).toBe('enrol')
    expect(
      secondFactorNeed(editor, { setupRequired: false, status: 'pending' }, optional, false),
    ).toBe('none')
    expect(
      secondFactorNeed(editor, { setupRequired: true, status: 'enabled' }, optional, false),
    ).toBe('challenge')
  })

  it('asks an account with a passkey for it, and sends none of those to enrolment', () => {
    const required = sanitizeOptions({ twoFactor: { enforcement: 'required' } })
    expect(secondFactorNeed(editor, null, sanitizeOptions(), true)).toBe('challenge')
    expect(secondFactorNeed(editor, { status: 'pending' }, required, true)).toBe('challenge')
    // Passkeys switched off: a stored one is no second factor, and enforcement decides.
    const off = sanitizeOptions({
      passkeys: { enabled: false },
      twoFactor: { enforcement: 'required' },
    })
    expect(secondFactorNeed(editor, null, off, true)).toBe('enrol')
  })
})
