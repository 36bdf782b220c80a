'use client'

import { Button, TextareaInput, toast, useModal, useTranslation } from '@payloadcms/ui'
import { formatAdminURL } from 'payload/shared'
import { useEffect, useRef, useState } from 'react'

import type { BackofficeTranslationKey } from '../../../../shared/translations/types.js'
import type { ProviderConfirmation } from '../../../sudo/providerConfirmation.js'
import type { ResetRequestReviewDetails } from '../readReviewDetails.js'
import type { ResetRequestStatus } from '../transitions.js'

import { callBackoffice } from '../../../../shared/components/client/backofficeFetch.js'
import { toastError } from '../../../../shared/components/client/toastError.js'
import { useBackofficeTranslation } from '../../../../shared/components/client/useBackofficeTranslation.js'
import { ConfirmPasswordPrompt } from '../../../sudo/components/ConfirmPasswordPrompt.js'
import { resetRequestLimits } from '../constants.js'
import { AdminDate } from './AdminDate.js'
import { ReviewDecisionDialog } from './ReviewDecisionDialog.js'
import './ReviewResetRequestField.css'

type Props = {
  apiRoute: string
  /** How an administrator of a single sign-on provider confirms itself for sudo mode. */
  confirmation: null | ProviderConfirmation
  details: ResetRequestReviewDetails
  /** The request is for the viewing administrator's own account: someone else must approve it. */
  ownRequest: boolean
  requestId: number | string
  serverURL: string
  slug: string
  usersCollection: string
}

type Action = 'approve' | 'deny'

const statusLabels: Record<ResetRequestStatus, BackofficeTranslationKey> = {
  approved: 'resetRequestStatusApproved',
  denied: 'resetRequestStatusDenied',
  expired: 'resetRequestStatusExpired',
  pending: 'resetRequestStatusPending',
  reportedMisuse: 'resetRequestStatusReportedMisuse',
}

/** The status badge's modifier class, which gives it the status's colour. */
const statusModifiers: Record<ResetRequestStatus, string> = {
  approved: 'backoffice-reset-review__status--approved',
  denied: 'backoffice-reset-review__status--denied',
  expired: 'backoffice-reset-review__status--expired',
  pending: 'backoffice-reset-review__status--pending',
  reportedMisuse: 'backoffice-reset-review__status--reported-misuse',
}

/**
 * The review of a reset request: who asks (name, email, roles, their last sign-ins with address and
 * browser), the request (when, from where, why, until when), its status as a badge, and while it is
 * pending an optional comment with Approve and Deny. Each decision is confirmed first in a dialog
 * saying what it does; the answer then updates the panel in place (status, reviewer, time) with a
 * toast. Approving asks a stale session for its password first (sudo mode, OWASP ASVS 5.0 V7.5) and
 * goes on once it is given. On the administrator's own request, Approve is not offered: the page
 * says another administrator must approve it, and Deny withdraws it. The server decides; this only
 * offers the choice.
 */
export const ReviewResetRequestField = ({
  apiRoute,
  confirmation,
  details,
  ownRequest,
  requestId,
  serverURL,
  slug,
  usersCollection,
}: Props) => {
  const t = useBackofficeTranslation()
  const { i18n } = useTranslation()
  const { openModal } = useModal()
  const [state, setState] = useState(details)
  const [comment, setComment] = useState('')
  const [busy, setBusy] = useState(false)
  const [answer, setAnswer] = useState<null | string>(null)
  const [awaitingProof, setAwaitingProof] = useState(false)
  const answerRef = useRef<HTMLParagraphElement>(null)
  const dialog = (action: Action) => `backoffice-reset-${action}-${String(requestId)}`

  // The buttons that opened the dialog are gone once answered: the answer takes the focus.
  useEffect(() => {
    if (answer !== null) {
      answerRef.current?.focus()
    }
  }, [answer])

  const decide = async (action: Action) => {
    setBusy(true)
    const trimmed = comment.trim()
    const response = await callBackoffice(
      formatAdminURL({ apiRoute, path: `/${slug}/${String(requestId)}/${action}`, serverURL }),
      { body: trimmed ? { comment: trimmed } : {}, language: i18n.language, t },
    )
    setBusy(false)
    if (response.ok) {
      const body = response.body as {
        approverComment?: null | string
        message?: string
        processedAt?: string
        reviewer?: null | string
        status?: ResetRequestStatus
      }
      const message =
        body.message ?? t(action === 'approve' ? 'twoFactorResetApproved' : 'twoFactorResetDenied')
      setState((current) => ({
        ...current,
        approverComment: body.approverComment ?? null,
        processedAt: body.processedAt ?? new Date().toISOString(),
        reviewer: body.reviewer ?? current.reviewer,
        status: body.status ?? (action === 'approve' ? 'approved' : 'denied'),
      }))
      setAwaitingProof(false)
      setAnswer(message)
      toast.success(message)
    } else if (response.code === 'REAUTHENTICATION_REQUIRED') {
      setAwaitingProof(true)
    } else {
      toastError(response.message ?? String(response.status))
    }
  }

  const email = state.requester.email ?? `#${String(state.requester.id)}`
  const address = [state.request.address, state.request.browser].filter(Boolean).join(' · ')
  const pending = state.status === 'pending' && answer === null

  return (
    <div aria-busy={busy} className="backoffice-reset-review">
      <section
        aria-labelledby="backoffice-reset-requester"
        className="backoffice-reset-review__card"
      >
        <h3 id="backoffice-reset-requester">{t('resetReviewRequesterHeading')}</h3>
        <dl className="backoffice-reset-review__list">
          {state.requester.name ? (
            <>
              <dt>{t('resetReviewName')}</dt>
              <dd dir="auto">{state.requester.name}</dd>
            </>
          ) : null}
          <dt>{t('resetReviewEmail')}</dt>
          <dd dir="auto">{email}</dd>
          <dt>{t('resetReviewRoles')}</dt>
          <dd>{state.requester.roles || t('resetReviewNoRoles')}</dd>
        </dl>
        <h4 id="backoffice-reset-sign-ins">{t('resetReviewSignInsHeading')}</h4>
        {state.requester.signIns.length === 0 ? (
          <p>{t('resetReviewNoSignIns')}</p>
        ) : (
          <div className="backoffice-reset-review__table-scroll">
            <table
              aria-labelledby="backoffice-reset-sign-ins"
              className="backoffice-reset-review__table"
            >
              <thead>
                <tr>
                  <th className="backoffice-reset-review__column-heading" scope="col">
                    {t('resetReviewColumnTime')}
                  </th>
                  <th className="backoffice-reset-review__column-heading" scope="col">
                    {t('resetReviewColumnOutcome')}
                  </th>
                  <th className="backoffice-reset-review__column-heading" scope="col">
                    {t('resetReviewColumnAddress')}
                  </th>
                  <th className="backoffice-reset-review__column-heading" scope="col">
                    {t('resetReviewColumnBrowser')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {state.requester.signIns.map((signIn, index) => (
                  <tr key={`${signIn.time}-${index}`}>
                    <td>
                      <AdminDate value={signIn.time} />
                    </td>
                    <td>
                      {signIn.succeeded
                        ? t('resetReviewSignInSucceeded')
                        : t('resetReviewSignInFailed')}
                    </td>
                    <td>{signIn.address ?? t('resetReviewNotRecorded')}</td>
                    <td>{signIn.browser ?? t('resetReviewNotRecorded')}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>

      <section aria-labelledby="backoffice-reset-request" className="backoffice-reset-review__card">
        <h3 id="backoffice-reset-request">{t('resetReviewRequestHeading')}</h3>
        <dl className="backoffice-reset-review__list">
          <dt>{t('fieldResetStatus')}</dt>
          <dd>
            <span
              className={`backoffice-reset-review__status ${statusModifiers[state.status]}`}
              data-status={state.status}
              id="backoffice-reset-status"
            >
              {t(statusLabels[state.status])}
            </span>
          </dd>
          <dt>{t('resetReviewRequestedAt')}</dt>
          <dd>
            <AdminDate value={state.createdAt} />
          </dd>
          <dt>{t('resetReviewExpiresAt')}</dt>
          <dd>
            <AdminDate value={state.expiresAt} />
          </dd>
          <dt>{t('resetReviewSentFrom')}</dt>
          <dd dir="auto">{address || t('resetReviewNotRecorded')}</dd>
          <dt>{t('fieldResetReason')}</dt>
          <dd>
            <p className="backoffice-reset-review__typed" dir="auto" id="backoffice-reset-reason">
              {state.reason}
            </p>
          </dd>
          {state.processedAt ? (
            <>
              <dt>{t('resetReviewReviewedBy')}</dt>
              <dd id="backoffice-reset-reviewer">
                {state.reviewer ?? t('resetReviewNotRecorded')}
              </dd>
              <dt>{t('resetReviewReviewedAt')}</dt>
              <dd id="backoffice-reset-processed-at">
                <AdminDate value={state.processedAt} />
              </dd>
            </>
          ) : null}
          {state.approverComment ? (
            <>
              <dt>{t('resetReviewComment')}</dt>
              <dd>
                <p className="backoffice-reset-review__typed" dir="auto">
                  {state.approverComment}
                </p>
              </dd>
            </>
          ) : null}
        </dl>
      </section>

      {answer !== null ? (
        <p className="backoffice-reset-review__card" ref={answerRef} role="status" tabIndex={-1}>
          {answer}
        </p>
      ) : null}

      {pending ? (
        <div
          aria-label={t('resetReviewHeading')}
          className="backoffice-reset-review__card"
          role="region"
        >
          <TextareaInput
            label={t('resetReviewCommentLabel')}
            // Payload's textarea takes no maxLength: the server's limit is kept here.
            onChange={(event) =>
              setComment(event.target.value.slice(0, resetRequestLimits.commentMaxLength))
            }
            path="backoffice-reset-review-comment"
            readOnly={busy}
            rows={3}
            value={comment}
          />
          {ownRequest ? (
            <p className="backoffice-reset-review__own-request" id="backoffice-reset-own-request">
              {t('resetReviewOwnRequest')}
            </p>
          ) : null}
          <div className="backoffice-reset-review__actions">
            {ownRequest ? null : (
              <Button
                disabled={busy}
                onClick={() => openModal(dialog('approve'))}
                size="small"
                type="button"
              >
                {t('resetReviewApprove')}
              </Button>
            )}
            <Button
              buttonStyle="secondary"
              disabled={busy}
              onClick={() => openModal(dialog('deny'))}
              size="small"
              type="button"
            >
              {t('resetReviewDeny')}
            </Button>
          </div>
          {awaitingProof && (
            <ConfirmPasswordPrompt
              apiRoute={apiRoute}
              confirmation={confirmation}
              intro={t('sudoPromptInline')}
              onConfirmed={() => void decide('approve')}
              serverURL={serverURL}
              usersCollection={usersCollection}
            />
          )}
        </div>
      ) : null}

      {ownRequest ? null : (
        <ReviewDecisionDialog
          body={t('resetReviewApproveBody', { email })}
          confirmingLabel={t('resetReviewApproving')}
          confirmLabel={t('resetReviewApproveConfirm')}
          heading={t('resetReviewApproveTitle')}
          onConfirm={() => decide('approve')}
          slug={dialog('approve')}
        />
      )}
      <ReviewDecisionDialog
        body={t('resetReviewDenyBody', { email })}
        confirmingLabel={t('resetReviewDenying')}
        confirmLabel={t('resetReviewDenyConfirm')}
        heading={t('resetReviewDenyTitle')}
        onConfirm={() => decide('deny')}
        slug={dialog('deny')}
      />
    </div>
  )
}
