'use client'

import type { CSSProperties } from 'react'

import { useBackofficeTranslation } from '../../components/client/useBackofficeTranslation.js'

// Visually hidden, still read (the usual "sr-only" rules), so a screen reader says "Not recorded"
// rather than "em dash".
const hidden: CSSProperties = {
  blockSize: 1,
  clipPath: 'inset(50%)',
  inlineSize: 1,
  overflow: 'hidden',
  position: 'absolute',
  whiteSpace: 'nowrap',
}

/** What the audit log shows where nothing was recorded: a dash, and words for screen readers. */
export const AuditEmptyValue = () => {
  const t = useBackofficeTranslation()
  return (
    <span className="audit-empty-value">
      <span aria-hidden="true">—</span>
      <span style={hidden}>{t('auditEmptyValue')}</span>
    </span>
  )
}
