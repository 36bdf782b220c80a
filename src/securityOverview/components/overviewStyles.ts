import type { CSSProperties } from 'react'

// Logical properties only (inline/block, start/end), so the layout mirrors in right-to-left languages;
// colours from Payload's theme variables, so light and dark themes both read.
export const overviewStyles = {
  card: {
    border: '1px solid var(--theme-elevation-150)',
    borderRadius: 'var(--style-radius-m)',
    color: 'inherit',
    display: 'flex',
    flexDirection: 'column',
    gap: 'calc(var(--base) / 4)',
    paddingBlock: 'calc(var(--base) * 0.75)',
    paddingInline: 'var(--base)',
    textDecoration: 'none',
  },
  cardLabel: { color: 'var(--theme-elevation-800)', fontSize: '0.95em' },
  cardNote: { color: 'var(--theme-elevation-650)', fontSize: '0.85em' },
  cardNumber: {
    fontSize: '2em',
    fontVariantNumeric: 'tabular-nums',
    fontWeight: 600,
    lineHeight: 1.1,
  },
  cards: {
    display: 'grid',
    gap: 'var(--base)',
    gridTemplateColumns: 'repeat(auto-fill, minmax(13rem, 1fr))',
    listStyle: 'none',
    margin: 0,
    padding: 0,
  },
  caption: { fontWeight: 600, paddingBlockEnd: 'calc(var(--base) / 2)', textAlign: 'start' },
  cell: {
    borderBlockEnd: '1px solid var(--theme-elevation-100)',
    fontVariantNumeric: 'tabular-nums',
    paddingBlock: 'calc(var(--base) / 4)',
    paddingInline: 'calc(var(--base) / 2)',
    textAlign: 'end',
  },
  headerCell: {
    borderBlockEnd: '1px solid var(--theme-elevation-250)',
    fontWeight: 600,
    paddingBlock: 'calc(var(--base) / 4)',
    paddingInline: 'calc(var(--base) / 2)',
    textAlign: 'end',
  },
  rowHeader: {
    borderBlockEnd: '1px solid var(--theme-elevation-100)',
    fontWeight: 500,
    paddingBlock: 'calc(var(--base) / 4)',
    paddingInline: 'calc(var(--base) / 2)',
    textAlign: 'start',
  },
  section: { marginBlock: 'calc(var(--base) * 2)' },
  table: { borderCollapse: 'collapse', minInlineSize: '100%' },
  tableScroll: { maxInlineSize: '100%', overflowX: 'auto' },
} satisfies Record<string, CSSProperties>
