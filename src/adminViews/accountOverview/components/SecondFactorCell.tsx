'use client'

import type { DefaultCellComponentProps } from 'payload'

import type { SecondFactorSummary } from '../addAccountFacts.js'

import { useBackofficeTranslation } from '../../../shared/components/client/useBackofficeTranslation.js'
import { StatusBadge } from './StatusBadge.js'
import './SecondFactorCell.css'

/** The users list's Second factor column: the authenticator app and the passkeys, or None. */
export const SecondFactorCell = ({
  cellData,
  enabled = true,
}: { enabled?: boolean } & DefaultCellComponentProps) => {
  const t = useBackofficeTranslation()
  const factors = cellData as SecondFactorSummary | null | undefined
  if (!enabled || !factors) {
    return null
  }
  if (!factors.app && factors.passkeys === 0) {
    return <StatusBadge tone="warning">{t('secondFactorNone')}</StatusBadge>
  }
  return (
    <span className="backoffice-second-factors">
      {factors.app && <StatusBadge tone="success">{t('secondFactorApp')}</StatusBadge>}
      {factors.passkeys > 0 && (
        <StatusBadge tone="success">
          {t('secondFactorPasskeys', { count: factors.passkeys })}
        </StatusBadge>
      )}
    </span>
  )
}
