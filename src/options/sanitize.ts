import type { BackofficePluginOptions, SanitizedBackofficeOptions } from './types.js'

import { defaults } from './defaults.js'

const positiveInteger = (value: number, name: string): number => {
  if (!Number.isInteger(value) || value <= 0) {
    throw new Error(`payload-backoffice: \`${name}\` must be a whole number above 0 (got ${String(value)}).`)
  }
  return value
}

/**
 * Fills every option with its default and rejects values that cannot work, at config time, so a
 * misconfiguration fails the build instead of a sign-in at run time.
 */
export const sanitizeOptions = (options: BackofficePluginOptions = {}): SanitizedBackofficeOptions => {
  const lockout = { ...defaults.lockout, ...options.lockout }
  const sanitized: SanitizedBackofficeOptions = {
    enabled: options.enabled ?? defaults.enabled,
    lockout: {
      baseDelaySeconds: positiveInteger(lockout.baseDelaySeconds, 'lockout.baseDelaySeconds'),
      maxDelaySeconds: positiveInteger(lockout.maxDelaySeconds, 'lockout.maxDelaySeconds'),
      suspendAfter: positiveInteger(lockout.suspendAfter, 'lockout.suspendAfter'),
      threshold: positiveInteger(lockout.threshold, 'lockout.threshold'),
    },
    roles: { ...defaults.roles, ...options.roles },
    translations: options.translations ?? defaults.translations,
    trustProxy: options.trustProxy ?? defaults.trustProxy,
    usersCollection: options.usersCollection ?? defaults.usersCollection,
  }

  if (typeof sanitized.usersCollection !== 'string' || sanitized.usersCollection.length === 0) {
    throw new Error('payload-backoffice: `usersCollection` must be the slug of an auth collection.')
  }
  if (sanitized.lockout.maxDelaySeconds < sanitized.lockout.baseDelaySeconds) {
    throw new Error('payload-backoffice: `lockout.maxDelaySeconds` must not be below `lockout.baseDelaySeconds`.')
  }
  if (sanitized.lockout.suspendAfter <= sanitized.lockout.threshold) {
    throw new Error('payload-backoffice: `lockout.suspendAfter` must be above `lockout.threshold`.')
  }
  return sanitized
}
