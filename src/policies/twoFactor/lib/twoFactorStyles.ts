import type { CSSProperties } from 'react'

/** Layout of the two-factor views and account section. Logical properties only (inline/block), so they mirror in right-to-left languages. */
export const twoFactorStyles = {
  badge: {
    border: '1px solid var(--theme-success-500)',
    borderRadius: 'var(--style-radius-s)',
    color: 'var(--theme-success-750)',
    fontSize: '0.85em',
    paddingInline: 'calc(var(--base) / 3)',
  },
  checkbox: { alignItems: 'center', display: 'flex', gap: 'calc(var(--base) / 2)' },
  column: {
    display: 'grid',
    gap: 'var(--base)',
    inlineSize: '100%',
    marginInline: 'auto',
    maxInlineSize: '30rem',
  },
  device: {
    alignItems: 'center',
    display: 'flex',
    flexWrap: 'wrap',
    gap: 'var(--base)',
    justifyContent: 'space-between',
    paddingBlock: 'calc(var(--base) / 2)',
  },
  deviceIcon: {
    alignItems: 'center',
    blockSize: '2rem',
    borderRadius: '50%',
    display: 'inline-flex',
    flexShrink: 0,
    fontWeight: 600,
    inlineSize: '2rem',
    justifyContent: 'center',
  },
  fieldset: { border: 0, display: 'grid', gap: 'var(--base)', margin: 0, padding: 0 },
  list: { listStyle: 'none', margin: 0, padding: 0 },
  qrCode: { blockSize: 'auto', inlineSize: '12rem', maxInlineSize: '100%' },
  secret: {
    display: 'inline-flex',
    flexWrap: 'wrap',
    fontFamily: 'monospace',
    fontSize: '15px',
    gap: '0 0.6em',
    userSelect: 'all',
  },
  secretGroup: { whiteSpace: 'nowrap' },
  secretRow: {
    alignItems: 'center',
    display: 'flex',
    flexWrap: 'wrap',
    gap: 'calc(var(--base) / 2)',
    justifyContent: 'space-between',
  },
  section: { marginBlock: 'calc(var(--base) * 2)', textAlign: 'start' },
} satisfies Record<string, CSSProperties>
