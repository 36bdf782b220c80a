import type { CollectionConfig } from 'payload'

/** The blank template's uploads: public images with a required alternative text. */
export const Media: CollectionConfig = {
  access: { read: () => true },
  fields: [{ name: 'alt', required: true, type: 'text' }],
  slug: 'media',
  upload: true,
}
