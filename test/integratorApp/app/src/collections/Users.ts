import type { CollectionConfig } from 'payload'

/** The blank template's staff accounts: email and password, and no roles field of their own. */
export const Users: CollectionConfig = {
  admin: { useAsTitle: 'email' },
  auth: true,
  fields: [],
  slug: 'users',
}
