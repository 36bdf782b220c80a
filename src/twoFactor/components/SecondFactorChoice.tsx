'use client'

import { useTranslation } from '@payloadcms/ui'
import { formatAdminURL } from 'payload/shared'
import { createContext, type ReactNode, use, useEffect, useState } from 'react'

import { callBackoffice } from '../../components/client/backofficeFetch.js'
import { useBackofficeTranslation } from '../../components/client/useBackofficeTranslation.js'
import { twoFactorStyles as styles } from './twoFactorStyles.js'

/** The second factors of the account signing in, as `GET /api/{users}/mfa/factors` tells them. */
export type SecondFactors = { passkey: boolean; recoveryCodes: boolean; totp: boolean }

const SecondFactorsContext = createContext<null | SecondFactors>(null)

/** The account's factors, for the forms inside `SecondFactorChoice` (null outside one). */
export const useSecondFactors = (): null | SecondFactors => use(SecondFactorsContext)

/**
 * Which second factor the prompt shows: the passkey first when the account has one, with a way to
 * switch to the code from the app (and back) when it has both. The factors are asked of the server
 * (the challenge cookie is the users API's alone); until they arrive the prompt is busy, and when
 * the sign-in has expired the code form shows, whose submission says so.
 */
export const SecondFactorChoice = ({
  apiRoute,
  code,
  passkeyPrompt,
  serverURL,
  usersCollection,
}: {
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
  const [factors, setFactors] = useState<null | SecondFactors>(null)
  const [factor, setFactor] = useState<'code' | 'passkey'>('code')

  useEffect(() => {
    let current = true
    void callBackoffice(
      formatAdminURL({ apiRoute, path: `/${usersCollection}/mfa/factors`, serverURL }),
      { cache: 'no-store', language: i18n.language, t },
    ).then(({ body, ok }) => {
      if (!current) {
        return
      }
      const answer = body as null | Partial<Record<keyof SecondFactors, unknown>>
      const passkey = ok && answer?.passkey === true
      // Unknown (an expired sign-in): the code forms show, and submitting one says it expired.
      setFactors({
        passkey,
        recoveryCodes: !ok || answer?.recoveryCodes === true,
        totp: !ok || answer?.totp === true,
      })
      setFactor(passkey ? 'passkey' : 'code')
    })
    return () => {
      current = false
    }
  }, [apiRoute, i18n.language, serverURL, t, usersCollection])

  if (!factors) {
    return <div aria-busy="true" style={styles.column} />
  }
  const switchTo = factor === 'passkey' ? 'code' : 'passkey'
  return (
    <SecondFactorsContext value={factors}>
      {factor === 'passkey' ? passkeyPrompt : code}
      {factors.passkey && factors.totp && (
        <p style={{ marginInline: 'auto', maxInlineSize: '30rem' }}>
          <button
            className="btn btn--style-secondary btn--size-small"
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
