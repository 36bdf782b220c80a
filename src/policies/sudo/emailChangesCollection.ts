import type { CollectionConfig } from 'payload'

import type { SanitizedBackofficeOptions } from '../../shared/options/types.js'

import { pluginWritesOnly } from '../../shared/access/pluginWritesOnly.js'

export const emailChangesSlug = 'email-changes'

const nobody = { create: () => false, read: () => false, update: () => false }

/**
 * One row per change of an account's email within the undo window (see emailChangeRun.ts):
 * - a `change` holds the undo link sent to the run's first address, `previousEmail`: only the
 *   SHA-256 of its token (ASVS 5.0 6.4.1, as for reset links), when it stops working, and when it
 *   was used or voided;
 * - a `repair` (an administrator's change during a run, or the account going back to the run's first
 *   address) has no link: it voids the run's links, and its `newEmail` starts any later run.
 * No API reads or writes them; the plugin does, through the Local API and the adapter.
 */
export const emailChangesCollection = (options: SanitizedBackofficeOptions): CollectionConfig => ({
  slug: emailChangesSlug,
  access: pluginWritesOnly(),
  admin: { hidden: true },
  fields: [
    {
      name: 'user',
      type: 'relationship',
      index: true,
      relationTo: options.usersCollection,
      required: true,
    },
    {
      name: 'kind',
      type: 'select',
      defaultValue: 'change',
      options: ['change', 'repair'],
      required: true,
    },
    // For a change: the address its undo link restores. For a repair: the address it replaced.
    { name: 'previousEmail', type: 'email', access: nobody, required: true },
    { name: 'newEmail', type: 'email', access: nobody, required: true },
    { name: 'tokenHash', type: 'text', access: nobody, hidden: true, unique: true },
    { name: 'expiresAt', type: 'date', index: true, required: true },
    { name: 'undoneAt', type: 'date' },
    // Set when another link of the run was used, or an administrator repaired the address.
    { name: 'voidedAt', type: 'date' },
    // When the session that made the change signed in (the account's own change): a recovery
    // review of the run reaches back to it.
    { name: 'sessionStartedAt', type: 'date' },
  ],
  timestamps: true,
})
