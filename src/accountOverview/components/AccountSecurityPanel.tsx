'use client'

import type { CSSProperties, ReactNode } from 'react'

import { Button, useAuth, useDocumentInfo, useTranslation } from '@payloadcms/ui'
import { useId } from 'react'

import type { BackofficeTranslationKey } from '../../translations/types.js'

import { useBackofficeTranslation } from '../../components/client/useBackofficeTranslation.js'
import { formatDateTime } from '../../lib/formatDateTime.js'
import { RecoveryReviewSection } from '../../recoveryReview/components/RecoveryReviewSection.js'
import { SessionsField } from '../../sessions/components/SessionsField.js'
import { AccountStatusBadge } from './AccountStatusBadge.js'
import { useSecurityOverview } from './useSecurityOverview.js'

type Props = {
  /** False when the plugin is turned off: the field stays (same schema) but shows nothing. */
  enabled?: boolean
  usersCollection?: string
}

const suspensionReasonKeys: Record<string, BackofficeTranslationKey> = {
  administrator: 'suspensionReasonAdministrator',
  excessiveFailures: 'suspensionReasonExcessiveFailures',
  misuseReport: 'suspensionReasonMisuseReport',
  recoveryReview: 'suspensionReasonRecoveryReview',
  secondFactorFailures: 'suspensionReasonSecondFactorFailures',
  securityIncident: 'suspensionReasonSecurityIncident',
}

// Logical properties only, so the panel mirrors in right-to-left languages.
const styles = {
  facts: {
    display: 'grid',
    gap: 'calc(var(--base) / 2) var(--base)',
    gridTemplateColumns: 'repeat(auto-fill, minmax(12rem, 1fr))',
    margin: 0,
  },
  fact: { margin: 0 },
  term: { color: 'var(--theme-elevation-650)', fontSize: '0.85em', marginBlockEnd: '0.2em' },
  value: { fontWeight: 600, margin: 0 },
  panel: {
    border: '1px solid var(--theme-elevation-150)',
    borderRadius: 'var(--style-radius-m)',
    marginBlockEnd: 'calc(var(--base) * 1.5)',
    padding: 'var(--base)',
    textAlign: 'start',
  },
  subheading: { marginBlock: 'var(--base) calc(var(--base) / 2)' },
  unblock: {
    border: '1px solid var(--theme-error-500)',
    borderRadius: 'var(--style-radius-m)',
    marginBlockStart: 'var(--base)',
    padding: 'var(--base)',
  },
} satisfies Record<string, CSSProperties>

const Fact = ({ children, term }: { children: ReactNode; term: string }) => (
  <div style={styles.fact}>
    <dt style={styles.term}>{term}</dt>
    <dd style={styles.value}>{children}</dd>
  </div>
)

/**
 * At the top of another account's page, for administrators: whether it can sign in (and why not),
 * its failed attempts, its second factors counted, its last sign-in, its sessions with End buttons,
 * and Unblock for a suspended account. Ending a session or unblocking changes the panel in place.
 * The viewer's own page has the account sections instead.
 */
export const AccountSecurityPanel = ({ enabled = true, usersCollection = 'users' }: Props) => {
  const t = useBackofficeTranslation()
  const { i18n } = useTranslation()
  const { user } = useAuth()
  const { collectionSlug, id } = useDocumentInfo()
  const headingId = useId()
  const factorsId = useId()
  const shown =
    enabled &&
    id !== undefined &&
    id !== null &&
    collectionSlug === usersCollection &&
    user !== null &&
    user !== undefined &&
    String(user.id) !== String(id)
  const { overview, reload, status, unblock, unblocking, url } = useSecurityOverview({
    shown,
    usersCollection,
  })

  if (!shown || status === 'hidden') {
    return null
  }
  const time = (value: null | string, none: string) => formatDateTime(i18n.language, value) ?? none
  const accountStatus =
    overview?.status === 'locked' && overview.lockedUntil
      ? ({ kind: 'locked', until: overview.lockedUntil } as const)
      : ({ kind: overview?.status === 'suspended' ? 'suspended' : 'active' } as const)
  const reasonKey = overview?.suspensionReason
    ? suspensionReasonKeys[overview.suspensionReason]
    : undefined

  return (
    <section aria-labelledby={headingId} className="backoffice-security-panel" style={styles.panel}>
      <h2 id={headingId}>{t('securityPanelTitle')}</h2>
      {status === 'loading' && <p role="status">{t('securityPanelLoading')}</p>}
      {status === 'failed' && <p role="alert">{t('securityPanelLoadFailed')}</p>}
      {overview && (
        <>
          <dl style={styles.facts}>
            <Fact term={t('columnAccountStatus')}>
              <AccountStatusBadge status={accountStatus} />
            </Fact>
            {reasonKey && <Fact term={t('fieldSuspensionReason')}>{t(reasonKey)}</Fact>}
            {overview.suspendedAt && (
              <Fact term={t('fieldSuspendedAt')}>{time(overview.suspendedAt, '—')}</Fact>
            )}
            <Fact term={t('fieldConsecutiveFailedLogins')}>{overview.failedSignIns}</Fact>
            <Fact term={t('fieldSecondFactorFailures')}>{overview.secondFactorFailures}</Fact>
            <Fact term={t('fieldLockoutUntil')}>
              {time(overview.lockedUntil, t('lockoutNotLocked'))}
            </Fact>
            <Fact term={t('columnLastSignIn')}>
              {time(overview.lastSignInAt, t('lastSignInNever'))}
            </Fact>
          </dl>
          <h3 id={factorsId} style={styles.subheading}>
            {t('securityPanelSecondFactors')}
          </h3>
          <dl aria-labelledby={factorsId} style={styles.facts}>
            <Fact term={t('secondFactorApp')}>
              {overview.authenticatorApp === 'enabled'
                ? t('securityPanelAppOn')
                : overview.authenticatorApp === 'pending'
                  ? t('twoFactorStatusPending')
                  : t('securityPanelAppOff')}
            </Fact>
            <Fact term={t('passkeys')}>{overview.passkeys}</Fact>
            <Fact term={t('securityPanelRecoveryCodesLeft')}>
              {overview.recoveryCodesTotal === 0
                ? t('secondFactorNone')
                : t('securityPanelRecoveryCodesCount', {
                    remaining: overview.recoveryCodesLeft,
                    total: overview.recoveryCodesTotal,
                  })}
            </Fact>
            <Fact term={t('fieldTrustedDevices')}>{overview.trustedDevices}</Fact>
          </dl>
          {overview.status === 'suspended' && overview.suspensionReason === 'recoveryReview' && (
            <RecoveryReviewSection
              approveUrl={url('recovery-review/approve')}
              onApproved={reload}
              reviewUrl={url('recovery-review')}
            />
          )}
          {overview.status === 'suspended' && overview.suspensionReason !== 'recoveryReview' && (
            <div aria-label={t('unblockAccount')} role="region" style={styles.unblock}>
              <p>{t('unblockAccountDescription')}</p>
              <Button
                aria-busy={unblocking}
                buttonStyle="secondary"
                disabled={unblocking}
                margin={false}
                onClick={() => void unblock()}
                size="small"
                type="button"
              >
                {unblocking ? t('unblockAccountBusy') : t('unblockAccount')}
              </Button>
            </div>
          )}
        </>
      )}
      <SessionsField enabled={enabled} usersCollection={usersCollection} />
    </section>
  )
}
