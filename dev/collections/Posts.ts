import type { CollectionConfig } from 'payload'

import { contentBlocks } from '../blocks/index.js'
import { labels } from '../labels.js'
import { contentCollection, slugField } from './contentCollection.js'
import { contentField } from './richText.js'

export const Posts: CollectionConfig = contentCollection({
  slug: 'posts',
  admin: { defaultColumns: ['title', 'category', '_status', 'publishedAt'] },
  fields: [
    { name: 'title', type: 'text', localized: true, required: true },
    slugField,
    {
      name: 'publishedAt',
      type: 'date',
      admin: { date: { pickerAppearance: 'dayAndTime' }, position: 'sidebar' },
    },
    {
      name: 'category',
      type: 'select',
      admin: { position: 'sidebar' },
      options: [
        { label: 'News', value: 'news' },
        { label: 'Guide', value: 'guide' },
        { label: 'Release notes', value: 'release-notes' },
      ],
    },
    {
      name: 'author',
      type: 'relationship',
      admin: { position: 'sidebar' },
      relationTo: 'users',
    },
    { name: 'heroImage', type: 'upload', relationTo: 'media' },
    { name: 'excerpt', type: 'textarea', localized: true, maxLength: 300 },
    contentField(),
    { name: 'blocks', type: 'blocks', blocks: contentBlocks, localized: true },
  ],
  labels: labels.posts,
})
