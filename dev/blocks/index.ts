import type { Block } from 'payload'

/** Blocks editors can stack in a page or post body: a highlighted message, an image and a quote. */
const calloutBlock = (): Block => ({
  slug: 'callout',
  fields: [
    {
      name: 'tone',
      type: 'select',
      defaultValue: 'info',
      options: [
        { label: 'Information', value: 'info' },
        { label: 'Warning', value: 'warning' },
        { label: 'Success', value: 'success' },
      ],
    },
    { name: 'heading', type: 'text', localized: true, required: true },
    { name: 'body', type: 'textarea', localized: true },
  ],
  interfaceName: 'CalloutBlock',
  labels: { plural: 'Callouts', singular: 'Callout' },
})

const imageBlock = (): Block => ({
  slug: 'image',
  fields: [
    { name: 'image', type: 'upload', relationTo: 'media', required: true },
    { name: 'caption', type: 'text', localized: true },
  ],
  interfaceName: 'ImageBlock',
  labels: { plural: 'Images', singular: 'Image' },
})

const quoteBlock = (): Block => ({
  slug: 'quote',
  fields: [
    { name: 'quote', type: 'textarea', localized: true, required: true },
    { name: 'author', type: 'text' },
  ],
  interfaceName: 'QuoteBlock',
  labels: { plural: 'Quotes', singular: 'Quote' },
})

/** New block configs for each config built (Payload's sanitizing adds to a block's fields). */
export const contentBlocks = (): Block[] => [calloutBlock(), imageBlock(), quoteBlock()]
