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
    audit: {
      collections: options.audit?.collections ?? defaults.audit.collections,
      retentionDays: positiveInteger(
        options.audit?.retentionDays ?? defaults.audit.retentionDays,
        'audit.retentionDays',
      ),
      slug: options.audit?.slug ?? defaults.audit.slug,
    },
    enabled: options.enabled ?? defaults.enabled,
    lockout: {
      baseDelaySeconds: positiveInteger(lockout.baseDelaySeconds, 'lockout.baseDelaySeconds'),
      failureResponseMs: positiveInteger(lockout.failureResponseMs, 'lockout.failureResponseMs'),
      maxDelaySeconds: positiveInteger(lockout.maxDelaySeconds, 'lockout.maxDelaySeconds'),
      suspendAfter: positiveInteger(lockout.suspendAfter, 'lockout.suspendAfter'),
      threshold: positiveInteger(lockout.threshold, 'lockout.threshold'),
    },
    roles: { ...defaults.roles, ...options.roles },
    sessions: {
      slug: options.sessions?.slug ?? defaults.sessions.slug,
      touchIntervalSeconds: positiveInteger(
        options.sessions?.touchIntervalSeconds ?? defaults.sessions.touchIntervalSeconds,
        'sessions.touchIntervalSeconds',
      ),
    },
    translations: options.translations ?? defaults.translations,
    trustProxy: options.trustProxy ?? defaults.trustProxy,
    usersCollection: options.usersCollection ?? defaults.usersCollection,
  }

  if (typeof sanitized.usersCollection !== 'string' || sanitized.usersCollection.length === 0) {
    throw new Error('payload-backoffice: `usersCollection` must be the slug of an auth collection.')
  }
  if (typeof sanitized.sessions.slug !== 'string' || !/^[a-z][a-z0-9-]*$/.test(sanitized.sessions.slug)) {
    throw new Error('payload-backoffice: `sessions.slug` must be a collection slug (lower-case letters, digits, dashes).')
  }
  if (typeof sanitized.audit.slug !== 'string' || !/^[a-z][a-z0-9-]*$/.test(sanitized.audit.slug)) {
    throw new Error('payload-backoffice: `audit.slug` must be a collection slug (lower-case letters, digits, dashes).')
  }
  const auditCollections: unknown = sanitized.audit.collections
  if (!Array.isArray(auditCollections) || auditCollections.some((slug) => typeof slug !== 'string' || !slug)) {
    throw new Error('payload-backoffice: `audit.collections` must be a list of collection slugs.')
  }
  // The audit log cannot log itself, and staff accounts have user events of their own.
  for (const excluded of [sanitized.audit.slug, sanitized.usersCollection]) {
    if ((sanitized.audit.collections as string[]).includes(excluded)) {
      throw new Error(`payload-backoffice: \`audit.collections\` must not include "${excluded}".`)
    }
  }
  if (sanitized.lockout.maxDelaySeconds < sanitized.lockout.baseDelaySeconds) {
    throw new Error('payload-backoffice: `lockout.maxDelaySeconds` must not be below `lockout.baseDelaySeconds`.')
  }
  if (sanitized.lockout.suspendAfter <= sanitized.lockout.threshold) {
    throw new Error('payload-backoffice: `lockout.suspendAfter` must be above `lockout.threshold`.')
  }
  return sanitized
}
