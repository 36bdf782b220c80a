'use client'

import type { FormEvent } from 'react'

import { Button, TextareaInput, useTranslation } from '@payloadcms/ui'
import { formatAdminURL } from 'payload/shared'
import { useState } from 'react'

import { callBackoffice, unanswered } from '../../../components/client/backofficeFetch.js'
import { useBackofficeTranslation } from '../../../components/client/useBackofficeTranslation.js'
import { twoFactorStyles as styles } from '../../components/twoFactorStyles.js'
import { resetRequestLimits } from '../constants.js'

type Props = {
  apiRoute: string
  loginURL: string
  serverURL: string
  usersCollection: string
}

type Phase = 'collapsed' | 'expanded' | 'submitting' | 'success'

/**
 * Under the code prompt, for someone who lost their authenticator: collapsed to a link, expanded to a
 * reason (at most 500 characters, counted), submitting, and the confirmation that the request is open
 * for a week and normally reviewed within one business day. Sent with the challenge cookie, so only
 * someone past the password can ask.
 */
export const RequestResetWidget = ({ apiRoute, loginURL, serverURL, usersCollection }: Props) => {
  const t = useBackofficeTranslation()
  const { i18n } = useTranslation()
  const [phase, setPhase] = useState<Phase>('collapsed')
  const [reason, setReason] = useState('')
  const [error, setError] = useState<null | string>(null)
  const trimmed = reason.trim()

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (phase === 'submitting') {
      return
    }
    if (trimmed === '') {
      setError(t('errorResetReasonRequired'))
      return
    }
    setPhase('submitting')
    setError(null)
    const answer = await callBackoffice(
      formatAdminURL({ apiRoute, path: `/${usersCollection}/mfa/totp/request-reset`, serverURL }),
      { body: { reason: trimmed }, language: i18n.language, t },
    )
    if (answer.ok) {
      setPhase('success')
      return
    }
    // A request that got no answer has its own text here.
    setError(
      unanswered(answer)
        ? t('twoFactorResetNetworkError')
        : (answer.message ?? t('twoFactorResetFailed')),
    )
    setPhase('expanded')
  }

  if (phase === 'collapsed') {
    return (
      <p style={{ marginInline: 'auto', maxInlineSize: '30rem' }}>
        <button
          className="btn--style-none"
          onClick={() => setPhase('expanded')}
          style={{ textDecoration: 'underline' }}
          type="button"
        >
          {t('twoFactorResetToggle')}
        </button>
      </p>
    )
  }
  if (phase === 'success') {
    return (
      <div role="status" style={styles.column}>
        <p>{t('twoFactorResetRequested')}</p>
        <Button buttonStyle="secondary" el="anchor" url={loginURL}>
          {t('twoFactorResetBackToLogin')}
        </Button>
      </div>
    )
  }
  const submitting = phase === 'submitting'
  return (
    <form aria-busy={submitting} onSubmit={submit} style={styles.column}>
      <TextareaInput
        AfterInput={
          <small id="backoffice-reset-reason-count">
            {t('twoFactorResetCharacters', {
              count: reason.length,
              max: resetRequestLimits.reasonMaxLength,
            })}
          </small>
        }
        label={t('twoFactorResetReasonLabel')}
        // Payload's textarea takes no maxLength: the limit is kept here (and by the server).
        onChange={(event) =>
          setReason(event.target.value.slice(0, resetRequestLimits.reasonMaxLength))
        }
        path="backoffice-reset-reason"
        readOnly={submitting}
        rows={4}
        value={reason}
      />
      {error ? <p role="alert">{error}</p> : null}
      <div style={{ display: 'flex', gap: 'var(--base)' }}>
        <Button
          buttonStyle="secondary"
          disabled={submitting}
          onClick={() => setPhase('collapsed')}
          type="button"
        >
          {t('twoFactorResetCancel')}
        </Button>
        <Button disabled={submitting || trimmed === ''} type="submit">
          {submitting ? t('twoFactorResetSubmitting') : t('twoFactorResetSubmit')}
        </Button>
      </div>
    </form>
  )
}
