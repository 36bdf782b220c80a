import type { CollectionConfig } from 'payload'

import { contentBlocks } from '../blocks/index.js'
import { labels } from '../labels.js'
import { contentCollection, slugField } from './contentCollection.js'
import { contentField } from './richText.js'

export const pagesCollection = (): CollectionConfig =>
  contentCollection({
    slug: 'pages',
    fields: [
      { name: 'title', type: 'text', label: labels.fields.title, localized: true, required: true },
      slugField(),
      { name: 'heroImage', type: 'upload', label: labels.fields.heroImage, relationTo: 'media' },
      contentField({ label: labels.fields.content }),
      // Kept by the legal team through the API: editors see it, with its embedded documents, but cannot
      // change it (read-only relationship and upload blocks).
      contentField({
        name: 'legalNotice',
        admin: { readOnly: true },
        label: labels.fields.legalNotice,
      }),
      {
        name: 'layout',
        type: 'blocks',
        blocks: contentBlocks(),
        label: labels.fields.layout,
        localized: true,
      },
    ],
    labels: labels.pages,
  })
