'use client'

import type { DefaultCellComponentProps } from 'payload'

import { AuditCellLink } from './AuditCellLink.js'
import { AuditEmptyValue } from './AuditEmptyValue.js'
import { useAuditTime } from './useAuditTime.js'

/**
 * The audit log's time column in the admin's date format with its time zone
 * ("November 26th 2026, 11:08 AM UTC"); the exact instant in `datetime` for machines.
 */
export const AuditTimeCell = ({
  cellData,
  collectionSlug,
  link,
  linkURL,
  rowData,
}: DefaultCellComponentProps) => {
  const time = useAuditTime(cellData)
  return (
    <AuditCellLink collectionSlug={collectionSlug} link={link} linkURL={linkURL} rowData={rowData}>
      {time ? (
        <time dateTime={time.iso}>
          <bdi>{time.text}</bdi>
        </time>
      ) : (
        <AuditEmptyValue />
      )}
    </AuditCellLink>
  )
}
