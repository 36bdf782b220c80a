import type { CollectionConfig } from 'payload'

import { contentBlocks } from '../blocks/index.js'
import { labels } from '../labels.js'
import { contentCollection, slugField } from './contentCollection.js'
import { contentField } from './richText.js'

export const Pages: CollectionConfig = contentCollection({
  slug: 'pages',
  fields: [
    { name: 'title', type: 'text', localized: true, required: true },
    slugField,
    { name: 'heroImage', type: 'upload', relationTo: 'media' },
    contentField(),
    { name: 'layout', type: 'blocks', blocks: contentBlocks, localized: true },
  ],
  labels: labels.pages,
})
