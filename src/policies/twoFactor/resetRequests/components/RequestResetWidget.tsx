'use client'

import type { FormEvent } from 'react'

import { Button } from '@payloadcms/ui'
import { useState } from 'react'

import { useBackofficeTranslation } from '../../../../shared/components/client/useBackofficeTranslation.js'
import '../../lib/twoFactorStyles.css'
import './RequestResetWidget.css'
import { ResetReasonInput } from './ResetReasonInput.js'
import { useResetRequestSender } from './useResetRequestSender.js'

type Props = {
  apiRoute: string
  loginURL: string
  serverURL: string
  usersCollection: string
}

type Phase = 'collapsed' | 'expanded' | 'success'

/**
 * Under the code prompt, for someone who lost their authenticator: collapsed to a link, expanded to a
 * form under its own heading with a reason (at most 500 characters, counted), sending, and the
 * confirmation that the request is open for a week until an administrator reviews it. Sent with the
 * challenge cookie, so only someone past the password can ask. It also holds the page's one way
 * back to the password step: "Back to login" below the prompt, or, once the request is sent, the
 * confirmation's "Go to the login page" alone.
 */
export const RequestResetWidget = ({ apiRoute, loginURL, serverURL, usersCollection }: Props) => {
  const t = useBackofficeTranslation()
  const [phase, setPhase] = useState<Phase>('collapsed')
  const { error, reason, send, sending, setReason, trimmed } = useResetRequestSender({
    apiRoute,
    serverURL,
    usersCollection,
  })

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if ((await send())?.ok) {
      setPhase('success')
    }
  }

  // An expired prompt only says so: the way back to the password step stays in view.
  const backToLogin = (
    <p className="backoffice-two-factor-aside backoffice-reset-widget__back">
      <a dir="auto" href={loginURL}>
        {t('forgotBackToLogin')}
      </a>
    </p>
  )
  if (phase === 'collapsed') {
    return (
      <>
        <p className="backoffice-two-factor-aside">
          <button
            className="btn--style-none backoffice-two-factor-aside__link"
            dir="auto"
            onClick={() => setPhase('expanded')}
            type="button"
          >
            {t('twoFactorResetToggle')}
          </button>
        </p>
        {backToLogin}
      </>
    )
  }
  if (phase === 'success') {
    return (
      <div className="backoffice-two-factor-column" role="status">
        <p dir="auto">{t('twoFactorResetRequested')}</p>
        <Button buttonStyle="secondary" el="anchor" url={loginURL}>
          <span dir="auto">{t('twoFactorResetBackToLogin')}</span>
        </Button>
      </div>
    )
  }
  return (
    <>
      <form
        aria-busy={sending}
        aria-labelledby="backoffice-reset-form-heading"
        className="backoffice-two-factor-column"
        onSubmit={(event) => void submit(event)}
      >
        <h2 dir="auto" id="backoffice-reset-form-heading">
          {t('twoFactorResetFormHeading')}
        </h2>
        <ResetReasonInput onChange={setReason} readOnly={sending} value={reason} />
        {error ? (
          <p dir="auto" role="alert">
            {error}
          </p>
        ) : null}
        <div className="backoffice-reset-widget__actions">
          <Button
            buttonStyle="secondary"
            disabled={sending}
            onClick={() => setPhase('collapsed')}
            type="button"
          >
            {t('twoFactorResetCancel')}
          </Button>
          <Button disabled={sending || trimmed === ''} type="submit">
            {sending ? t('twoFactorResetSubmitting') : t('twoFactorResetSubmit')}
          </Button>
        </div>
      </form>
      {backToLogin}
    </>
  )
}
