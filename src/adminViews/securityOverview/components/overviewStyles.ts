import type { CSSProperties } from 'react'

// Logical properties only (inline/block, start/end), so the layout mirrors in right-to-left languages;
// colours from Payload's theme variables, so light and dark themes both read. Texts sit in `<bdi>`
// where they meet numbers, dates or punctuation: an untranslated (English) sentence in an Arabic
// admin keeps its full stop at its end (Unicode Bidirectional Algorithm, UAX #9, isolates).
export const overviewStyles = {
  card: {
    border: '1px solid var(--theme-elevation-150)',
    blockSize: '100%',
    borderRadius: 'var(--style-radius-m)',
    boxSizing: 'border-box',
    color: 'inherit',
    display: 'flex',
    flexDirection: 'column',
    gap: 'calc(var(--base) / 4)',
    paddingBlock: 'calc(var(--base) * 0.75)',
    paddingInline: 'var(--base)',
    textDecoration: 'none',
  },
  // Long compound words (German "Zurücksetzungsanfragen") break rather than leave the card.
  cardLabel: { color: 'var(--theme-elevation-800)', fontSize: '0.95em', overflowWrap: 'anywhere' },
  cardNumber: {
    fontSize: '2em',
    fontVariantNumeric: 'tabular-nums',
    fontWeight: 600,
    lineHeight: 1.1,
  },
  cards: {
    display: 'grid',
    gap: 'var(--base)',
    gridTemplateColumns: 'repeat(auto-fill, minmax(11rem, 1fr))',
    listStyle: 'none',
    margin: 0,
    padding: 0,
  },
  /** A section's heading, with room before what it introduces. */
  heading: { marginBlockEnd: 'var(--base)' },
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
  lead: { color: 'var(--theme-elevation-800)', marginBlockEnd: 0 },
  note: {
    color: 'var(--theme-elevation-650)',
    fontSize: '0.9em',
    marginBlock: 'calc(var(--base) / 2) 0',
  },
  rowHeader: {
    borderBlockEnd: '1px solid var(--theme-elevation-100)',
    fontWeight: 500,
    paddingBlock: 'calc(var(--base) / 4)',
    paddingInline: 'calc(var(--base) / 2)',
    textAlign: 'start',
  },
  subheading: { marginBlock: 'calc(var(--base) * 1.5) calc(var(--base) / 2)' },
  section: { marginBlock: 'calc(var(--base) * 2)' },
  table: { borderCollapse: 'collapse', minInlineSize: '100%' },
  tableScroll: {
    marginBlockStart: 'calc(var(--base) * 1.5)',
    maxInlineSize: '100%',
    overflowX: 'auto',
  },
  /** A zero: nothing to open, so no link, and quieter than the counts that have one. */
  zero: { color: 'var(--theme-elevation-650)' },
} satisfies Record<string, CSSProperties>
