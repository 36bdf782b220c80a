/** A node of Payload's Slate rich text: a text leaf with marks, or an element with children. */
export type SlateNode = {
  [key: string]: unknown
  children?: SlateNode[]
  text?: string
  type?: string
}

/** Elements that flow inside a line of text; every other element starts a line of its own. */
const inlineElements = new Set(['link'])
/** Elements with no text of their own (embedded documents and files). */
const voidElements = new Set(['relationship', 'upload'])

const isBlock = (node: SlateNode): boolean =>
  node.text === undefined && !inlineElements.has(node.type ?? '')

const nodeToText = (node: SlateNode): string => {
  if (typeof node.text === 'string') {
    return node.text
  }
  if (voidElements.has(node.type ?? '') || !Array.isArray(node.children)) {
    return ''
  }
  const children = node.children
  const separator = children.some(isBlock) ? '\n' : ''
  return children
    .map(nodeToText)
    .filter((text, index) => separator === '' || text !== '' || !isBlock(children[index]!))
    .join(separator)
}

/**
 * The text of a Slate value, one line per block, without marks or embedded documents: for search
 * snippets, SEO descriptions and notification emails. Payload's Slate editor ships no serializer.
 */
export const slateToPlainText = (value: unknown): string => {
  if (!Array.isArray(value)) {
    return ''
  }
  return (value as SlateNode[])
    .map(nodeToText)
    .filter((line) => line.trim() !== '')
    .join('\n')
    .trim()
}
