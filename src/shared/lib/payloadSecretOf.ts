import { createHash } from 'node:crypto'

/**
 * The secret a running Payload signs and derives with (`payload.secret`) for the `secret` of its
 * config: Payload 3 keeps the first 32 hex digits of the SHA-256 of the configured value
 * (`BasePayload.init`). Earlier values an operator lists are configured values, so they go through
 * the same step before they can stand in for an earlier `payload.secret`.
 */
export const payloadSecretOf = (configuredSecret: string): string =>
  createHash('sha256').update(configuredSecret).digest('hex').slice(0, 32)
