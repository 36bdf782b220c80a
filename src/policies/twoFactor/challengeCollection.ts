import type { CollectionConfig } from 'payload'

import type { SanitizedBackofficeOptions } from '../../shared/options/types.js'

import { pluginWritesOnly } from '../../shared/access/pluginWritesOnly.js'

export const twoFactorChallengesSlug = 'two-factor-challenges'

/**
 * Sign-ins whose password was right and whose second factor (or enrolment) is still to come. The
 * browser holds a random token in an httpOnly cookie; only its SHA-256 is stored here, with the
 * account, the expiry and the wrong codes tried so far. A row is deleted when it is used, so each
 * challenge mints at most one session. No API reaches it.
 */
export const twoFactorChallengesCollection = (
  options: SanitizedBackofficeOptions,
): CollectionConfig => ({
  slug: twoFactorChallengesSlug,
  access: pluginWritesOnly(),
  admin: { hidden: true },
  fields: [
    { name: 'tokenHash', type: 'text', index: true, required: true, unique: true },
    {
      name: 'user',
      type: 'relationship',
      index: true,
      relationTo: options.usersCollection,
      required: true,
    },
    { name: 'expiresAt', type: 'date', index: true, required: true },
    { name: 'failedAttempts', type: 'number', defaultValue: 0 },
    // The single sign-on the first factor was (see request/context.ts), for the session to come.
    { name: 'singleSignOn', type: 'json' },
  ],
  graphQL: false,
})
