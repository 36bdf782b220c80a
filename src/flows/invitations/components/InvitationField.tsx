'use client'

import { Button, useConfig, useDocumentInfo, useFormFields, useTranslation } from '@payloadcms/ui'
import { useRouter } from 'next/navigation.js'
import { useState } from 'react'

import type { BackofficeTranslationKey } from '../../../shared/translations/types.js'

import { postAdminAction } from '../../../shared/components/client/postAdminAction.js'
import { useBackofficeTranslation } from '../../../shared/components/client/useBackofficeTranslation.js'
import './InvitationField.css'

type Props = {
  /** False when the plugin is turned off: the field stays (same schema) but shows nothing. */
  enabled?: boolean
  usersCollection?: string
}

/**
 * On an invited account's page, for administrators (the Invitation group is theirs alone): where the
 * invitation stands (waiting and until when, expired, revoked, accepted) and when it was sent, a
 * warning when its email could not be sent, and Resend and Revoke buttons. The group's own fields
 * are hidden in the form: this panel is how the page shows them.
 */
export const InvitationField = ({ enabled = true, usersCollection = 'users' }: Props) => {
  const t = useBackofficeTranslation()
  const { i18n } = useTranslation()
  const { config } = useConfig()
  const { id } = useDocumentInfo()
  const router = useRouter()
  const status = useFormFields(([fields]) => fields['invitation.status']?.value)
  const expiresAt = useFormFields(([fields]) => fields['invitation.expiresAt']?.value)
  const acceptedAt = useFormFields(([fields]) => fields['invitation.acceptedAt']?.value)
  const invitedAt = useFormFields(([fields]) => fields['invitation.invitedAt']?.value)
  const deliveryFailed = useFormFields(([fields]) => fields['invitation.deliveryFailed']?.value)
  const [busy, setBusy] = useState(false)
  // Whether the invitation has expired is judged once, when the page opens: a render must not read
  // the clock, or the notice could change on any re-render.
  const [openedAt] = useState(Date.now)

  if (!enabled || !id || typeof status !== 'string') {
    return null
  }
  const formatDate = (value: unknown) =>
    typeof value === 'string' && value
      ? new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(
          new Date(value),
        )
      : ''
  const expired =
    status === 'pending' &&
    typeof expiresAt === 'string' &&
    new Date(expiresAt).getTime() <= openedAt
  const notice: BackofficeTranslationKey =
    status === 'accepted'
      ? 'invitationAcceptedNotice'
      : status === 'revoked'
        ? 'invitationRevokedNotice'
        : expired
          ? 'invitationExpiredNotice'
          : 'invitationPendingNotice'

  const act = async (action: 'resend-invitation' | 'revoke-invitation') => {
    setBusy(true)
    await postAdminAction(
      `${config.serverURL}${config.routes.api}/${usersCollection}/${id}/${action}`,
      {
        fallbackMessage: t(
          action === 'resend-invitation' ? 'invitationResent' : 'invitationRevoked',
        ),
        language: i18n.language,
        t,
      },
    )
    // Either way the stored state may have changed (a failed send is recorded): show it.
    router.refresh()
    setBusy(false)
  }

  return (
    <div aria-label={t('groupInvitation')} className="backoffice-invitation" role="region">
      <p dir="auto">
        {t(notice, { date: formatDate(status === 'accepted' ? acceptedAt : expiresAt) })}
      </p>
      {typeof invitedAt === 'string' && invitedAt ? (
        <p dir="auto">{t('invitationSentOn', { date: formatDate(invitedAt) })}</p>
      ) : null}
      {deliveryFailed === true && status === 'pending' ? (
        <p className="backoffice-invitation__warning" role="alert">
          {t('invitationDeliveryFailedNotice')}
        </p>
      ) : null}
      {status !== 'accepted' ? (
        <div className="backoffice-invitation__actions">
          <Button
            buttonStyle="secondary"
            disabled={busy}
            onClick={() => act('resend-invitation')}
            size="small"
          >
            {t('invitationResend')}
          </Button>
          {status === 'pending' ? (
            <Button
              buttonStyle="secondary"
              disabled={busy}
              onClick={() => act('revoke-invitation')}
              size="small"
            >
              {t('invitationRevoke')}
            </Button>
          ) : null}
        </div>
      ) : null}
    </div>
  )
}
