import { describe, expect, it } from 'vitest'

import { secondsUntil } from '../../src/shared/lib/secondsUntil.js'

describe('secondsUntil', () => {
  it('rounds up and is at least one second', () => {
    const now = new Date('2026-01-01T00:00:00.000Z')
    expect(secondsUntil(new Date('2026-01-01T00:00:29.200Z'), now)).toBe(30)
    expect(secondsUntil(new Date('2026-01-01T00:00:00.100Z'), now)).toBe(1)
    expect(secondsUntil(new Date('2025-12-31T23:59:00.000Z'), now)).toBe(1)
  })
})
