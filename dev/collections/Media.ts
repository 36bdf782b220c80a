import type { CollectionConfig } from 'payload'

import path from 'node:path'
import { fileURLToPath } from 'node:url'

import { canEditContent } from '../access/roles.js'
import { labels } from '../labels.js'

const dirname = path.dirname(fileURLToPath(import.meta.url))

/**
 * The media collection. A function, so the folder is read when a config is built (a test process
 * builds several, one per test file, each with its own MEDIA_DIR).
 */
export const mediaCollection = (): CollectionConfig => ({
  slug: 'media',
  access: {
    create: canEditContent,
    delete: canEditContent,
    read: () => true,
    update: canEditContent,
  },
  admin: { group: labels.content },
  labels: labels.media,
  fields: [
    { name: 'alt', type: 'text', localized: true, required: true },
    { name: 'credit', type: 'text' },
  ],
  folders: true,
  upload: {
    // Uploaded files live beside the sandbox's database and are git-ignored with it.
    staticDir: process.env.MEDIA_DIR ?? path.resolve(dirname, '../.data/media'),
    focalPoint: true,
    imageSizes: [
      { name: 'thumbnail', height: 300, position: 'centre', width: 300 },
      { name: 'card', height: 432, width: 768 },
      { name: 'hero', width: 1600, withoutEnlargement: true },
    ],
    adminThumbnail: 'thumbnail',
    mimeTypes: ['image/*'],
  },
})
