import type { RichTextField } from 'payload'

import { slateEditor } from '@payloadcms/richtext-slate'

/**
 * The Slate editor with the full toolbar of the content spec: marks, headings, quote, lists, indent,
 * alignment, links, and embedded documents and media.
 */
export const richTextEditor = slateEditor({
  admin: {
    elements: [
      'h1',
      'h2',
      'h3',
      'h4',
      'h5',
      'h6',
      'blockquote',
      'ol',
      'ul',
      'indent',
      'textAlign',
      'link',
      'relationship',
      'upload',
    ],
    leaves: ['bold', 'italic', 'underline', 'strikethrough', 'code'],
    upload: {
      collections: {
        media: { fields: [{ name: 'caption', type: 'text' }] },
      },
    },
  },
})

export const contentField = (overrides: Partial<RichTextField> = {}): RichTextField => ({
  name: 'content',
  type: 'richText',
  editor: richTextEditor,
  localized: true,
  ...overrides,
})
