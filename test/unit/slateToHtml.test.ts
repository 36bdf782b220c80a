import { describe, expect, it } from 'vitest'

import { safeURL, slateToHtml } from '../../src/content/richtext/slateToHtml.js'

const text = (value: string, marks: Record<string, true> = {}) => ({ text: value, ...marks })

describe('slateToHtml', () => {
  it('returns nothing for anything that is not a Slate value', () => {
    expect(slateToHtml(undefined)).toBe('')
    expect(slateToHtml({ children: [] })).toBe('')
  })

  it('renders paragraphs, the six headings, quotes and lists', () => {
    const value = [
      { children: [text('Plain')] },
      ...[1, 2, 3, 4, 5, 6].map((level) => ({ children: [text(`H${level}`)], type: `h${level}` })),
      { children: [text('Quoted')], type: 'blockquote' },
      { children: [{ children: [text('One')], type: 'li' }], type: 'ul' },
      { children: [{ children: [text('First')], type: 'li' }], type: 'ol' },
    ]
    expect(slateToHtml(value)).toBe(
      '<p>Plain</p><h1>H1</h1><h2>H2</h2><h3>H3</h3><h4>H4</h4><h5>H5</h5><h6>H6</h6>' +
        '<blockquote>Quoted</blockquote><ul><li>One</li></ul><ol><li>First</li></ol>',
    )
  })

  it('renders each mark, and several at once in a fixed nesting', () => {
    const value = [
      {
        children: [
          text('b', { bold: true }),
          text('i', { italic: true }),
          text('u', { underline: true }),
          text('s', { strikethrough: true }),
          text('c', { code: true }),
          text('all', {
            bold: true,
            code: true,
            italic: true,
            strikethrough: true,
            underline: true,
          }),
        ],
      },
    ]
    expect(slateToHtml(value)).toBe(
      '<p><strong>b</strong><em>i</em><u>u</u><s>s</s><code>c</code><s><u><em><strong><code>all</code></strong></em></u></s></p>',
    )
  })

  it('aligns blocks from a known set only, and indents by 25 px on the reading side', () => {
    const value = [
      { children: [text('Centred')], textAlign: 'center', type: 'h2' },
      { children: [text('Odd')], textAlign: 'center; background: url(x)' },
      { children: [{ children: [text('Nested')] }], type: 'indent' },
    ]
    expect(slateToHtml(value)).toBe(
      '<h2 style="text-align: center">Centred</h2><p>Odd</p><div style="padding-inline-start: 25px"><p>Nested</p></div>',
    )
  })

  it('renders custom links, in a new tab when asked, and internal links to the document', () => {
    const value = [
      {
        children: [
          {
            children: [text('site')],
            linkType: 'custom',
            newTab: true,
            type: 'link',
            url: 'https://example.com/a?b=1&c=2',
          },
          {
            children: [text('page')],
            doc: { relationTo: 'pages', value: { id: 7 } },
            linkType: 'internal',
            type: 'link',
          },
        ],
      },
    ]
    expect(slateToHtml(value)).toBe(
      '<p><a href="https://example.com/a?b=1&#38;c=2" rel="noopener noreferrer" target="_blank">site</a><a href="/pages/7">page</a></p>',
    )
    expect(
      slateToHtml(value, {
        internalLinkURL: ({ relationTo, value: doc }) =>
          `/${relationTo}/by-id/${(doc as { id: number }).id}`,
      }),
    ).toContain('<a href="/pages/by-id/7">page</a>')
  })

  it('renders populated uploads as images, and relationships only through your renderer', () => {
    const value = [
      {
        children: [text('')],
        relationTo: 'media',
        type: 'upload',
        value: { alt: 'A "sunny" hill', id: 1, url: '/media/hill.png' },
      },
      { children: [text('')], relationTo: 'media', type: 'upload', value: 1 },
      { children: [text('')], relationTo: 'pages', type: 'relationship', value: { id: 2 } },
    ]
    expect(slateToHtml(value)).toBe(
      '<figure><img alt="A &#34;sunny&#34; hill" src="/media/hill.png"></figure>',
    )
    expect(
      slateToHtml(value.slice(2), {
        renderRelationship: ({ relationTo }) => `<aside>${relationTo}</aside>`,
      }),
    ).toBe('<aside>pages</aside>')
  })

  it('escapes text and drops links that could run script', () => {
    const value = [
      {
        children: [
          text('<script>alert(1)</script> & "quotes"'),
          { children: [text('x')], type: 'link', url: 'javascript:alert(1)' },
          { children: [text('y')], type: 'link', url: ' java\tscript:alert(1)' },
          { children: [text('z')], type: 'link', url: 'https://e.com/"><script>' },
        ],
      },
    ]
    expect(slateToHtml(value)).toBe(
      '<p>&#60;script&#62;alert(1)&#60;/script&#62; &#38; &#34;quotes&#34;xy<a href="https://e.com/&#34;&#62;&#60;script&#62;">z</a></p>',
    )
  })
})

describe('safeURL', () => {
  it('keeps web, mail and phone links and same-site paths', () => {
    for (const url of [
      'https://a.b/c',
      'http://a.b',
      'mailto:x@y.z',
      'tel:+3212',
      '/path',
      '?q=1',
      '#top',
      'page.html',
      '//cdn.example.com/x',
    ]) {
      expect(safeURL(url)).toBe(url)
    }
  })

  it('refuses script and data addresses, however they are dressed up', () => {
    for (const url of [
      'javascript:alert(1)',
      'JavaScript:x',
      'java\nscript:x',
      '\u0001javascript:x',
      'data:text/html,x',
      'vbscript:x',
      '',
      42,
    ]) {
      expect(safeURL(url)).toBeNull()
    }
  })
})
