import type { CollectionConfig } from 'payload'

import type { SanitizedBackofficeOptions } from '../options/types.js'

export const emailChangesSlug = 'email-changes'

const nobody = { create: () => false, read: () => false, update: () => false }

/**
 * One row per change of an account's email, holding the undo link sent to the old address: only the
 * SHA-256 of its token (ASVS 5.0 6.4.1, as for reset links), when it stops working and when it was
 * used. No API reads or writes them; the plugin does, through the Local API and the adapter.
 */
export const emailChangesCollection = (options: SanitizedBackofficeOptions): CollectionConfig => ({
  slug: emailChangesSlug,
  access: { create: () => false, delete: () => false, read: () => false, update: () => false },
  admin: { hidden: true },
  fields: [
    {
      name: 'user',
      type: 'relationship',
      index: true,
      relationTo: options.usersCollection,
      required: true,
    },
    { name: 'previousEmail', type: 'email', access: nobody, required: true },
    { name: 'newEmail', type: 'email', access: nobody, required: true },
    {
      name: 'tokenHash',
      type: 'text',
      access: nobody,
      hidden: true,
      required: true,
      unique: true,
    },
    { name: 'expiresAt', type: 'date', index: true, required: true },
    { name: 'undoneAt', type: 'date' },
  ],
  timestamps: true,
})
