'use client'

import type { DefaultCellComponentProps } from 'payload'

import { AuditCellLink } from './AuditCellLink.js'
import { AuditEmptyValue } from './AuditEmptyValue.js'

/**
 * A text column of the audit log (who did it, whom it concerned, the address): a dash where nothing
 * was recorded, where Payload's default cell shows "<No Done by>"; the value isolated in `<bdi>`,
 * so an email or an address keeps its order inside a right-to-left page.
 */
export const AuditTextCell = ({
  cellData,
  collectionSlug,
  link,
  linkURL,
  rowData,
}: DefaultCellComponentProps) => (
  <AuditCellLink collectionSlug={collectionSlug} link={link} linkURL={linkURL} rowData={rowData}>
    {typeof cellData === 'string' && cellData !== '' ? (
      <bdi>{cellData}</bdi>
    ) : typeof cellData === 'number' ? (
      <bdi>{String(cellData)}</bdi>
    ) : (
      <AuditEmptyValue />
    )}
  </AuditCellLink>
)
