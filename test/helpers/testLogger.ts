import type { Config } from 'payload'

/**
 * Payload's own logger from warnings up, unless TEST_LOG_LEVEL says otherwise (`info` shows each
 * audit event as the plugin logs it): a test that reads the log passes a logger of its own, and a
 * run's output keeps to what went wrong.
 */
export const testLogger: Config['logger'] = {
  options: { level: process.env.TEST_LOG_LEVEL ?? 'warn' },
}
