import type { CollectionConfig, Field } from 'payload'

import { canEditContent, publishedOrStaff } from '../access/roles.js'
import { labels } from '../labels.js'

/** Autosave every 2 s, as the content issue asks; the interval editors are used to from Payload. */
const AUTOSAVE_INTERVAL_MS = 2000

export const slugField = (): Field => ({
  name: 'slug',
  type: 'text',
  admin: { description: labels.fields.slugDescription, position: 'sidebar' },
  index: true,
  label: labels.fields.slug,
  required: true,
  unique: true,
  validate: (value: null | string | undefined) =>
    !value ||
    /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(value) ||
    'Use lowercase letters, digits and hyphens only.',
})

/**
 * What pages and posts share: drafts with autosave, version history, trash, folders, and editing by
 * administrators and editors (reviewers read only) with published documents readable by anyone.
 */
export const contentCollection = (
  config: Pick<CollectionConfig, 'fields' | 'slug'> & Partial<CollectionConfig>,
): CollectionConfig => ({
  access: {
    create: canEditContent,
    delete: canEditContent,
    read: publishedOrStaff,
    update: canEditContent,
  },
  folders: true,
  trash: true,
  versions: {
    drafts: { autosave: { interval: AUTOSAVE_INTERVAL_MS }, schedulePublish: true },
    maxPerDoc: 50,
  },
  ...config,
  admin: {
    defaultColumns: ['title', 'slug', '_status', 'updatedAt'],
    group: labels.content,
    listSearchableFields: ['title'],
    useAsTitle: 'title',
    ...config.admin,
  },
})
