import type { AdminViewServerProps } from 'payload'

import { MinimalTemplate } from '@payloadcms/next/templates'
import { redirect } from 'next/navigation.js'
import { formatAdminURL, getSafeRedirect } from 'payload/shared'

import { getBackofficeTranslation } from '../../i18n/text.js'
import { getPluginOptions } from '../../options/getPluginOptions.js'
import { readTotpState } from '../accountState.js'
import { findChallenge } from '../challenges.js'
import { PasskeyChallenge, SecondFactorChoice } from '../passkeys/components/PasskeyChallenge.js'
import { hasPasskey } from '../passkeys/passkeyStore.js'
import { recoveryCodesStatus } from '../recoveryCodes/store.js'
import { RequestResetWidget } from '../resetRequests/components/RequestResetWidget.js'
import { ChallengeMethods } from './ChallengeMethods.js'

/**
 * The code prompt (`{admin}/two-factor/verify`) the sign-in answer sends people to after a correct
 * password. Public, like the sign-in page: the visitor holds only the challenge cookie, which the
 * endpoint checks. Someone already signed in goes on to where they were headed.
 */
export const ChallengeView = async ({ initPageResult, searchParams }: AdminViewServerProps) => {
  const { req } = initPageResult
  const { config } = req.payload
  const options = getPluginOptions(req.payload)
  if (req.user) {
    const redirectParam = typeof searchParams?.redirect === 'string' ? searchParams.redirect : ''
    redirect(getSafeRedirect({ fallbackTo: config.routes.admin, redirectTo: redirectParam }))
  }
  // The factors the account has, from the challenge the cookie names: the passkey first (it cannot
  // be phished), the code from the app as the other choice, and with it a recovery code. Without a live challenge the code form
  // shows, and submitting it says the sign-in expired.
  const challenge = await findChallenge(req)
  const passkey =
    options.passkeys.enabled &&
    challenge !== null &&
    (await hasPasskey(req.payload, challenge.userId))
  const totp = challenge ? await readTotpState(req.payload, options, challenge.userId) : null
  // Then a recovery code, when the account has one left (they come with the app's code).
  const recoveryCodes =
    challenge === null ||
    (totp?.status === 'enabled' &&
      (await recoveryCodesStatus(req.payload, challenge.userId)).remaining > 0)
  const props = {
    adminRoute: config.routes.admin,
    apiRoute: config.routes.api,
    serverURL: config.serverURL,
    trustedDeviceDays: options.twoFactor.trustedDeviceDays,
    usersCollection: options.usersCollection,
  }
  return (
    <MinimalTemplate className="backoffice-two-factor-verify">
      <SecondFactorChoice
        code={
          !passkey || totp?.status === 'enabled' ? (
            <ChallengeMethods {...props} recoveryCodes={recoveryCodes} />
          ) : null
        }
        passkey={passkey}
        passkeyPrompt={<PasskeyChallenge {...props} />}
      />
      <RequestResetWidget
        apiRoute={config.routes.api}
        loginURL={formatAdminURL({
          adminRoute: config.routes.admin,
          path: config.admin.routes.login,
        })}
        serverURL={config.serverURL}
        usersCollection={options.usersCollection}
      />
      {/* An expired prompt only says so: the way back to the password step stays in view. */}
      <p style={{ marginInline: 'auto', maxInlineSize: '30rem', paddingBlockStart: 'var(--base)' }}>
        <a
          href={formatAdminURL({
            adminRoute: config.routes.admin,
            path: config.admin.routes.login,
          })}
        >
          {getBackofficeTranslation(req.i18n)('forgotBackToLogin')}
        </a>
      </p>
    </MinimalTemplate>
  )
}
