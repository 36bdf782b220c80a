import type { CSSProperties } from 'react'

/** Read by screen readers, not shown: the usual clip pattern (a `display: none` element is not read). */
export const visuallyHidden: CSSProperties = {
  blockSize: 1,
  border: 0,
  clipPath: 'inset(50%)',
  inlineSize: 1,
  margin: -1,
  overflow: 'hidden',
  padding: 0,
  position: 'absolute',
  whiteSpace: 'nowrap',
}
