'use client'

import type { FormEvent } from 'react'

import { Button, toast, useAuth, useTranslation } from '@payloadcms/ui'
import { useRouter, useSearchParams } from 'next/navigation.js'
import { formatAdminURL } from 'payload/shared'
import { useEffect, useRef, useState } from 'react'

import { callBackoffice } from '../../components/client/backofficeFetch.js'
import { afterSignIn } from '../../components/client/loginOutcome.js'
import { useBackofficeTranslation } from '../../components/client/useBackofficeTranslation.js'
import { totpParameters } from '../constants.js'
import { OneTimeCodeInput } from './OneTimeCodeInput.js'
import { retryDelayMs } from './retryDelay.js'
import { twoFactorStyles as styles } from './twoFactorStyles.js'

type Props = {
  adminRoute: string
  apiRoute: string
  serverURL: string
  usersCollection: string
}

type Setup = { qrCode: string; secret: string }

/**
 * Enrolment: asks the server for a new secret on arrival (QR code and the secret as text), then for
 * a code from the app, sent as soon as the sixth digit is typed or with "activate account". Nothing
 * to set up goes to the admin root; a setup that fails to load says so and goes there after 3 s. A
 * wrong code allows the next try after 3 s; success refreshes the admin's user and goes on.
 */
export const SetupForm = ({ adminRoute, apiRoute, serverURL, usersCollection }: Props) => {
  const t = useBackofficeTranslation()
  const { i18n } = useTranslation()
  const { fetchFullUser } = useAuth()
  const router = useRouter()
  const redirect = useSearchParams().get('redirect')
  const [setup, setSetup] = useState<null | Setup>(null)
  const [code, setCode] = useState('')
  // `sending` while the request runs; `waiting` for the retry delay after a refused code.
  const [phase, setPhase] = useState<'idle' | 'sending' | 'waiting'>('idle')
  const busy = phase !== 'idle'
  const codeInput = useRef<HTMLInputElement>(null)
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined)
  const endpoint = (path: string) =>
    formatAdminURL({ apiRoute, path: `/${usersCollection}/mfa/totp/${path}`, serverURL })

  useEffect(() => {
    let cancelled = false
    const giveUp = () => {
      toast.error(t('twoFactorSetupFetchFailed'))
      timer.current = setTimeout(() => window.location.assign(adminRoute), retryDelayMs)
    }
    void callBackoffice(endpoint('setup'), { cache: 'no-store', language: i18n.language, t }).then(
      ({ body, ok }) => {
        const setupBody = body as { abort?: boolean; qrCode?: string; secret?: string } | null
        if (cancelled) {
          return
        }
        if (ok && setupBody?.abort) {
          window.location.assign(adminRoute)
        } else if (ok && setupBody?.qrCode && setupBody.secret) {
          setSetup({ qrCode: setupBody.qrCode, secret: setupBody.secret })
        } else {
          giveUp()
        }
      },
    )
    return () => {
      cancelled = true
      clearTimeout(timer.current)
    }
    // Once per visit: each request replaces the pending secret. (`useEffectEvent` would express this,
    // but the React that Next 15.4 bundles does not have it.)
    // eslint-disable-next-line react-hooks/exhaustive-deps -- deliberately run once, see above
  }, [])

  // Back to the code once it can be typed again (a disabled field loses the focus).
  useEffect(() => {
    if (phase === 'idle') {
      codeInput.current?.focus()
    }
  }, [phase])

  const activate = async (value: string) => {
    if (busy || value.length !== totpParameters.digits) {
      return
    }
    setPhase('sending')
    const fail = (message: string) => {
      toast.error(message)
      setPhase('waiting')
      timer.current = setTimeout(() => {
        setCode('')
        setPhase('idle')
      }, retryDelayMs)
    }
    const { message, ok, status } = await callBackoffice(endpoint('finish-enrollment'), {
      body: { code: value },
      language: i18n.language,
      t,
    })
    if (ok) {
      // When enrolment was the second factor of a sign-in, the answer set the session cookie: the
      // admin's idea of who is signed in follows it.
      await fetchFullUser()
      toast.success(t('twoFactorAccountActivated'))
      router.push(afterSignIn(adminRoute, redirect))
      return
    }
    fail(message ?? t('loginBackendProblem', { status: String(status) }))
  }

  const change = (value: string) => {
    setCode(value)
    if (value.length === totpParameters.digits) {
      void activate(value)
    }
  }

  const submit = (event: FormEvent) => {
    event.preventDefault()
    void activate(code)
  }

  return (
    <form aria-busy={busy || !setup} onSubmit={submit} style={styles.column}>
      <div className="form-header">
        <h1>{t('twoFactorSetupHeading')}</h1>
        <p>{t('twoFactorSetupSubheading')}</p>
      </div>
      {setup ? (
        <>
          {/* A data URL made on the server: next/image would add nothing. */}
          <img alt={t('twoFactorQrCodeAlt')} src={setup.qrCode} style={styles.qrCode} />
          <div>
            <p id="backoffice-totp-secret-label">{t('twoFactorSecretLabel')}</p>
            <code
              aria-labelledby="backoffice-totp-secret-label"
              className="backoffice-totp-secret"
              data-testid="totp-secret"
              style={styles.secret}
            >
              {setup.secret}
            </code>
          </div>
          <fieldset disabled={busy} style={styles.fieldset}>
            <OneTimeCodeInput
              disabled={busy}
              id="backoffice-totp-code"
              inputRef={codeInput}
              onChange={change}
              value={code}
            />
          </fieldset>
          <Button
            disabled={busy || code.length !== totpParameters.digits}
            id="backoffice-totp-activate"
            size="large"
            type="submit"
          >
            {phase === 'sending' ? t('twoFactorActivating') : t('twoFactorActivate')}
          </Button>
        </>
      ) : (
        <p aria-live="polite">{t('twoFactorSetupLoading')}</p>
      )}
    </form>
  )
}
