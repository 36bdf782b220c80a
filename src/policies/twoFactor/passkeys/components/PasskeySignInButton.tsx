'use client'

import type { PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser'

import { useTranslation } from '@payloadcms/ui'
import { useSearchParams } from 'next/navigation.js'
import { formatAdminURL } from 'payload/shared'
import { useState } from 'react'

import {
  callBackoffice,
  networkErrorMessage,
} from '../../../../shared/components/client/backofficeFetch.js'
import { loginOutcomeOf } from '../../../../shared/components/client/loginOutcome.js'
import { continueSignedIn } from '../../../../shared/components/client/PendingToast.js'
import { refusalOf, type SignInRefusal } from '../../../../shared/components/client/SignInAlert.js'
import { useBackofficeTranslation } from '../../../../shared/components/client/useBackofficeTranslation.js'
import './PasskeySignInButton.css'

type Props = {
  adminRoute: string
  apiRoute: string
  /** Disabled while the password form is being sent. */
  disabled: boolean
  /** A new attempt begins: the last refusal goes. */
  onAttempt: () => void
  /** A refusal, shown where the password form shows its own. */
  onRefused: (refusal: SignInRefusal) => void
  serverURL: string
  usersCollection: string
}

/**
 * "Sign in with a passkey" on the login page (the `passkeys.passwordless` option): the browser offers
 * the passkeys it holds for this site, and the one chosen signs in with no password. Refusals show
 * as the password form's do.
 */
export const PasskeySignInButton = ({
  adminRoute,
  apiRoute,
  disabled,
  onAttempt,
  onRefused,
  serverURL,
  usersCollection,
}: Props) => {
  const t = useBackofficeTranslation()
  const { i18n } = useTranslation()
  const redirect = useSearchParams().get('redirect')
  const [busy, setBusy] = useState(false)
  const call = (path: string, body?: unknown) =>
    callBackoffice(formatAdminURL({ apiRoute, path: `/${usersCollection}${path}`, serverURL }), {
      body,
      language: i18n.language,
      method: 'POST',
      t,
    })

  const signIn = async () => {
    setBusy(true)
    onAttempt()
    // The browser side of WebAuthn (@simplewebauthn/browser) is fetched on the click, alongside the
    // options, so the sign-in page that every visitor loads stays light.
    const browserCode = import('../../../../shared/components/client/passkeyBrowser.js').then(
      (module) => ({ getPasskey: module.getPasskey, ok: true as const }),
      (error: unknown) => ({ error, ok: false as const }),
    )
    const options = await call('/passkey/sign-in/options')
    const loaded = options.ok ? await browserCode : null
    if (loaded && !loaded.ok) {
      onRefused({ message: networkErrorMessage(loaded.error, t), shownAt: Date.now() })
      setBusy(false)
      return
    }
    const prompt = loaded
      ? await loaded.getPasskey(options.body as PublicKeyCredentialRequestOptionsJSON)
      : null
    if (prompt && !prompt.ok) {
      onRefused({
        message:
          prompt.reason === 'unsupported' ? t('passkeysUnsupported') : t('passkeysCancelled'),
        shownAt: Date.now(),
      })
      setBusy(false)
      return
    }
    const answer = prompt ? await call('/passkey/sign-in', { response: prompt.response }) : options
    const outcome = loginOutcomeOf(answer, { adminRoute, redirect, t })
    if (outcome.kind === 'redirect') {
      continueSignedIn(outcome.to)
      return
    }
    onRefused(refusalOf(answer, outcome.message))
    setBusy(false)
  }

  return (
    <button
      aria-busy={busy}
      className="btn btn--style-secondary btn--size-large backoffice-passkey-sign-in"
      disabled={disabled || busy}
      id="backoffice-passkey-sign-in"
      onClick={() => void signIn()}
      type="button"
    >
      <span dir="auto">{busy ? t('passkeysWaiting') : t('passkeySignInButton')}</span>
    </button>
  )
}
