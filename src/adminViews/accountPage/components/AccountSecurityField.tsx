import type { UIFieldServerProps } from 'payload'

import { ChangePasswordField } from '../../../flows/changePassword/components/ChangePasswordField.js'
import { SignInMethodSwitch } from '../../../flows/sso/components/SignInMethodSwitch.js'
import { SessionsField } from '../../../policies/sessions/components/lazyComponents.js'
import { SudoDialogProvider } from '../../../policies/sudo/components/lazyComponents.js'
import { providerConfirmationFor } from '../../../policies/sudo/providerConfirmation.js'
import { readTotpState } from '../../../policies/twoFactor/accountState.js'
import { TwoFactorField } from '../../../policies/twoFactor/components/TwoFactorField.js'
import { listPasskeys } from '../../../policies/twoFactor/passkeys/passkeyStore.js'
import { relyingParty } from '../../../policies/twoFactor/passkeys/relyingParty.js'
import { recoveryCodesStatus } from '../../../policies/twoFactor/recoveryCodes/store.js'
import { getBackofficeTranslation } from '../../../shared/i18n/text.js'
import { getPluginOptions } from '../../../shared/options/getPluginOptions.js'
import './AccountSecurityField.css'

/**
 * The sign-in and security sections of the account page, in this order: password, two-factor
 * authentication with each method, passkeys, recovery codes, trusted devices, sessions, sign-in
 * method; each section shows itself only where it applies (one's own account, a configured
 * provider). The sections that need sudo mode share one "Confirm it's you" dialog. On another
 * account an administrator sees only its passkeys here (the rest is in the account security panel).
 */
export const AccountSecurityField = async (props: UIFieldServerProps) => {
  const { id, payload, req } = props
  const options = getPluginOptions(payload)
  const viewer = req.user
  if (
    !options.enabled ||
    !viewer ||
    id === undefined ||
    viewer.collection !== options.usersCollection
  ) {
    return null
  }
  const own = String(viewer.id) === String(id)
  const t = getBackofficeTranslation(req.i18n)
  // With the app on, its current code confirms as well as the password.
  const appCode = own && (await readTotpState(payload, options, viewer.id))?.status === 'enabled'
  // With recovery codes left, one of them too: the phone may be the thing that is gone.
  const recoveryCode = own && (await recoveryCodesStatus(payload, viewer.id)).remaining > 0
  // With a passkey, and passkeys working on this server, the passkey too.
  const passkey =
    own &&
    options.passkeys.enabled &&
    relyingParty(payload, options) !== null &&
    (await listPasskeys(payload, viewer.id)).length > 0
  return (
    <SudoDialogProvider
      apiRoute={payload.config.routes.api}
      appCode={appCode}
      confirmation={providerConfirmationFor(req, options)}
      minutes={options.sudo.windowMinutes}
      passkey={passkey}
      recoveryCode={recoveryCode}
      serverURL={payload.config.serverURL}
      usersCollection={options.usersCollection}
    >
      <div
        aria-labelledby={own ? 'backoffice-account-security-heading' : undefined}
        className="backoffice-account-security"
        role={own ? 'region' : undefined}
      >
        {own && (
          <h2 dir="auto" id="backoffice-account-security-heading">
            {t('accountSecurityHeading')}
          </h2>
        )}
        <ChangePasswordField {...props} />
        <TwoFactorField {...props} />
        {own && (
          <SessionsField
            enabled={options.enabled}
            ownOnly
            usersCollection={options.usersCollection}
          />
        )}
        <SignInMethodSwitch {...props} />
      </div>
    </SudoDialogProvider>
  )
}
