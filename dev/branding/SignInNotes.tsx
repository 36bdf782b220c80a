import type { ServerProps } from 'payload'

import { sandboxText } from './texts.js'

const noteStyle = { color: 'var(--theme-elevation-800)', margin: 'calc(var(--base) / 2) 0' }

/** `admin.components.beforeLogin`: what this app is, above the sign-in form. */
export const SandboxNotice = ({ i18n }: ServerProps) => (
  <p className="sandbox-notice" style={noteStyle}>
    {sandboxText(i18n?.language, 'sandbox')}
  </p>
)

/** `admin.components.afterLogin`: where a person without an account turns, below the form. */
export const AccessHint = ({ i18n }: ServerProps) => (
  <p className="sandbox-access-hint" style={noteStyle}>
    {sandboxText(i18n?.language, 'access')}
  </p>
)
