'use client'

import type { DefaultCellComponentProps } from 'payload'

import { useBackofficeTranslation } from '../../components/client/useBackofficeTranslation.js'
import { auditCategories } from '../auditCategories.js'
import { AuditCellLink } from './AuditCellLink.js'
import { AuditEmptyValue } from './AuditEmptyValue.js'

/** The audit log's category column: the category's name, a dash where none is stored. */
export const AuditCategoryCell = ({
  cellData,
  collectionSlug,
  link,
  linkURL,
  rowData,
}: DefaultCellComponentProps) => {
  const t = useBackofficeTranslation()
  return (
    <AuditCellLink collectionSlug={collectionSlug} link={link} linkURL={linkURL} rowData={rowData}>
      {typeof cellData === 'string' && Object.hasOwn(auditCategories, cellData) ? (
        t(auditCategories[cellData as keyof typeof auditCategories].translationKey)
      ) : (
        <AuditEmptyValue />
      )}
    </AuditCellLink>
  )
}
