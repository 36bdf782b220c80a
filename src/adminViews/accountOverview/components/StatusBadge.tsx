import type { CSSProperties, ReactNode } from 'react'

export type BadgeTone = 'danger' | 'neutral' | 'success' | 'warning'

const toneColour: Record<BadgeTone, string> = {
  danger: 'var(--theme-error-500)',
  neutral: 'var(--theme-elevation-400)',
  success: 'var(--theme-success-500)',
  warning: 'var(--theme-warning-500)',
}

/**
 * A short state in a list cell or the security panel. The tone is a border and a dot, never the text
 * colour: the text keeps the theme's contrast in light and dark mode (WCAG 2.2 1.4.3), and the words
 * carry the meaning, not the colour (1.4.1).
 */
export const StatusBadge = ({ children, tone }: { children: ReactNode; tone: BadgeTone }) => {
  const style: CSSProperties = {
    alignItems: 'center',
    border: `1px solid ${toneColour[tone]}`,
    borderRadius: 'var(--style-radius-s)',
    color: 'var(--theme-text)',
    display: 'inline-flex',
    fontSize: '0.85em',
    gap: '0.35em',
    lineHeight: 1.6,
    paddingInline: '0.45em',
    whiteSpace: 'nowrap',
  }
  const dot: CSSProperties = {
    backgroundColor: toneColour[tone],
    borderRadius: '50%',
    blockSize: '0.5em',
    display: 'inline-block',
    inlineSize: '0.5em',
  }
  return (
    <span className="backoffice-badge" data-tone={tone} style={style}>
      <span aria-hidden="true" style={dot} />
      {/* Isolated from the cell around it: its direction is its own text's (UAX #9). */}
      <bdi>{children}</bdi>
    </span>
  )
}
