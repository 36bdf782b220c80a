import type { UIFieldServerProps } from 'payload'

import { ChangePasswordField } from '../../changePassword/components/ChangePasswordField.js'
import { getBackofficeTranslation } from '../../i18n/text.js'
import { getPluginOptions } from '../../options/getPluginOptions.js'
import { SessionsField } from '../../sessions/components/lazyComponents.js'
import { SignInMethodSwitch } from '../../sso/components/SignInMethodSwitch.js'
import { SudoDialogProvider } from '../../sudo/components/lazyComponents.js'
import { providerConfirmationFor } from '../../sudo/providerConfirmation.js'
import { TwoFactorField } from '../../twoFactor/components/TwoFactorField.js'

// Each section set off from the one before, as on GitHub's and Google's security pages.
const sectionRule =
  '.backoffice-account-security > section + section { border-block-start: 1px solid var(--theme-elevation-100); padding-block-start: calc(var(--base) * 1.5); }'

/**
 * The sign-in and security sections of the account page, in this order: password, two-factor
 * authentication with each method, passkeys, recovery codes, trusted devices, sessions, sign-in
 * method; each section shows itself only where it applies (one's own account, a configured
 * provider). The sections that need sudo mode share one "Confirm it's you" dialog. On another
 * account an administrator sees only its passkeys here (the rest is in the account security panel).
 */
export const AccountSecurityField = (props: UIFieldServerProps) => {
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
  return (
    <SudoDialogProvider
      apiRoute={payload.config.routes.api}
      confirmation={providerConfirmationFor(req, options)}
      minutes={options.sudo.windowMinutes}
      serverURL={payload.config.serverURL}
      usersCollection={options.usersCollection}
    >
      <div
        aria-labelledby={own ? 'backoffice-account-security-heading' : undefined}
        className="backoffice-account-security"
        role={own ? 'region' : undefined}
      >
        <style>{sectionRule}</style>
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
