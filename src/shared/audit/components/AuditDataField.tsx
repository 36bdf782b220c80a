'use client'

import type { JSONFieldClientProps } from 'payload'
import type { ReactNode } from 'react'

import { useField } from '@payloadcms/ui'

import { useBackofficeTranslation } from '../../components/client/useBackofficeTranslation.js'
import { AuditEmptyValue } from './AuditEmptyValue.js'
import './AuditDataField.css'

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

const show = (value: unknown): ReactNode => {
  if (value === null || value === undefined || value === '') {
    return <AuditEmptyValue />
  }
  if (isRecord(value)) {
    return <DataList data={value} />
  }
  if (Array.isArray(value)) {
    return value.every((item) => !isRecord(item) && !Array.isArray(item)) ? (
      <bdi>{value.map(String).join(', ')}</bdi>
    ) : (
      value.map((item, index) => <div key={index}>{show(item)}</div>)
    )
  }
  return <bdi>{String(value)}</bdi>
}

const DataList = ({ data }: { data: Record<string, unknown> }) => (
  <dl className="backoffice-audit-data__list">
    {Object.entries(data).map(([name, value]) => (
      <div className="backoffice-audit-data__row" key={name}>
        <dt className="backoffice-audit-data__name">
          <bdi>{name}</bdi>
        </dt>
        <dd className="backoffice-audit-data__value">{show(value)}</dd>
      </div>
    ))}
  </dl>
)

/**
 * An audit entry's structured data as a list of names and values, read-only. Payload's JSON field
 * would show it in its code editor, which loads Monaco from a CDN at run time: offline or under a
 * strict Content-Security-Policy that is an empty grey box, and otherwise a request to another site
 * from the audit log. Nothing here leaves the app's origin.
 */
export const AuditDataField = ({ path }: JSONFieldClientProps) => {
  const t = useBackofficeTranslation()
  const { value } = useField<unknown>({ path })
  const empty =
    value === null || value === undefined || (isRecord(value) && Object.keys(value).length === 0)
  return (
    <section
      aria-labelledby="audit-data-title"
      className="field-type audit-data backoffice-audit-data"
    >
      <span className="field-label backoffice-audit-data__title" id="audit-data-title">
        {t('auditFieldData')}
      </span>
      {empty ? (
        <p>{t('auditDataEmpty')}</p>
      ) : isRecord(value) ? (
        <DataList data={value} />
      ) : (
        <div className="backoffice-audit-data__value">{show(value)}</div>
      )}
    </section>
  )
}
