import type { CollectionConfig } from 'payload'

import { pluginWritesOnly } from '../../shared/access/pluginWritesOnly.js'

export const clientAttemptsSlug = 'login-client-attempts'

/**
 * A table of uses per key and window for `claimWindowSlot`: one row per key and window (`bucket`,
 * the number of whole windows since the epoch), shared by every app process through the database.
 * Keys are keyed hashes, so the table holds no addresses; rows older than the previous window are
 * deleted by the claim itself.
 */
export const windowCountsCollection = (slug: string): CollectionConfig => ({
  slug,
  access: pluginWritesOnly(),
  admin: { hidden: true },
  fields: [
    { name: 'key', type: 'text', index: true, required: true, unique: true },
    { name: 'bucket', type: 'number', index: true, required: true },
    { name: 'attempts', type: 'number', defaultValue: 0 },
  ],
  graphQL: false,
})

/**
 * Sign-in attempts per client address and `clientWindowSeconds` window (see claimClientAttempt.ts):
 * a limit kept in each process's memory lets N processes check N times as many passwords.
 */
export const clientAttemptsCollection = (): CollectionConfig =>
  windowCountsCollection(clientAttemptsSlug)
