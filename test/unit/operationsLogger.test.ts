import type { Config } from 'payload'

import { afterEach, describe, expect, it, vi } from 'vitest'

import { observability } from '../../src/operations/observability/index.js'
import { sanitizeOptions } from '../../src/shared/options/sanitize.js'

// Finding: production logs were Payload's default coloured multi-line text.
const behaviour = (config: Partial<Config>) =>
  observability.behaviour!(config as Config, sanitizeOptions())

afterEach(() => {
  vi.unstubAllEnvs()
})

describe('JSON logs in production (finding: coloured multi-line logs in production)', () => {
  it('gives Payload a plain pino logger (one JSON object per line) in production when the app set none', () => {
    vi.stubEnv('NODE_ENV', 'production')
    const { logger } = behaviour({})
    expect(logger).toEqual({ options: { timestamp: expect.any(Function) } })
    const timestamp = (logger as { options: { timestamp: () => string } }).options.timestamp()
    expect(JSON.parse(`{${timestamp.slice(1)}}`).time).toMatch(
      /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/,
    )
  })

  it("never replaces the app's own logger, and leaves development to Payload's pretty output", () => {
    vi.stubEnv('NODE_ENV', 'production')
    const own = { options: { level: 'warn' } }
    expect(behaviour({ logger: own }).logger).toBe(own)
    vi.stubEnv('NODE_ENV', 'development')
    expect(behaviour({}).logger).toBeUndefined()
  })

  it("leaves the app's own level for the plugin's errors, and adds its afterError hook to the app's", () => {
    const appHook = () => undefined
    const config = behaviour({
      hooks: { afterError: [appHook] },
      loggingLevels: { BackofficeError: 'warn' } as Config['loggingLevels'],
    })
    expect((config.loggingLevels as Record<string, unknown>).BackofficeError).toBe('warn')
    expect(config.hooks?.afterError?.[0]).toBe(appHook)
    expect(config.hooks?.afterError).toHaveLength(2)
    expect((behaviour({}).loggingLevels as Record<string, unknown>).BackofficeError).toBe(false)
  })
})

describe('metrics token', () => {
  it('is off without a token or with an empty one, and refuses a short one at config time', () => {
    expect(sanitizeOptions().metrics.token).toBeNull()
    expect(sanitizeOptions({ metrics: { token: '' } }).metrics.token).toBeNull()
    expect(() => sanitizeOptions({ metrics: { token: 'short' } })).toThrow(/metrics\.token/)
    const token = 'a'.repeat(32)
    expect(sanitizeOptions({ metrics: { token } }).metrics.token).toBe(token)
  })
})
