import type { ReactNode } from 'react'

import { pageColumn } from './pageColumn.js'

/**
 * The "already logged in" state of the forgot and reset pages: a heading, one sentence and
 * the ways on, as plain links a keyboard and a screen reader reach in reading order.
 */
export const LoggedInNotice = ({
  actions,
  description,
  heading,
}: {
  actions: ReactNode
  description: string
  heading: string
}) => (
  <div data-logged-in-notice="" style={pageColumn}>
    <div className="form-header">
      <h1>{heading}</h1>
      <p>{description}</p>
    </div>
    <div style={{ alignItems: 'center', display: 'flex', flexWrap: 'wrap', gap: 'var(--base)' }}>
      {actions}
    </div>
  </div>
)
