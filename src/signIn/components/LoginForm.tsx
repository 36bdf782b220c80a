'use client'

import type { FormEvent } from 'react'

import { Button, useTranslation } from '@payloadcms/ui'
import { usePathname, useRouter, useSearchParams } from 'next/navigation.js'
import { useEffect, useState } from 'react'

import { PasskeySignInButton } from '../../policies/twoFactor/passkeys/components/PasskeySignInButton.js'
import { callBackoffice } from '../../shared/components/client/backofficeFetch.js'
import { EmailAddressField } from '../../shared/components/client/EmailAddressField.js'
import { loginOutcomeOf } from '../../shared/components/client/loginOutcome.js'
import { continueSignedIn } from '../../shared/components/client/PendingToast.js'
import {
  refusalOf,
  SignInAlert,
  type SignInRefusal,
} from '../../shared/components/client/SignInAlert.js'
import { useBackofficeTranslation } from '../../shared/components/client/useBackofficeTranslation.js'
import './LoginForm.css'
import { type SsoButton, SsoButtons } from './SsoButtons.js'

type Props = {
  adminRoute: string
  apiRoute: string
  forgotRoute: string
  /** A refusal to show once, already translated (a single sign-on that failed). */
  initialError: null | string
  /** "Sign in with a passkey" (the `passkeys.passwordless` option). */
  passkeySignIn: boolean
  serverURL: string
  ssoButtons: SsoButton[]
  usersCollection: string
}

const alertId = 'backoffice-sign-in-alert'

/**
 * The sign-in form: an email field (type email, example placeholder), a password field
 * with a show/hide toggle, a link to the forgot-password page and a submit button; everything is
 * disabled while the request runs; then the single sign-on buttons. A refusal (of the password, a
 * passkey, or single sign-on's `initialError`, whose query parameters leave the address) shows above
 * the form until the next attempt.
 */
export const LoginForm = ({
  adminRoute,
  apiRoute,
  forgotRoute,
  initialError,
  passkeySignIn,
  serverURL,
  ssoButtons,
  usersCollection,
}: Props) => {
  const { i18n, t: payloadT } = useTranslation()
  const t = useBackofficeTranslation()
  const router = useRouter()
  const pathname = usePathname()
  const searchParams = useSearchParams()
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const [showPassword, setShowPassword] = useState(false)
  const [busy, setBusy] = useState(false)
  const [refusal, setRefusal] = useState<null | SignInRefusal>(() =>
    initialError ? { message: initialError, shownAt: Date.now() } : null,
  )

  useEffect(() => {
    if (!searchParams.has('errorMessage')) {
      return
    }
    const rest = new URLSearchParams(searchParams.toString())
    for (const name of ['errorMessage', 'provider', 'expected']) {
      rest.delete(name)
    }
    router.replace(rest.size ? `${pathname}?${rest}` : pathname)
  }, [pathname, router, searchParams])

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    setBusy(true)
    setRefusal(null)
    const answer = await callBackoffice(`${serverURL}${apiRoute}/${usersCollection}/login`, {
      body: { email, password },
      language: i18n.language,
      t,
    })
    const outcome = loginOutcomeOf(answer, {
      adminRoute,
      redirect: searchParams.get('redirect'),
      t,
    })
    if (outcome.kind === 'redirect') {
      continueSignedIn(outcome.to)
      return
    }
    setRefusal(refusalOf(answer, outcome.message))
    setBusy(false)
  }

  return (
    <form
      aria-busy={busy}
      aria-describedby={refusal ? alertId : undefined}
      className="backoffice-login-form"
      noValidate={false}
      onSubmit={submit}
    >
      <h1 dir="auto">{t('loginHeading')}</h1>
      <SignInAlert id={alertId} refusal={refusal} />
      <fieldset className="backoffice-login-form__fieldset" disabled={busy}>
        <EmailAddressField onChange={setEmail} value={email} />
        <div className="field-type password">
          <label className="field-label" htmlFor="field-password">
            {payloadT('general:password')}
            <span className="required">*</span>
          </label>
          <div className="field-type__wrap backoffice-login-form__password-row">
            <input
              autoComplete="current-password"
              id="field-password"
              name="password"
              onChange={(event) => setPassword(event.target.value)}
              required
              type={showPassword ? 'text' : 'password'}
              value={password}
            />
            <Button
              aria-controls="field-password"
              aria-label={showPassword ? t('loginHidePassword') : t('loginShowPassword')}
              aria-pressed={showPassword}
              buttonStyle="secondary"
              className="backoffice-login-form__toggle"
              onClick={() => setShowPassword((shown) => !shown)}
              size="small"
              type="button"
            >
              {showPassword ? t('loginHidePassword') : t('loginShowPassword')}
            </Button>
          </div>
        </div>
        <div className="backoffice-login-form__links">
          <a href={`${adminRoute === '/' ? '' : adminRoute}${forgotRoute}`}>
            {payloadT('authentication:forgotPasswordQuestion')}
          </a>
        </div>
      </fieldset>
      <Button disabled={busy} size="large" type="submit">
        {busy ? t('loginSubmitting') : t('loginSubmit')}
      </Button>
      <SsoButtons
        passkey={
          passkeySignIn ? (
            <PasskeySignInButton
              adminRoute={adminRoute}
              apiRoute={apiRoute}
              disabled={busy}
              onAttempt={() => setRefusal(null)}
              onRefused={setRefusal}
              serverURL={serverURL}
              usersCollection={usersCollection}
            />
          ) : null
        }
        providers={ssoButtons}
      />
    </form>
  )
}
