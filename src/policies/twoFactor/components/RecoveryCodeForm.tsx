'use client'

import type { FormEvent } from 'react'

import { Button, useTranslation } from '@payloadcms/ui'
import { usePathname, useRouter, useSearchParams } from 'next/navigation.js'
import { formatAdminURL } from 'payload/shared'
import { useEffect, useRef, useState } from 'react'

import { callBackoffice } from '../../../shared/components/client/backofficeFetch.js'
import {
  afterSignIn,
  localPath,
  withRedirect,
} from '../../../shared/components/client/loginOutcome.js'
import { continueSignedIn } from '../../../shared/components/client/PendingToast.js'
import {
  refusalOf,
  SignInAlert,
  type SignInRefusal,
} from '../../../shared/components/client/SignInAlert.js'
import { toastError } from '../../../shared/components/client/toastError.js'
import { useBackofficeTranslation } from '../../../shared/components/client/useBackofficeTranslation.js'
import { twoFactorStyles as styles } from '../lib/twoFactorStyles.js'
import { retryDelayMs } from './retryDelay.js'

type Props = {
  adminRoute: string
  apiRoute: string
  serverURL: string
  trustedDeviceDays: number
  usersCollection: string
}

/**
 * 24 characters in groups of four (or the 12 of earlier codes), with room for a separator and
 * spaces between groups: longer input is not a code.
 */
const maxInputLength = 40

/**
 * The second step of a sign-in with one of the recovery codes saved at setup, in place of the
 * authenticator app's code: the code as written down (any case, spaces or dashes), "trust this
 * device", sent with the challenge cookie. As with the app's code, a refusal says why, empties the
 * field and waits a few seconds before the next try; success goes where the sign-in was headed, with
 * the server's note of how many codes remain.
 */
export const RecoveryCodeForm = ({
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
  const redirect = useSearchParams().get('redirect')
  const [code, setCode] = useState('')
  const [trustThisDevice, setTrustThisDevice] = useState(false)
  const [phase, setPhase] = useState<'idle' | 'sending' | 'waiting'>('idle')
  const [refusal, setRefusal] = useState<null | SignInRefusal>(null)
  const busy = phase !== 'idle'
  const input = useRef<HTMLInputElement>(null)
  const retry = useRef<ReturnType<typeof setTimeout>>(undefined)

  useEffect(() => () => clearTimeout(retry.current), [])
  // Back to the field once it can be typed in again (a disabled field loses the focus).
  useEffect(() => {
    if (phase === 'idle') {
      input.current?.focus()
    }
  }, [phase])

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (busy || !code.trim()) {
      return
    }
    setPhase('sending')
    setRefusal(null)
    const answer = await callBackoffice(
      formatAdminURL({
        apiRoute,
        path: `/${usersCollection}/mfa/recovery-code/authenticate`,
        serverURL,
      }),
      { body: { code, trustThisDevice }, language: i18n.language, t },
    )
    if (answer.ok) {
      const message = (answer.body as { message?: unknown } | null)?.message
      continueSignedIn(
        afterSignIn(adminRoute, redirect),
        typeof message === 'string' ? message : undefined,
      )
      return
    }
    const message = answer.message ?? t('loginBackendProblem', { status: String(answer.status) })
    setRefusal(refusalOf(answer, message))
    setCode('')
    setPhase('waiting')
    retry.current = setTimeout(() => setPhase('idle'), retryDelayMs)
    const redirectTo = localPath((answer.body as { redirectTo?: unknown } | null)?.redirectTo)
    if (answer.status !== 401 && answer.status !== 500 && redirectTo && redirectTo !== pathname) {
      // The page leaves: a toast outlives it.
      toastError(message)
      router.push(withRedirect(redirectTo, redirect))
    }
  }

  return (
    <form
      aria-busy={busy}
      aria-describedby={refusal ? 'backoffice-sign-in-alert' : undefined}
      onSubmit={(event) => void submit(event)}
      style={styles.column}
    >
      <div className="form-header">
        <h1 dir="auto">{t('twoFactorChallengeHeading')}</h1>
        <p dir="auto" id="backoffice-recovery-code-instructions">
          {t('recoveryCodeInstructions')}
        </p>
      </div>
      <SignInAlert id="backoffice-sign-in-alert" refusal={refusal} />
      <fieldset disabled={busy} style={styles.fieldset}>
        <div className="field-type text">
          <label className="field-label" htmlFor="backoffice-recovery-code">
            {t('recoveryCodeLabel')}
            <span className="required">*</span>
          </label>
          <div className="field-type__wrap">
            <input
              aria-describedby="backoffice-recovery-code-instructions"
              autoCapitalize="off"
              autoComplete="off"
              autoCorrect="off"
              // eslint-disable-next-line jsx-a11y/no-autofocus -- the code is all the page asks for
              autoFocus
              disabled={busy}
              id="backoffice-recovery-code"
              maxLength={maxInputLength}
              name="recoveryCode"
              onChange={(event) => setCode(event.target.value)}
              placeholder="xxxx-xxxx-xxxx-xxxx-xxxx-xxxx"
              ref={input}
              required
              spellCheck={false}
              style={{ fontFamily: 'monospace' }}
              type="text"
              value={code}
            />
          </div>
        </div>
        <div style={styles.checkbox}>
          <input
            checked={trustThisDevice}
            id="backoffice-recovery-trust-device"
            name="trustThisDevice"
            onChange={(event) => setTrustThisDevice(event.target.checked)}
            type="checkbox"
          />
          <label dir="auto" htmlFor="backoffice-recovery-trust-device">
            {t('twoFactorTrustDevice', { days: trustedDeviceDays })}
          </label>
        </div>
      </fieldset>
      <Button
        disabled={busy || !code.trim()}
        id="backoffice-recovery-code-verify"
        size="large"
        type="submit"
      >
        {phase === 'sending' ? t('twoFactorVerifying') : t('twoFactorVerify')}
      </Button>
    </form>
  )
}
