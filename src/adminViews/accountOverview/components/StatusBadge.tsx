import type { ReactNode } from 'react'

import './StatusBadge.css'

export type BadgeTone = 'danger' | 'neutral' | 'success' | 'warning'

/**
 * A short state in a list cell or the security panel. The tone is a border and a dot, never the text
 * colour: the text keeps the theme's contrast in light and dark mode (WCAG 2.2 1.4.3), and the words
 * carry the meaning, not the colour (1.4.1).
 */
export const StatusBadge = ({ children, tone }: { children: ReactNode; tone: BadgeTone }) => (
  <span
    className={`backoffice-badge backoffice-status-badge backoffice-status-badge--${tone}`}
    data-tone={tone}
  >
    <span aria-hidden="true" className="backoffice-status-badge__dot" />
    {/* Isolated from the cell around it: its direction is its own text's (UAX #9). */}
    <bdi>{children}</bdi>
  </span>
)
