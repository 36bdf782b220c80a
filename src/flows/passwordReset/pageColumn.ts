import type { CSSProperties } from 'react'

/**
 * The one column the forgot and reset pages lay out in, as wide as the sign-in form's. Logical
 * properties only (inline/block), so it mirrors in right-to-left languages.
 */
export const pageColumn: CSSProperties = {
  display: 'grid',
  gap: 'var(--base)',
  inlineSize: '100%',
  marginInline: 'auto',
  maxInlineSize: '30rem',
}
