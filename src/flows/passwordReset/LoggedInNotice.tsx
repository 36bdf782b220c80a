import type { ReactNode } from 'react'

import './LoggedInNotice.css'
import './pageColumn.css'

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
  <div className="backoffice-page-column backoffice-logged-in-notice" data-logged-in-notice="">
    <div className="form-header">
      <h1>{heading}</h1>
      <p>{description}</p>
    </div>
    <div className="backoffice-logged-in-notice__actions">{actions}</div>
  </div>
)
