'use client'

import type { FormEvent } from 'react'

import { Button, toast, useTranslation } from '@payloadcms/ui'
import { usePathname, useRouter, useSearchParams } from 'next/navigation.js'
import { formatAdminURL } from 'payload/shared'
import { useEffect, useRef, useState } from 'react'

import { callBackoffice } from '../../components/client/backofficeFetch.js'
import { afterSignIn, localPath, withRedirect } from '../../components/client/loginOutcome.js'
import { useBackofficeTranslation } from '../../components/client/useBackofficeTranslation.js'
import { totpParameters } from '../constants.js'
import { OneTimeCodeInput } from './OneTimeCodeInput.js'
import { retryDelayMs } from './retryDelay.js'
import { twoFactorStyles as styles } from './twoFactorStyles.js'

type Props = {
  adminRoute: string
  apiRoute: string
  serverURL: string
  trustedDeviceDays: number
  usersCollection: string
}

/**
 * The second step of a sign-in: the code from the authenticator app and "trust this device", sent
 * with the challenge cookie. Success goes where the sign-in was headed (the `redirect` parameter,
 * only on this site) or to the admin root. 401 and 500 only say what went wrong; other refusals
 * say it and go to the answer's `redirectTo` (with `redirect`) when it names one.
 */
export const ChallengeForm = ({
  adminRoute,
  apiRoute,
  serverURL,
  trustedDeviceDays,
  usersCollection,
}: Props) => {
  const t = useBackofficeTranslation()
  const { i18n } = useTranslation()
  const router = useRouter()
  const pathname = usePathname()
  const searchParams = useSearchParams()
  const redirect = searchParams.get('redirect')
  const [code, setCode] = useState('')
  const [trustThisDevice, setTrustThisDevice] = useState(false)
  // `sending` while the request runs; `waiting` for the retry delay after a refused code.
  const [phase, setPhase] = useState<'idle' | 'sending' | 'waiting'>('idle')
  const busy = phase !== 'idle'
  const codeInput = useRef<HTMLInputElement>(null)
  const retry = useRef<ReturnType<typeof setTimeout>>(undefined)

  useEffect(() => () => clearTimeout(retry.current), [])

  // Back to the code once it can be typed again (a disabled field loses the focus).
  useEffect(() => {
    if (phase === 'idle') {
      codeInput.current?.focus()
    }
  }, [phase])

  const fail = (message: string) => {
    toast.error(message)
    setCode('')
    setPhase('waiting')
    // A wrong code costs a few seconds before the next one (slows guessing, and stops a double submit).
    retry.current = setTimeout(() => setPhase('idle'), retryDelayMs)
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (busy || code.length !== totpParameters.digits) {
      return
    }
    setPhase('sending')
    const { body, message, ok, status } = await callBackoffice(
      formatAdminURL({ apiRoute, path: `/${usersCollection}/mfa/totp/authenticate`, serverURL }),
      { body: { code, trustThisDevice }, language: i18n.language, t },
    )
    if (ok) {
      // A full navigation, so the server renders the admin with the new session cookie.
      window.location.assign(afterSignIn(adminRoute, redirect))
      return
    }
    const redirectTo = localPath((body as { redirectTo?: unknown } | null)?.redirectTo)
    fail(message ?? t('loginBackendProblem', { status: String(status) }))
    if (status !== 401 && status !== 500 && redirectTo && redirectTo !== pathname) {
      router.push(withRedirect(redirectTo, redirect))
    }
  }

  return (
    <form aria-busy={busy} onSubmit={submit} style={styles.column}>
      <div className="form-header">
        <h1>{t('twoFactorChallengeHeading')}</h1>
        <p>{t('twoFactorChallengeInstructions')}</p>
      </div>
      <fieldset disabled={busy} style={styles.fieldset}>
        <OneTimeCodeInput
          disabled={busy}
          id="backoffice-totp-code"
          inputRef={codeInput}
          onChange={setCode}
          value={code}
        />
        <div style={styles.checkbox}>
          <input
            checked={trustThisDevice}
            id="backoffice-trust-device"
            name="trustThisDevice"
            onChange={(event) => setTrustThisDevice(event.target.checked)}
            type="checkbox"
          />
          <label htmlFor="backoffice-trust-device">
            {t('twoFactorTrustDevice', { days: trustedDeviceDays })}
          </label>
        </div>
      </fieldset>
      <Button
        disabled={busy || code.length !== totpParameters.digits}
        id="backoffice-totp-verify"
        size="large"
        type="submit"
      >
        {phase === 'sending' ? t('twoFactorVerifying') : t('twoFactorVerify')}
      </Button>
    </form>
  )
}
