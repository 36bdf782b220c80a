'use client'

import type { DefaultCellComponentProps } from 'payload'

import { useTranslation } from '@payloadcms/ui'

import { useBackofficeTranslation } from '../../../shared/components/client/useBackofficeTranslation.js'
import { useMountTime } from '../../../shared/components/client/useMountTime.js'
import { formatDateTime } from '../../../shared/lib/formatDateTime.js'

/**
 * The users list's "Locked until" column: the time while it is ahead, else "Not locked". The column
 * keeps the last lock's end after it has passed (the lockout compares with the clock at each
 * attempt and never clears it), and a past time read as a lock that still holds.
 */
export const LockedUntilCell = ({ cellData }: DefaultCellComponentProps) => {
  const t = useBackofficeTranslation()
  const { i18n } = useTranslation()
  const now = useMountTime()
  if (cellData === undefined) {
    return null
  }
  const until = cellData ? new Date(cellData as string) : null
  if (!until || Number.isNaN(until.getTime()) || until.getTime() <= now) {
    return <span>{t('lockoutNotLocked')}</span>
  }
  return <span>{formatDateTime(i18n.language, until)}</span>
}
