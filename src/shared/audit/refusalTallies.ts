import type { CollectionConfig } from 'payload'

import { pluginWritesOnly } from '../access/pluginWritesOnly.js'

export const refusalTalliesSlug = 'refusal-tallies'

/**
 * Open summaries of refused attempts, one row per refused thing (an account, an address, a forged
 * callback) and minute, shared by every app process (see recordRefusal.ts). `entry` is the first
 * refusal's audit entry with the parties reduced to email and id; the row is deleted when its
 * summary is written.
 */
export const refusalTalliesCollection = (): CollectionConfig => ({
  slug: refusalTalliesSlug,
  access: pluginWritesOnly(),
  admin: { hidden: true },
  fields: [
    { name: 'key', type: 'text', index: true, required: true, unique: true },
    { name: 'endsAt', type: 'date', index: true, required: true },
    { name: 'refusals', type: 'number', defaultValue: 0 },
    { name: 'firstAt', type: 'date' },
    { name: 'lastAt', type: 'date' },
    { name: 'sampleAddresses', type: 'json' },
    { name: 'entry', type: 'json' },
  ],
  graphQL: false,
})
