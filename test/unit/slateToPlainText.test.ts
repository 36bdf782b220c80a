import { describe, expect, it } from 'vitest'

import { slateToPlainText } from '../../src/content/richtext/slateToPlainText.js'

describe('slateToPlainText', () => {
  it('returns an empty string for anything that is not a Slate value', () => {
    expect(slateToPlainText(undefined)).toBe('')
    expect(slateToPlainText(null)).toBe('')
    expect(slateToPlainText('text')).toBe('')
    expect(slateToPlainText([])).toBe('')
  })

  it('puts each block on its own line and drops marks', () => {
    const value = [
      { children: [{ text: 'Title' }], type: 'h1' },
      {
        children: [
          { text: 'Plain ' },
          { bold: true, text: 'bold' },
          { italic: true, text: ' and more' },
        ],
      },
      { children: [{ text: 'A quote' }], type: 'blockquote' },
    ]
    expect(slateToPlainText(value)).toBe('Title\nPlain bold and more\nA quote')
  })

  it('keeps link text inline and leaves out embedded documents and uploads', () => {
    const value = [
      {
        children: [
          { text: 'Read ' },
          { children: [{ text: 'the guide' }], type: 'link', url: 'https://example.com' },
          { text: ' now.' },
        ],
      },
      { children: [{ text: '' }], relationTo: 'media', type: 'upload', value: { id: 1 } },
      { children: [{ text: '' }], relationTo: 'pages', type: 'relationship', value: { id: 2 } },
    ]
    expect(slateToPlainText(value)).toBe('Read the guide now.')
  })

  it('lists items line by line, nested in indents', () => {
    const value = [
      {
        children: [
          { children: [{ text: 'One' }], type: 'li' },
          { children: [{ text: 'Two' }], type: 'li' },
        ],
        type: 'ul',
      },
      { children: [{ children: [{ text: 'Indented' }] }], type: 'indent' },
    ]
    expect(slateToPlainText(value)).toBe('One\nTwo\nIndented')
  })
})
