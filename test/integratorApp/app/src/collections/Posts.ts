import type { CollectionConfig } from 'payload'

/**
 * What an integrator adds first: documents with a Lexical body (the config's editor), an image from
 * media, and drafts, so a post is written, saved and then published.
 */
export const Posts: CollectionConfig = {
  admin: { useAsTitle: 'title' },
  fields: [
    { name: 'title', required: true, type: 'text' },
    { name: 'body', type: 'richText' },
    { name: 'image', relationTo: 'media', type: 'upload' },
  ],
  slug: 'posts',
  versions: { drafts: true },
}
