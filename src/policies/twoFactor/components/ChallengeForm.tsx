'use client'

import { Button, useTranslation } from '@payloadcms/ui'
import { formatAdminURL } from 'payload/shared'
import { useState } from 'react'

import { callBackoffice } from '../../../shared/components/client/backofficeFetch.js'
import { SignInAlert } from '../../../shared/components/client/SignInAlert.js'
import { useBackofficeTranslation } from '../../../shared/components/client/useBackofficeTranslation.js'
import '../../../shared/components/backoffice.css'
import '../lib/twoFactorStyles.css'
import { OneTimeCodeInput } from './OneTimeCodeInput.js'
import { useOneTimeCodeForm } from './useOneTimeCodeForm.js'
import { useRefusalDestination } from './useRefusalDestination.js'

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
  const onRefused = useRefusalDestination()
  const [trustThisDevice, setTrustThisDevice] = useState(false)
  const { busy, change, code, codeInput, complete, phase, refusal, submit } = useOneTimeCodeForm({
    adminRoute,
    onRefused,
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
      className="backoffice-two-factor-column"
      onSubmit={submit}
    >
      <div className="form-header">
        <h1 dir="auto">{t('twoFactorChallengeHeading')}</h1>
        <p dir="auto">{t('twoFactorChallengeInstructions')}</p>
      </div>
      <SignInAlert id={alertId} refusal={refusal} />
      <fieldset className="backoffice-field-stack" disabled={busy}>
        <OneTimeCodeInput
          disabled={busy}
          id="backoffice-totp-code"
          inputRef={codeInput}
          onChange={change}
          value={code}
        />
        <div className="backoffice-two-factor-row">
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
