import { describe, expect, it } from 'vitest'

import {
  type EmailChangeRecord,
  isPendingUndo,
  runOrigin,
} from '../../src/policies/sudo/emailChangeRun.js'

let ids = 0
const change = (
  previousEmail: string,
  newEmail: string,
  more: Partial<EmailChangeRecord> = {},
) => ({
  createdAt: new Date().toISOString(),
  id: ++ids,
  kind: 'change' as const,
  newEmail,
  previousEmail,
  ...more,
})

describe('runOrigin: the address an undo restores', () => {
  it('is none without a recent change', () => {
    expect(runOrigin([])).toBeNull()
  })

  it("is the first change's address, however often the address changed since", () => {
    expect(runOrigin([change('a@x', 'b@x'), change('a@x', 'c@x')])).toBe('a@x')
    // A row recorded by an earlier version for B→C still leaves A as the origin.
    expect(runOrigin([change('a@x', 'b@x'), change('b@x', 'c@x')])).toBe('a@x')
  })

  it('is the address the latest repair set', () => {
    expect(
      runOrigin([
        change('a@x', 'b@x', { voidedAt: '2026-01-01' }),
        change('b@x', 'r@x', { kind: 'repair' }),
        change('r@x', 'd@x'),
      ]),
    ).toBe('r@x')
  })
})

describe('isPendingUndo', () => {
  it('is true only for a change not yet undone or voided', () => {
    expect(isPendingUndo(change('a@x', 'b@x'))).toBe(true)
    expect(isPendingUndo(change('a@x', 'b@x', { undoneAt: '2026-01-01' }))).toBe(false)
    expect(isPendingUndo(change('a@x', 'b@x', { voidedAt: '2026-01-01' }))).toBe(false)
    expect(isPendingUndo(change('a@x', 'b@x', { kind: 'repair' }))).toBe(false)
  })
})
