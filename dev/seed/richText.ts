/** Small builders for Slate's JSON, so the seed content reads like the document it produces. */
type Leaf = {
  bold?: true
  code?: true
  italic?: true
  strikethrough?: true
  text: string
  underline?: true
}
type Node = { [key: string]: unknown; children: (Leaf | Node)[]; type?: string }

export const text = (value: string, marks: Omit<Leaf, 'text'> = {}): Leaf => ({
  text: value,
  ...marks,
})
export const paragraph = (...children: (Leaf | Node)[]): Node => ({ children })
export const heading = (level: 1 | 2 | 3 | 4 | 5 | 6, value: string): Node => ({
  children: [text(value)],
  type: `h${level}`,
})
export const quote = (value: string): Node => ({ children: [text(value)], type: 'blockquote' })
export const list = (type: 'ol' | 'ul', items: string[]): Node => ({
  children: items.map((item) => ({ children: [text(item)], type: 'li' })),
  type,
})
export const link = (url: string, value: string): Node => ({
  children: [text(value)],
  linkType: 'custom',
  newTab: true,
  type: 'link',
  url,
})
export const upload = (mediaId: number | string): Node => ({
  children: [text('')],
  relationTo: 'media',
  type: 'upload',
  value: { id: mediaId },
})
