import type { RichTextField } from 'payload'

import { slateEditor } from '@payloadcms/richtext-slate'

/**
 * The Slate editor with the full toolbar: marks, headings, quote, lists, indent,
 * alignment, links, and embedded documents and media. A new editor for every field: richtext-slate
 * 3.90 changes its options while sanitizing, so an editor shared by two fields showed the link fields
 * twice in the link drawer and stored the copies in the link's `fields` (payloadcms/payload#5483 is
 * the closest upstream report).
 */
export const slateEditorForField = () =>
  slateEditor({
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
        // List items: without it Slate draws them as plain blocks, with no bullets or numbers.
        'li',
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
  editor: slateEditorForField(),
  localized: true,
  ...overrides,
})
