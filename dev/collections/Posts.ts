import type { CollectionConfig } from 'payload'

import { contentBlocks } from '../blocks/index.js'
import { labels } from '../labels.js'
import { contentCollection, slugField } from './contentCollection.js'
import { contentField } from './richText.js'

export const postsCollection = (): CollectionConfig =>
  contentCollection({
    slug: 'posts',
    admin: { defaultColumns: ['title', 'category', '_status', 'publishedAt'] },
    fields: [
      { name: 'title', type: 'text', label: labels.fields.title, localized: true, required: true },
      slugField(),
      {
        name: 'publishedAt',
        type: 'date',
        admin: { date: { pickerAppearance: 'dayAndTime' }, position: 'sidebar' },
        label: labels.fields.publishedAt,
      },
      {
        name: 'category',
        type: 'select',
        admin: { position: 'sidebar' },
        label: labels.fields.category,
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
        label: labels.fields.author,
        relationTo: 'users',
      },
      { name: 'heroImage', type: 'upload', label: labels.fields.heroImage, relationTo: 'media' },
      {
        name: 'excerpt',
        type: 'textarea',
        label: labels.fields.excerpt,
        localized: true,
        maxLength: 300,
      },
      {
        name: 'audiences',
        type: 'select',
        hasMany: true,
        options: [
          { label: 'Editors', value: 'editors' },
          { label: 'Developers', value: 'developers' },
          { label: 'Decision makers', value: 'decision-makers' },
        ],
      },
      // Where a post first appeared; a group without a label, which the version comparison shows with
      // its "Unnamed Group" placeholder.
      {
        name: 'source',
        type: 'group',
        fields: [
          { name: 'publication', type: 'text' },
          { name: 'originalUrl', type: 'text' },
        ],
        label: false,
      },
      contentField({ label: labels.fields.content }),
      {
        name: 'blocks',
        type: 'blocks',
        blocks: contentBlocks(),
        label: labels.fields.blocks,
        localized: true,
      },
    ],
    labels: labels.posts,
  })
