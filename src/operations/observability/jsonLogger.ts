import type { Config } from 'payload'

/**
 * Payload's default logger prints coloured lines through pino-pretty, in production too
 * (payload/dist/utilities/logger.js). Given `{ options }` instead, Payload makes a plain pino logger:
 * one JSON object per line on stdout, which log shippers read as they are. ISO 8601 times, as
 * pino's own `stdTimeFunctions.isoTime` writes them, rather than milliseconds since 1970.
 */
export const jsonLogger = (): NonNullable<Config['logger']> => ({
  // A new object per config: Payload writes `name` and `enabled` into the options it is given.
  options: { timestamp: () => `,"time":"${new Date().toISOString()}"` },
})
