'use client'

import { Button, useModal, useTranslation } from '@payloadcms/ui'
import { useId } from 'react'

import type { BackofficeTranslationKey } from '../../../shared/translations/types.js'

import { ReviewDecisionDialog } from '../../../policies/twoFactor/resetRequests/components/ReviewDecisionDialog.js'
import { postAdminAction } from '../../../shared/components/client/postAdminAction.js'
import { useAdminResource } from '../../../shared/components/client/useAdminResource.js'
import { useBackofficeTranslation } from '../../../shared/components/client/useBackofficeTranslation.js'
import { formatDateTime } from '../../../shared/lib/formatDateTime.js'
import './RecoveryReviewSection.css'

type Review = {
  added: {
    addedAt: string
    browser: null | string
    ipAddress: null | string
    kind: keyof typeof kindKeys
    name: string
  }[]
  since: null | string
}

const kindKeys = {
  authenticatorApp: 'recoveryReviewKindApp',
  emailAddress: 'recoveryReviewKindEmail',
  linkedIdentity: 'recoveryReviewKindIdentity',
  passkey: 'recoveryReviewKindPasskey',
  recoveryCodes: 'recoveryReviewKindRecoveryCodes',
} as const satisfies Record<string, BackofficeTranslationKey>

const dialogSlug = 'backoffice-approve-recovery-review'

/**
 * A recovery review in an account's security panel: what was added to how the account signs in
 * while someone else may have held it (what, when, from which browser and address), and the one
 * action that removes it all and lets the account sign in again once its owner sets a new password.
 * Asked to confirm first, as the 2FA reset review is.
 */
export const RecoveryReviewSection = ({
  approveUrl,
  onApproved,
  reviewUrl,
}: {
  approveUrl: string
  onApproved: () => Promise<void>
  reviewUrl: string
}) => {
  const t = useBackofficeTranslation()
  const { i18n } = useTranslation()
  const { openModal } = useModal()
  const headingId = useId()
  const { data: review, status } = useAdminResource<Review>(reviewUrl, true)
  const time = (value: string) => formatDateTime(i18n.language, value) ?? value

  return (
    <section aria-labelledby={headingId} className="backoffice-recovery-review">
      <h3 id={headingId}>{t('recoveryReviewHeading')}</h3>
      {status === 'loading' && <p role="status">{t('securityPanelLoading')}</p>}
      {status === 'failed' && <p role="alert">{t('securityPanelLoadFailed')}</p>}
      {review && (
        <>
          <p>{t('recoveryReviewIntro', { since: review.since ? time(review.since) : '—' })}</p>
          {review.added.length === 0 ? (
            <p>{t('recoveryReviewNothingLeft')}</p>
          ) : (
            <ul className="backoffice-recovery-review__list">
              {review.added.map((addition) => (
                <li
                  className="backoffice-recovery-review__item"
                  key={`${addition.kind}-${addition.addedAt}-${addition.name}`}
                >
                  <strong>
                    {t(kindKeys[addition.kind])}
                    {addition.name ? ` “${addition.name}”` : ''}
                  </strong>
                  {' · '}
                  {time(addition.addedAt)}
                  <br />
                  <span className="backoffice-recovery-review__origin">
                    {t('recoveryReviewOrigin', {
                      address: addition.ipAddress ?? t('recoveryReviewUnknown'),
                      browser: addition.browser ?? t('recoveryReviewUnknown'),
                    })}
                  </span>
                </li>
              ))}
            </ul>
          )}
          <Button
            buttonStyle="primary"
            margin={false}
            onClick={() => openModal(dialogSlug)}
            size="small"
            type="button"
          >
            {t('recoveryReviewApprove')}
          </Button>
          <ReviewDecisionDialog
            body={t('recoveryReviewApproveBody')}
            confirmingLabel={t('recoveryReviewApproving')}
            confirmLabel={t('recoveryReviewApprove')}
            heading={t('recoveryReviewApproveHeading')}
            onConfirm={async () => {
              const done = await postAdminAction(approveUrl, {
                fallbackMessage: t('recoveryReviewApproved'),
                language: i18n.language,
                t,
              })
              if (done) {
                await onApproved()
              }
            }}
            slug={dialogSlug}
          />
        </>
      )}
    </section>
  )
}
