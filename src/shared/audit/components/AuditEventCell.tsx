'use client'

import type { DefaultCellComponentProps } from 'payload'
import type { CSSProperties } from 'react'

import { useBackofficeTranslation } from '../../components/client/useBackofficeTranslation.js'
import { auditEvents } from '../auditEvents.js'
import { AuditCellLink } from './AuditCellLink.js'
import { AuditEmptyValue } from './AuditEmptyValue.js'

// Logical properties only, so the badge sits after the name in right-to-left languages too.
const badge = (tone: 'error' | 'warning'): CSSProperties => ({
  backgroundColor: `var(--theme-${tone}-100)`,
  border: `1px solid var(--theme-${tone}-500)`,
  borderRadius: 'var(--style-radius-s)',
  color: `var(--theme-${tone}-800)`,
  display: 'inline-block',
  fontSize: '0.85em',
  fontWeight: 600,
  lineHeight: 1.4,
  marginInlineStart: 'calc(var(--base) / 6)',
  paddingInline: 'calc(var(--base) / 4)',
})

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
        <span className="audit-event" data-mark={definition.mark}>
          {t(definition.translationKey)}
          {/* A space, so the name and the badge are two words to a screen reader and to copy. */}
          {definition.mark ? ' ' : null}
          {definition.mark === 'refusal' ? (
            <span className="audit-event__mark" style={badge('error')}>
              {t('auditMarkRefusal')}
            </span>
          ) : definition.mark === 'alert' ? (
            <span className="audit-event__mark" style={badge('warning')}>
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
