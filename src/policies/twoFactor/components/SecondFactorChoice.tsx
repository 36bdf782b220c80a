'use client'

import { useTranslation } from '@payloadcms/ui'
import { useSearchParams } from 'next/navigation.js'
import { formatAdminURL } from 'payload/shared'
import { createContext, type ReactNode, use, useEffect, useState } from 'react'

import { callBackoffice } from '../../../shared/components/client/backofficeFetch.js'
import { afterSignIn } from '../../../shared/components/client/loginOutcome.js'
import { continueSignedIn } from '../../../shared/components/client/PendingToast.js'
import { useBackofficeTranslation } from '../../../shared/components/client/useBackofficeTranslation.js'
import '../lib/twoFactorStyles.css'

/** The second factors of the account signing in, as `GET /api/{users}/mfa/factors` tells them. */
export type SecondFactors = { passkey: boolean; recoveryCodes: boolean; totp: boolean }

const SecondFactorsContext = createContext<null | SecondFactors>(null)

/** The account's factors, for the forms inside `SecondFactorChoice` (null outside one). */
export const useSecondFactors = (): null | SecondFactors => use(SecondFactorsContext)

/**
 * Which second factor the prompt shows: the passkey first when the account has one, with a way to
 * switch to the code from the app (and back) when it has both. The factors are asked of the server
 * (the challenge cookie is the users API's alone); until they arrive the prompt is busy, and when
 * the sign-in has expired the code form shows, whose submission says so. When the server says this
 * browser is a trusted device of the account (a single sign-on, which arrives without the device's
 * cookie), the device settles the sign-in and no prompt shows.
 */
export const SecondFactorChoice = ({
  adminRoute,
  apiRoute,
  code,
  passkeyPrompt,
  serverURL,
  usersCollection,
}: {
  adminRoute: string
  apiRoute: string
  /** The code form. */
  code: ReactNode
  /** The passkey prompt. */
  passkeyPrompt: ReactNode
  serverURL: string
  usersCollection: string
}) => {
  const t = useBackofficeTranslation()
  const { i18n } = useTranslation()
  const redirect = useSearchParams().get('redirect')
  const [factors, setFactors] = useState<null | SecondFactors>(null)
  const [factor, setFactor] = useState<'code' | 'passkey'>('code')
  const [settlingByDevice, setSettlingByDevice] = useState(false)

  useEffect(() => {
    let current = true
    const ask = async () => {
      const { body, ok } = await callBackoffice(
        formatAdminURL({ apiRoute, path: `/${usersCollection}/mfa/factors`, serverURL }),
        { cache: 'no-store', language: i18n.language, t },
      )
      if (!current) {
        return
      }
      const answer = body as null | Partial<Record<'trustedDevice' | keyof SecondFactors, unknown>>
      if (ok && answer?.trustedDevice === true) {
        // A single sign-on on a trusted device: the device settles it, as it does a password.
        setSettlingByDevice(true)
        const settled = await callBackoffice(
          formatAdminURL({ apiRoute, path: `/${usersCollection}/mfa/trusted-device`, serverURL }),
          { language: i18n.language, method: 'POST', t },
        )
        if (settled.ok) {
          continueSignedIn(afterSignIn(adminRoute, redirect))
          return
        }
        if (!current) {
          return
        }
        // Removed or used meanwhile: the second factor is asked for after all.
        setSettlingByDevice(false)
      }
      const passkey = ok && answer?.passkey === true
      // Unknown (an expired sign-in): the code forms show, and submitting one says it expired.
      setFactors({
        passkey,
        recoveryCodes: !ok || answer?.recoveryCodes === true,
        totp: !ok || answer?.totp === true,
      })
      setFactor(passkey ? 'passkey' : 'code')
    }
    void ask()
    return () => {
      current = false
    }
  }, [adminRoute, apiRoute, i18n.language, redirect, serverURL, t, usersCollection])

  if (settlingByDevice) {
    return (
      <div aria-busy="true" className="backoffice-two-factor-column">
        <p dir="auto" role="status">
          {t('twoFactorTrustedDeviceSigningIn')}
        </p>
      </div>
    )
  }
  if (!factors) {
    return <div aria-busy="true" className="backoffice-two-factor-column" />
  }
  const switchTo = factor === 'passkey' ? 'code' : 'passkey'
  return (
    <SecondFactorsContext value={factors}>
      {factor === 'passkey' ? passkeyPrompt : code}
      {factors.passkey && factors.totp && (
        <p className="backoffice-two-factor-aside">
          <button
            className="btn btn--style-secondary btn--size-small"
            dir="auto"
            id="backoffice-second-factor-switch"
            onClick={() => setFactor(switchTo)}
            type="button"
          >
            {switchTo === 'code' ? t('passkeyUseCodeInstead') : t('passkeyUsePasskeyInstead')}
          </button>
        </p>
      )}
    </SecondFactorsContext>
  )
}
