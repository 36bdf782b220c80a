'use client'

import type { DefaultCellComponentProps } from 'payload'

import { useBackofficeTranslation } from '../../components/client/useBackofficeTranslation.js'
import { auditEvents } from '../auditEvents.js'
import { AuditCellLink } from './AuditCellLink.js'
import { AuditEmptyValue } from './AuditEmptyValue.js'
import './AuditEventCell.css'

/**
 * The audit log's event column: the event's name, and for a refusal or an alert a badge saying so
 * in words (WCAG 2.2 1.4.1: not by colour alone), so what needs a look stands out in the list.
 */
export const AuditEventCell = ({
  cellData,
  collectionSlug,
  link,
  linkURL,
  rowData,
}: DefaultCellComponentProps) => {
  const t = useBackofficeTranslation()
  const definition =
    typeof cellData === 'string' && Object.hasOwn(auditEvents, cellData)
      ? (auditEvents[cellData as keyof typeof auditEvents] as {
          mark?: 'alert' | 'refusal'
          translationKey: Parameters<typeof t>[0]
        })
      : undefined
  return (
    <AuditCellLink collectionSlug={collectionSlug} link={link} linkURL={linkURL} rowData={rowData}>
      {definition ? (
        <span className="audit-event backoffice-audit-event" data-mark={definition.mark}>
          {t(definition.translationKey)}
          {/* A space, so the name and the badge are two words to a screen reader and to copy. */}
          {definition.mark ? ' ' : null}
          {definition.mark === 'refusal' ? (
            <span className="audit-event__mark backoffice-audit-event__mark backoffice-audit-event__mark--refusal">
              {t('auditMarkRefusal')}
            </span>
          ) : definition.mark === 'alert' ? (
            <span className="audit-event__mark backoffice-audit-event__mark backoffice-audit-event__mark--alert">
              {t('auditMarkAlert')}
            </span>
          ) : null}
        </span>
      ) : typeof cellData === 'string' && cellData !== '' ? (
        <bdi>{cellData}</bdi>
      ) : (
        <AuditEmptyValue />
      )}
    </AuditCellLink>
  )
}
