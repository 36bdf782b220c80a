import type { BackofficePluginOptions, SanitizedBackofficeOptions } from './types.js'

import { defaults } from './defaults.js'

/**
 * Fills every option with its default and rejects values that cannot work, at config time, so a
 * misconfiguration fails the build instead of a sign-in at run time.
 */
export const sanitizeOptions = (options: BackofficePluginOptions = {}): SanitizedBackofficeOptions => {
  const sanitized: SanitizedBackofficeOptions = {
    enabled: options.enabled ?? defaults.enabled,
    translations: options.translations ?? defaults.translations,
    usersCollection: options.usersCollection ?? defaults.usersCollection,
  }

  if (typeof sanitized.usersCollection !== 'string' || sanitized.usersCollection.length === 0) {
    throw new Error('payload-backoffice: `usersCollection` must be the slug of an auth collection.')
  }

  return sanitized
}
