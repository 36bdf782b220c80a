'use client'

import { Button, useTranslation } from '@payloadcms/ui'
import { usePathname, useRouter } from 'next/navigation.js'
import { formatAdminURL } from 'payload/shared'
import { useState } from 'react'

import { callBackoffice } from '../../../shared/components/client/backofficeFetch.js'
import { localPath, withRedirect } from '../../../shared/components/client/loginOutcome.js'
import { SignInAlert } from '../../../shared/components/client/SignInAlert.js'
import { toastError } from '../../../shared/components/client/toastError.js'
import { useBackofficeTranslation } from '../../../shared/components/client/useBackofficeTranslation.js'
import { twoFactorStyles as styles } from '../lib/twoFactorStyles.js'
import { OneTimeCodeInput } from './OneTimeCodeInput.js'
import { useOneTimeCodeForm } from './useOneTimeCodeForm.js'

const alertId = 'backoffice-sign-in-alert'

type Props = {
  adminRoute: string
  apiRoute: string
  serverURL: string
  trustedDeviceDays: number
  usersCollection: string
}

/**
 * The second step of a sign-in: the code from the authenticator app and "trust this device", sent
 * with the challenge cookie as soon as the sixth digit is typed, or with Verify. Success goes where
 * the sign-in was headed (the `redirect` parameter, only on this site) or to the admin root. A
 * refusal shows above the form until the next code; 401 and 500 only say what went wrong; other
 * refusals that name a `redirectTo` go there (with `redirect`), saying it in a toast, which outlives
 * the page.
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
  const [trustThisDevice, setTrustThisDevice] = useState(false)
  const { busy, change, code, codeInput, complete, phase, redirect, refusal, submit } =
    useOneTimeCodeForm({
      adminRoute,
      onRefused: ({ body, message, status }) => {
        const redirectTo = localPath((body as { redirectTo?: unknown } | null)?.redirectTo)
        if (status !== 401 && status !== 500 && redirectTo && redirectTo !== pathname) {
          if (message) {
            toastError(message)
          }
          router.push(withRedirect(redirectTo, redirect))
        }
      },
      send: (value) =>
        callBackoffice(
          formatAdminURL({
            apiRoute,
            path: `/${usersCollection}/mfa/totp/authenticate`,
            serverURL,
          }),
          { body: { code: value, trustThisDevice }, language: i18n.language, t },
        ),
    })

  return (
    <form
      aria-busy={busy}
      aria-describedby={refusal ? alertId : undefined}
      onSubmit={submit}
      style={styles.column}
    >
      <div className="form-header">
        <h1 dir="auto">{t('twoFactorChallengeHeading')}</h1>
        <p dir="auto">{t('twoFactorChallengeInstructions')}</p>
      </div>
      <SignInAlert id={alertId} refusal={refusal} />
      <fieldset disabled={busy} style={styles.fieldset}>
        <OneTimeCodeInput
          disabled={busy}
          id="backoffice-totp-code"
          inputRef={codeInput}
          onChange={change}
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
          <label dir="auto" htmlFor="backoffice-trust-device">
            {t('twoFactorTrustDevice', { days: trustedDeviceDays })}
          </label>
        </div>
      </fieldset>
      <Button disabled={busy || !complete} id="backoffice-totp-verify" size="large" type="submit">
        {phase === 'sending' ? t('twoFactorVerifying') : t('twoFactorVerify')}
      </Button>
    </form>
  )
}
