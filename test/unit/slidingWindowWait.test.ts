import { describe, expect, it } from 'vitest'

import { slidingWindowWait } from '../../src/shared/lib/slidingWindowWait.js'

const window = { limit: 100, windowSeconds: 600 }

describe('the wait a sliding-window client limit announces', () => {
  it('is none while the estimate has room', () => {
    expect(slidingWindowWait({ ...window, current: 10, elapsed: 0.5, previous: 50 })).toBe(0)
  })

  it('waits within the window until the previous one weighs little enough', () => {
    // 50 now; room for 49 more of the previous 100: once 1 - 49/100 = 0.51 of this window is gone.
    expect(slidingWindowWait({ ...window, current: 50, elapsed: 0.25, previous: 100 })).toBe(156)
  })

  it('waits into the next window when this one alone is full', () => {
    // 100 now: in the next window they weigh (1 - f) * 100, which leaves room for one at f = 0.01.
    expect(slidingWindowWait({ ...window, current: 100, elapsed: 0.5, previous: 0 })).toBe(306)
  })

  it('with a limit of one, waits a whole window after this one', () => {
    expect(
      slidingWindowWait({ current: 1, elapsed: 0, limit: 1, previous: 0, windowSeconds: 60 }),
    ).toBe(120)
  })
})
