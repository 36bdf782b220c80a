import { afterAll, vi } from 'vitest'

/**
 * Integration and browser test files share their test processes (`isolate: false` in
 * vitest.config.ts), so each leaves the process as it found it: real clocks, no spies.
 */
afterAll(() => {
  vi.useRealTimers()
  vi.restoreAllMocks()
})
