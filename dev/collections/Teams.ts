import type { CollectionConfig } from 'payload'

import { isAdmin } from '../access/roles.js'
import { labels } from '../labels.js'

/**
 * The teams staff belong to. Their names are no secret (a staff directory shows them), so anyone may
 * read them: an invitee, not signed in yet, picks theirs on the invitation page.
 */
export const teamsCollection = (): CollectionConfig => ({
  slug: 'teams',
  access: {
    create: isAdmin,
    delete: isAdmin,
    read: () => true,
    update: isAdmin,
  },
  admin: { group: labels.administration, useAsTitle: 'name' },
  labels: labels.teams,
  fields: [{ name: 'name', type: 'text', required: true }],
})
