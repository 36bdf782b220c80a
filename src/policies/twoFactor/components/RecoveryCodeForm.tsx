'use client'

import { Button, useTranslation } from '@payloadcms/ui'
import { formatAdminURL } from 'payload/shared'
import { useState } from 'react'

import { callBackoffice } from '../../../shared/components/client/backofficeFetch.js'
import { SignInAlert } from '../../../shared/components/client/SignInAlert.js'
import { useBackofficeTranslation } from '../../../shared/components/client/useBackofficeTranslation.js'
import '../../../shared/components/backoffice.css'
import '../lib/twoFactorStyles.css'
import { useOneTimeCodeForm } from './useOneTimeCodeForm.js'
import { useRefusalDestination } from './useRefusalDestination.js'

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
 * device", sent with the challenge cookie by the button or Enter. As with the app's code (the same
 * `useOneTimeCodeForm`), a refusal says why, empties the field and waits a few seconds before the
 * next try; success goes where the sign-in was headed, with the server's note of how many codes
 * remain.
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
  const [trustThisDevice, setTrustThisDevice] = useState(false)
  const { busy, change, code, codeInput, complete, phase, refusal, submit } = useOneTimeCodeForm({
    adminRoute,
    isComplete: (value) => value.trim() !== '',
    onRefused: useRefusalDestination(),
    send: (value) =>
      callBackoffice(
        formatAdminURL({
          apiRoute,
          path: `/${usersCollection}/mfa/recovery-code/authenticate`,
          serverURL,
        }),
        { body: { code: value, trustThisDevice }, language: i18n.language, t },
      ),
    successMessage: 'fromAnswer',
  })

  return (
    <form
      aria-busy={busy}
      aria-describedby={refusal ? 'backoffice-sign-in-alert' : undefined}
      className="backoffice-two-factor-column"
      onSubmit={submit}
    >
      <div className="form-header">
        <h1 dir="auto">{t('twoFactorChallengeHeading')}</h1>
        <p dir="auto" id="backoffice-recovery-code-instructions">
          {t('recoveryCodeInstructions')}
        </p>
      </div>
      <SignInAlert id="backoffice-sign-in-alert" refusal={refusal} />
      <fieldset className="backoffice-field-stack" disabled={busy}>
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
              className="backoffice-recovery-code-input"
              disabled={busy}
              id="backoffice-recovery-code"
              maxLength={maxInputLength}
              name="recoveryCode"
              onChange={(event) => change(event.target.value)}
              placeholder="xxxx-xxxx-xxxx-xxxx-xxxx-xxxx"
              ref={codeInput}
              required
              spellCheck={false}
              type="text"
              value={code}
            />
          </div>
        </div>
        <div className="backoffice-two-factor-row">
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
        disabled={busy || !complete}
        id="backoffice-recovery-code-verify"
        size="large"
        type="submit"
      >
        {phase === 'sending' ? t('twoFactorVerifying') : t('twoFactorVerify')}
      </Button>
    </form>
  )
}
