'use client'

import type { PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser'

import { Button, useTranslation } from '@payloadcms/ui'
import { useRouter, useSearchParams } from 'next/navigation.js'
import { formatAdminURL } from 'payload/shared'
import { useState } from 'react'

import {
  type BackofficeAnswer,
  callBackoffice,
} from '../../../../shared/components/client/backofficeFetch.js'
import {
  afterSignIn,
  localPath,
  withRedirect,
} from '../../../../shared/components/client/loginOutcome.js'
import { getPasskey } from '../../../../shared/components/client/passkeyBrowser.js'
import { continueSignedIn } from '../../../../shared/components/client/PendingToast.js'
import {
  refusalOf,
  SignInAlert,
  type SignInRefusal,
} from '../../../../shared/components/client/SignInAlert.js'
import { toastError } from '../../../../shared/components/client/toastError.js'
import { useBackofficeTranslation } from '../../../../shared/components/client/useBackofficeTranslation.js'
import '../../lib/twoFactorStyles.css'

type Props = {
  adminRoute: string
  apiRoute: string
  serverURL: string
  trustedDeviceDays: number
  usersCollection: string
}

/**
 * The second step of a sign-in with a passkey: "Use your passkey" asks the browser for an assertion
 * with one of the account's passkeys and sends it with "trust this device". Success goes where the
 * sign-in was headed; a refusal says why, and an expired sign-in goes back to the password step.
 */
export const PasskeyChallenge = ({
  adminRoute,
  apiRoute,
  serverURL,
  trustedDeviceDays,
  usersCollection,
}: Props) => {
  const t = useBackofficeTranslation()
  const { i18n } = useTranslation()
  const router = useRouter()
  const redirect = useSearchParams().get('redirect')
  const [busy, setBusy] = useState(false)
  const [refusal, setRefusal] = useState<null | SignInRefusal>(null)
  const [trustThisDevice, setTrustThisDevice] = useState(false)
  const call = (path: string, body?: unknown) =>
    callBackoffice(formatAdminURL({ apiRoute, path: `/${usersCollection}${path}`, serverURL }), {
      body,
      language: i18n.language,
      method: 'POST',
      t,
    })

  const refused = (answer: BackofficeAnswer) => {
    const message = answer.message ?? t('loginBackendProblem', { status: String(answer.status) })
    setRefusal(refusalOf(answer, message))
    const redirectTo = localPath((answer.body as { redirectTo?: unknown } | null)?.redirectTo)
    if (redirectTo && answer.status !== 500) {
      // The page leaves: a toast outlives it.
      toastError(message)
      router.push(withRedirect(redirectTo, redirect))
    }
  }

  const confirmWithPasskey = async () => {
    setBusy(true)
    setRefusal(null)
    let signedIn = false
    try {
      const options = await call('/mfa/passkey/options')
      if (!options.ok) {
        refused(options)
        return
      }
      const prompt = await getPasskey(options.body as PublicKeyCredentialRequestOptionsJSON)
      if (!prompt.ok) {
        setRefusal({
          message:
            prompt.reason === 'unsupported' ? t('passkeysUnsupported') : t('passkeysCancelled'),
          shownAt: Date.now(),
        })
        return
      }
      const answer = await call('/mfa/passkey/authenticate', {
        response: prompt.response,
        trustThisDevice,
      })
      if (!answer.ok) {
        refused(answer)
        return
      }
      signedIn = true
      continueSignedIn(afterSignIn(adminRoute, redirect))
    } finally {
      // Signed in: the page stays busy until the navigation replaces it.
      if (!signedIn) {
        setBusy(false)
      }
    }
  }

  return (
    <div aria-busy={busy} className="backoffice-two-factor-column">
      <div className="form-header">
        <h1 dir="auto">{t('passkeyChallengeHeading')}</h1>
        <p dir="auto">{t('passkeyChallengeInstructions')}</p>
      </div>
      <SignInAlert id="backoffice-sign-in-alert" refusal={refusal} />
      <div className="backoffice-two-factor-row">
        <input
          checked={trustThisDevice}
          disabled={busy}
          id="backoffice-passkey-trust-device"
          onChange={(event) => setTrustThisDevice(event.target.checked)}
          type="checkbox"
        />
        <label dir="auto" htmlFor="backoffice-passkey-trust-device">
          {t('twoFactorTrustDevice', { days: trustedDeviceDays })}
        </label>
      </div>
      <Button
        disabled={busy}
        id="backoffice-passkey-verify"
        onClick={() => void confirmWithPasskey()}
        size="large"
        type="button"
      >
        {busy ? t('passkeysWaiting') : t('passkeyChallengeButton')}
      </Button>
    </div>
  )
}
