import type { CollectionConfig } from 'payload'

import { pluginWritesOnly } from '../../shared/access/pluginWritesOnly.js'

export const loginThrottlesSlug = 'login-throttles'

/**
 * Lockout state for email addresses that belong to no account. The same schedule applies to them as
 * to real accounts, so "temporarily blocked" tells a guesser only that this address was guessed at
 * recently, never whether an account exists (ASVS 5.0 6.3.8). Keys are keyed hashes of the address,
 * so the table holds no email addresses.
 */
export const loginThrottlesCollection = (): CollectionConfig => ({
  slug: loginThrottlesSlug,
  access: pluginWritesOnly(),
  admin: { hidden: true },
  fields: [
    { name: 'key', type: 'text', index: true, required: true, unique: true },
    { name: 'consecutiveFailures', type: 'number', defaultValue: 0 },
    { name: 'lockoutUntil', type: 'date' },
    { name: 'lastFailedAt', type: 'date' },
  ],
  graphQL: false,
})
