import type { SlateNode } from './slateToPlainText.js'

import { escapeHtml } from '../../shared/lib/escapeHtml.js'

export type SlateHtmlOptions = {
  /** The address of an internal link's document; by default `/{collection}/{id}`. */
  internalLinkURL?: (doc: { relationTo: string; value: unknown }) => string
  /** HTML for a relationship block (already escaped by you); by default nothing. */
  renderRelationship?: (node: { relationTo: string; value: unknown }) => string
  /** HTML for an upload block; by default an image when the upload is populated (depth ≥ 1). */
  renderUpload?: (node: { relationTo: string; value: unknown }) => string
}

/**
 * Only addresses that cannot run code: http(s), mailto and tel links, and paths, queries and
 * fragments on the same site. Whitespace and control characters are stripped before the check, as
 * browsers do (`java\tscript:` is still javascript).
 */
export const safeURL = (raw: unknown): null | string => {
  if (typeof raw !== 'string') {
    return null
  }
  // eslint-disable-next-line no-control-regex
  const url = raw.replace(/[\u0000-\u0020\u007f-\u009f]/g, '')
  if (url === '') {
    return null
  }
  if (
    /^(https?:|mailto:|tel:)/i.test(url) ||
    /^[/?#]/.test(url) ||
    !/^[a-z][a-z0-9+.-]*:/i.test(url)
  ) {
    return url
  }
  return null
}

const alignments = new Set(['center', 'justify', 'left', 'right'])
const blockTags: Record<string, string> = {
  blockquote: 'blockquote',
  h1: 'h1',
  h2: 'h2',
  h3: 'h3',
  h4: 'h4',
  h5: 'h5',
  h6: 'h6',
  li: 'li',
  ol: 'ol',
  ul: 'ul',
}
/** Marks, innermost first, so `<strong><em>` nest the same way every time. */
const marks: [string, string][] = [
  ['code', 'code'],
  ['bold', 'strong'],
  ['italic', 'em'],
  ['underline', 'u'],
  ['strikethrough', 's'],
]

const idOf = (value: unknown): unknown =>
  value && typeof value === 'object' && 'id' in value ? (value as { id: unknown }).id : value

const defaultUpload = ({ value }: { value: unknown }): string => {
  const upload = value as { alt?: unknown; filename?: unknown; url?: unknown } | null
  const src = safeURL(upload?.url)
  if (!src) {
    return ''
  }
  const alt = typeof upload?.alt === 'string' ? upload.alt : ''
  return `<figure><img alt="${escapeHtml(alt)}" src="${escapeHtml(src)}"></figure>`
}

const renderNode = (node: SlateNode, options: SlateHtmlOptions): string => {
  if (typeof node.text === 'string') {
    return marks.reduce(
      (html, [mark, tag]) => (node[mark] === true ? `<${tag}>${html}</${tag}>` : html),
      escapeHtml(node.text).replace(/\n/g, '<br>'),
    )
  }
  const children = (Array.isArray(node.children) ? node.children : [])
    .map((child) => renderNode(child, options))
    .join('')
  const align =
    typeof node.textAlign === 'string' && alignments.has(node.textAlign) ? node.textAlign : null
  const style = align ? ` style="text-align: ${align}"` : ''
  const relation = { relationTo: String(node.relationTo ?? ''), value: node.value }

  switch (node.type) {
    case 'indent':
      // The editor indents by 25 px a level; logical padding mirrors in RTL.
      return `<div style="padding-inline-start: 25px${align ? `; text-align: ${align}` : ''}">${children}</div>`
    case 'link': {
      const doc = node.doc as { relationTo?: unknown; value?: unknown } | undefined
      const href =
        node.linkType === 'internal' && doc?.relationTo
          ? safeURL(
              options.internalLinkURL?.({ relationTo: String(doc.relationTo), value: doc.value }) ??
                `/${encodeURIComponent(String(doc.relationTo))}/${encodeURIComponent(String(idOf(doc.value) ?? ''))}`,
            )
          : safeURL(node.url)
      if (!href) {
        return children
      }
      const target = node.newTab === true ? ' rel="noopener noreferrer" target="_blank"' : ''
      return `<a href="${escapeHtml(href)}"${target}>${children}</a>`
    }
    case 'relationship':
      return options.renderRelationship?.(relation) ?? ''
    case 'upload':
      return (options.renderUpload ?? defaultUpload)(relation)
    default: {
      const tag = node.type ? blockTags[node.type] : 'p'
      return `<${tag ?? 'p'}${style}>${children}</${tag ?? 'p'}>`
    }
  }
}

/**
 * HTML for a Slate rich-text value, for integrators' front-ends (Payload's Slate editor ships no
 * serializer). Text and attributes are escaped and link addresses that could run script are dropped,
 * so the output is safe to insert as HTML.
 */
export const slateToHtml = (value: unknown, options: SlateHtmlOptions = {}): string =>
  Array.isArray(value)
    ? (value as SlateNode[]).map((node) => renderNode(node, options)).join('')
    : ''
