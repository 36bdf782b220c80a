'use client'

import type { CSSProperties } from 'react'

import {
  Button,
  TextareaInput,
  useAuth,
  useConfig,
  useDocumentInfo,
  useFormFields,
  useTranslation,
} from '@payloadcms/ui'
import { useRouter } from 'next/navigation.js'
import { useState } from 'react'

import { postAdminAction } from '../../../components/client/postAdminAction.js'
import { useBackofficeTranslation } from '../../../components/client/useBackofficeTranslation.js'
import { resetRequestLimits } from '../constants.js'

type Props = {
  adminRole?: string
  /** False when the plugin is turned off: the field stays (same schema) but shows nothing. */
  enabled?: boolean
  rolesField?: string
  slug?: string
}

// Logical properties only, so the panel mirrors in right-to-left languages.
const styles = {
  panel: {
    border: '1px solid var(--theme-elevation-150)',
    borderRadius: 'var(--style-radius-m)',
    display: 'grid',
    gap: 'var(--base)',
    marginBlock: 'var(--base)',
    padding: 'var(--base)',
    textAlign: 'start',
  },
} satisfies Record<string, CSSProperties>

const holdsRole = (user: unknown, field: string, role: string) => {
  const value = (user as null | Record<string, unknown>)?.[field]
  return Array.isArray(value) ? value.includes(role) : value === role
}

/**
 * On a pending reset request's page, for administrators: an optional comment and Approve / Deny,
 * which call the review endpoints; the server decides, this only offers the choice.
 */
export const ReviewResetRequestField = ({
  adminRole = 'admin',
  enabled = true,
  rolesField = 'roles',
  slug = 'two-factor-reset-requests',
}: Props) => {
  const t = useBackofficeTranslation()
  const { i18n } = useTranslation()
  const { config } = useConfig()
  const { user } = useAuth()
  const { id } = useDocumentInfo()
  const router = useRouter()
  const status = useFormFields(([fields]) => fields.status?.value)
  const [comment, setComment] = useState('')
  const [busy, setBusy] = useState(false)
  // The answer as given here, until the refreshed page shows the stored status: the choice is gone at once.
  const [answer, setAnswer] = useState<null | string>(null)

  if (!enabled || !id || !holdsRole(user, rolesField, adminRole)) {
    return null
  }
  if (answer !== null) {
    return (
      <p role="status" style={styles.panel}>
        {answer}
      </p>
    )
  }
  if (status !== 'pending') {
    return null
  }

  const review = async (action: 'approve' | 'deny') => {
    setBusy(true)
    const answered = await postAdminAction(
      `${config.serverURL}${config.routes.api}/${slug}/${id}/${action}`,
      {
        body: comment.trim() ? { comment: comment.trim() } : {},
        fallbackMessage: t(
          action === 'approve' ? 'twoFactorResetApproved' : 'twoFactorResetDenied',
        ),
        language: i18n.language,
        t,
      },
    )
    if (answered) {
      setAnswer(answered)
      router.refresh()
    }
    setBusy(false)
  }

  return (
    <div aria-busy={busy} aria-label={t('resetReviewHeading')} role="region" style={styles.panel}>
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
      <div style={{ display: 'flex', gap: 'var(--base)' }}>
        <Button disabled={busy} onClick={() => review('approve')} size="small">
          {t('resetReviewApprove')}
        </Button>
        <Button buttonStyle="secondary" disabled={busy} onClick={() => review('deny')} size="small">
          {t('resetReviewDeny')}
        </Button>
      </div>
    </div>
  )
}
