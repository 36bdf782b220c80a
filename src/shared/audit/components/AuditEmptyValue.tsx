'use client'

import { useBackofficeTranslation } from '../../components/client/useBackofficeTranslation.js'
import './AuditEmptyValue.css'

/** What the audit log shows where nothing was recorded: a dash, and words for screen readers. */
export const AuditEmptyValue = () => {
  const t = useBackofficeTranslation()
  return (
    <span className="audit-empty-value backoffice-audit-empty-value">
      <span aria-hidden="true">—</span>
      <span className="backoffice-audit-empty-value__words">{t('auditEmptyValue')}</span>
    </span>
  )
}
