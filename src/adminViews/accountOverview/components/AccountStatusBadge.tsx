'use client'

import { useTranslation } from '@payloadcms/ui'

import type { AccountStatus } from '../accountStatus.js'

import { useBackofficeTranslation } from '../../../shared/components/client/useBackofficeTranslation.js'
import { formatDateTime } from '../../../shared/lib/formatDateTime.js'
import { StatusBadge } from './StatusBadge.js'

/** An account's status as a badge: Active, Locked until …, or Suspended. */
export const AccountStatusBadge = ({ status }: { status: AccountStatus }) => {
  const t = useBackofficeTranslation()
  const { i18n } = useTranslation()
  if (status.kind === 'suspended') {
    return <StatusBadge tone="danger">{t('accountStatusSuspended')}</StatusBadge>
  }
  if (status.kind === 'locked') {
    return (
      <StatusBadge tone="warning">
        {t('accountStatusLockedUntil', {
          // First-strong isolates (Unicode UAX #9): a date written right to left stays whole inside
          // a sentence written left to right, and the other way round.
          time: `\u2068${formatDateTime(i18n.language, status.until) ?? ''}\u2069`,
        })}
      </StatusBadge>
    )
  }
  return <StatusBadge tone="success">{t('accountStatusActive')}</StatusBadge>
}
