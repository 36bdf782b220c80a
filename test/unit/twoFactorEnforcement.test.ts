import { describe, expect, it } from 'vitest'

import type { TwoFactorEnforcement } from '../../src/options/types.js'

import { sanitizeOptions } from '../../src/options/sanitize.js'
import { secondFactorNeed } from '../../src/twoFactor/enforcement.js'

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
        ),
      ).toBe('challenge')
    }
  })

  it('sends to enrolment only those the enforcement covers, pending setups included', () => {
    const optional = sanitizeOptions()
    const required = sanitizeOptions({ twoFactor: { enforcement: 'required' } })
    const forAdmins = sanitizeOptions({ twoFactor: { enforcement: { roles: ['admin'] } } })
    expect(secondFactorNeed(admin, null, optional)).toBe('none')
    expect(secondFactorNeed(admin, { status: 'pending' }, optional)).toBe('none')
    expect(secondFactorNeed(editor, undefined, required)).toBe('enrol')
    expect(secondFactorNeed(editor, { status: 'pending' }, required)).toBe('enrol')
    expect(secondFactorNeed(admin, null, forAdmins)).toBe('enrol')
    expect(secondFactorNeed(editor, null, forAdmins)).toBe('none')
    expect(secondFactorNeed({ roles: 'admin' }, null, forAdmins)).toBe('enrol')
  })

  it('sends an account whose factor an approved reset removed to enrolment, even where two-factor is optional', () => {
    const optional = sanitizeOptions()
    expect(secondFactorNeed(editor, { setupRequired: true, status: 'pending' }, optional)).toBe(
      'enrol',
    )
    expect(secondFactorNeed(editor, { setupRequired: false, status: 'pending' }, optional)).toBe(
      'none',
    )
    expect(secondFactorNeed(editor, { setupRequired: true, status: 'enabled' }, optional)).toBe(
      'challenge',
    )
  })
})
