import { describe, expect, it } from 'vitest'

import { accountStatusOf } from '../../src/adminViews/accountOverview/accountStatus.js'
import {
  isQuickFilterActive,
  quickFilterParams,
} from '../../src/adminViews/accountOverview/quickFilters.js'

const now = Date.parse('2026-11-26T12:00:00.000Z')

describe('account status for triage', () => {
  it("'Locked until' in the past: the account reads as active, not locked", () => {
    expect(accountStatusOf({ lockoutUntil: '2026-11-26T11:59:59.000Z' }, now)).toEqual({
      kind: 'active',
    })
    expect(accountStatusOf({ lockoutUntil: '2026-11-26T12:00:00.000Z' }, now)).toEqual({
      kind: 'active',
    })
  })

  it('a lock still ahead reads as locked until then; a suspension wins over a lock', () => {
    expect(accountStatusOf({ lockoutUntil: '2026-11-26T12:30:00.000Z' }, now)).toEqual({
      kind: 'locked',
      until: '2026-11-26T12:30:00.000Z',
    })
    expect(
      accountStatusOf(
        { lockoutUntil: '2026-11-26T12:30:00.000Z', security: { status: 'suspended' } },
        now,
      ),
    ).toEqual({ kind: 'suspended' })
    expect(accountStatusOf({ lockoutUntil: 'not a date', security: null }, now)).toEqual({
      kind: 'active',
    })
  })
})

describe('quick filters', () => {
  const at = new Date(now)

  it("write the `where` the way Payload's own filter controls do", () => {
    expect(quickFilterParams('suspended', { now: at, withPasskeys: [] })).toEqual([
      ['where[or][0][and][0][security.status][equals]', 'suspended'],
    ])
    expect(quickFilterParams('locked', { now: at, withPasskeys: [] })).toEqual([
      ['where[or][0][and][0][lockoutUntil][greater_than]', '2026-11-26T12:00:00.000Z'],
    ])
  })

  it('without two-factor: no confirmed app, and not one of the accounts that have a passkey', () => {
    expect(quickFilterParams('withoutSecondFactor', { now: at, withPasskeys: [4, 9] })).toEqual([
      ['where[or][0][and][0][totpConfig.status][not_equals]', 'enabled'],
      ['where[or][0][and][1][id][not_in]', '4,9'],
    ])
    expect(quickFilterParams('withoutSecondFactor', { now: at, withPasskeys: [] })).toEqual([
      ['where[or][0][and][0][totpConfig.status][not_equals]', 'enabled'],
    ])
  })

  it('mark the applied filter only: the same conditions, whatever time the locked one was taken at', () => {
    const locked = quickFilterParams('locked', { now: at, withPasskeys: [] })
    const later = quickFilterParams('locked', { now: new Date(now + 60_000), withPasskeys: [] })
    expect(isQuickFilterActive('locked', locked, [['limit', '10'], ...later])).toBe(true)
    const suspended = quickFilterParams('suspended', { now: at, withPasskeys: [] })
    expect(isQuickFilterActive('suspended', suspended, locked)).toBe(false)
    expect(isQuickFilterActive('suspended', suspended, [])).toBe(false)
    expect(
      isQuickFilterActive('suspended', suspended, [
        ...suspended,
        ['where[or][0][and][1][email][like]', 'x'],
      ]),
    ).toBe(false)
    expect(
      isQuickFilterActive('suspended', suspended, [
        ['where[or][0][and][0][security.status][equals]', 'active'],
      ]),
    ).toBe(false)
  })
})
