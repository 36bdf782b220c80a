import { describe, expect, it } from 'vitest'

import { lockoutDelaySeconds, secondsUntil } from '../../src/lib/backoff.js'

const policy = { baseDelaySeconds: 30, maxDelaySeconds: 3600, threshold: 5 }

describe('lockoutDelaySeconds', () => {
  it('does not lock below the threshold', () => {
    for (const failures of [0, 1, 4]) {
      expect(lockoutDelaySeconds(failures, policy)).toBe(0)
    }
  })

  it('starts at the base delay and doubles with each further failure', () => {
    expect(
      [5, 6, 7, 8, 9, 10, 11].map((failures) => lockoutDelaySeconds(failures, policy)),
    ).toEqual([30, 60, 120, 240, 480, 960, 1920])
  })

  it('never exceeds the cap, however many failures', () => {
    expect(lockoutDelaySeconds(12, policy)).toBe(3600)
    expect(lockoutDelaySeconds(100, policy)).toBe(3600)
    expect(lockoutDelaySeconds(10_000, policy)).toBe(3600)
  })
})

describe('secondsUntil', () => {
  it('rounds up and is at least one second', () => {
    const now = new Date('2026-01-01T00:00:00.000Z')
    expect(secondsUntil(new Date('2026-01-01T00:00:29.200Z'), now)).toBe(30)
    expect(secondsUntil(new Date('2026-01-01T00:00:00.100Z'), now)).toBe(1)
    expect(secondsUntil(new Date('2025-12-31T23:59:00.000Z'), now)).toBe(1)
  })
})
