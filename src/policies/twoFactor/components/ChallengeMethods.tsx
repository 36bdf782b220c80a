'use client'

import { useState } from 'react'

import { useBackofficeTranslation } from '../../../shared/components/client/useBackofficeTranslation.js'
import '../lib/twoFactorStyles.css'
import { ChallengeForm } from './ChallengeForm.js'
import { RecoveryCodeForm } from './RecoveryCodeForm.js'
import { useSecondFactors } from './SecondFactorChoice.js'

type Props = {
  adminRoute: string
  apiRoute: string
  serverURL: string
  trustedDeviceDays: number
  usersCollection: string
}

/** The ways the second step can be taken, in the order they are offered. */
type Method = 'recoveryCode' | 'totp'

/**
 * The code side of the second step (see `SecondFactorChoice` for the passkey): the authenticator
 * app's code first, and a switch to one of the saved recovery codes (and back). Each form is a
 * component of its own. The form that appears takes the focus, so keyboard and screen-reader users
 * land in it. The switch is offered when the account has recovery codes left (see
 * `SecondFactorChoice`, which asks the users API: the page cannot read the challenge cookie).
 */
export const ChallengeMethods = (props: Props) => {
  const t = useBackofficeTranslation()
  const [method, setMethod] = useState<Method>('totp')
  const other: Method = method === 'totp' ? 'recoveryCode' : 'totp'
  // Offered unless the server said the account has no recovery code left.
  const withRecoveryCodes = useSecondFactors()?.recoveryCodes !== false
  return (
    <>
      {method === 'totp' ? <ChallengeForm {...props} /> : <RecoveryCodeForm {...props} />}
      {withRecoveryCodes && (
        <p className="backoffice-two-factor-aside">
          <button
            className="btn--style-none backoffice-two-factor-aside__link"
            dir="auto"
            id="backoffice-recovery-code-switch"
            onClick={() => setMethod(other)}
            type="button"
          >
            {other === 'recoveryCode'
              ? t('recoveryCodeUseInstead')
              : t('recoveryCodeUseAuthenticator')}
          </button>
        </p>
      )}
    </>
  )
}
