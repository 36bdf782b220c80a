'use client'

import type { DefaultCellComponentProps } from 'payload'

import { useTranslation } from '@payloadcms/ui'

import { useBackofficeTranslation } from '../../../shared/components/client/useBackofficeTranslation.js'
import { formatDateTime } from '../../../shared/lib/formatDateTime.js'

/** The users list's Last sign-in column: when, in the admin's language, or Never (as far as the audit log keeps). */
export const LastSignInCell = ({
  cellData,
  enabled = true,
}: { enabled?: boolean } & DefaultCellComponentProps) => {
  const t = useBackofficeTranslation()
  const { i18n } = useTranslation()
  // Undefined: the row was not listed for an administrator, so there is nothing to say.
  if (!enabled || cellData === undefined) {
    return null
  }
  return (
    <span>{formatDateTime(i18n.language, cellData as null | string) ?? t('lastSignInNever')}</span>
  )
}
