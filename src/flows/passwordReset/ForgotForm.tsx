'use client'

import type { FormEvent } from 'react'

import { Button, useTranslation } from '@payloadcms/ui'
import { useEffect, useRef, useState } from 'react'

import { callBackoffice, unanswered } from '../../shared/components/client/backofficeFetch.js'
import { EmailAddressField } from '../../shared/components/client/EmailAddressField.js'
import { loginOutcomeOf } from '../../shared/components/client/loginOutcome.js'
import { toastError } from '../../shared/components/client/toastError.js'
import { useBackofficeTranslation } from '../../shared/components/client/useBackofficeTranslation.js'
import '../../shared/components/backoffice.css'
import './ForgotForm.css'
import './pageColumn.css'

type Props = {
  apiRoute: string
  loginURL: string
  serverURL: string
  usersCollection: string
}

/**
 * The forgot-password form: an email field and a submit button, busy and disabled while the
 * request runs; then "Email sent" with a link back to the sign-in page. The server answers every
 * well-formed address the same way, so the page never says whether an account exists. An answer that
 * cannot be read shows "The email address is invalid.".
 */
export const ForgotForm = ({ apiRoute, loginURL, serverURL, usersCollection }: Props) => {
  const t = useBackofficeTranslation()
  const { i18n } = useTranslation()
  const [email, setEmail] = useState('')
  const [busy, setBusy] = useState(false)
  const [sent, setSent] = useState(false)
  const sentHeading = useRef<HTMLHeadingElement>(null)

  useEffect(() => {
    // Screen readers and keyboards follow the page to its new state.
    if (sent) {
      sentHeading.current?.focus()
    }
  }, [sent])

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    setBusy(true)
    const answer = await callBackoffice(
      `${serverURL}${apiRoute}/${usersCollection}/forgot-password`,
      { body: { email }, language: i18n.language, t },
    )
    if (!unanswered(answer) && answer.body === null) {
      toastError(t('errorEmailInvalid'))
    } else if (answer.ok) {
      setSent(true)
    } else {
      const outcome = loginOutcomeOf(answer, { adminRoute: '', redirect: null, t })
      toastError(outcome.kind === 'error' ? outcome.message : String(answer.status))
    }
    setBusy(false)
  }

  if (sent) {
    return (
      <div className="backoffice-page-column backoffice-forgot-password-form" role="status">
        <div className="form-header">
          <h1 ref={sentHeading} tabIndex={-1}>
            {t('forgotEmailSentHeading')}
          </h1>
          <p>{t('forgotEmailSentDescription')}</p>
        </div>
        <a href={loginURL}>{t('forgotBackToLogin')}</a>
      </div>
    )
  }

  return (
    <form
      aria-busy={busy}
      className="backoffice-page-column backoffice-forgot-password-form"
      onSubmit={submit}
    >
      <div className="form-header">
        <h1>{t('forgotHeading')}</h1>
        <p id="forgot-instructions">{t('forgotInstructions')}</p>
      </div>
      <fieldset
        className="backoffice-field-stack backoffice-forgot-password-form__fieldset"
        disabled={busy}
      >
        <EmailAddressField
          aria-describedby="forgot-instructions"
          autoFocus
          onChange={setEmail}
          value={email}
        />
      </fieldset>
      <Button disabled={busy} size="large" type="submit">
        {busy ? t('forgotSubmitting') : t('forgotSubmit')}
      </Button>
      <a href={loginURL}>{t('forgotBackToLogin')}</a>
    </form>
  )
}
