import type { CollectionConfig } from 'payload'

export const clientAttemptsSlug = 'login-client-attempts'

/**
 * Sign-in attempts per client address, one row per address and window (`bucket`, the number of
 * whole `clientWindowSeconds` since the epoch), shared by every app process through the database:
 * a limit kept in each process's memory lets N processes check N times as many passwords. Keys
 * are keyed hashes of the address, so the table holds no addresses; rows older than the previous
 * window are deleted by the claim itself (see claimClientAttempt.ts).
 */
export const clientAttemptsCollection = (): CollectionConfig => ({
  slug: clientAttemptsSlug,
  access: { create: () => false, delete: () => false, read: () => false, update: () => false },
  admin: { hidden: true },
  fields: [
    { name: 'key', type: 'text', index: true, required: true, unique: true },
    { name: 'bucket', type: 'number', index: true, required: true },
    { name: 'attempts', type: 'number', defaultValue: 0 },
  ],
  graphQL: false,
})
