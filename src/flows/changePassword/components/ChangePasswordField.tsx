import type { UIFieldServerProps } from 'payload'

import type { StaffAccount } from '../../../shared/accounts/staffAccount.js'
import type { SanitizedBackofficeOptions } from '../../../shared/options/types.js'

import { publicPasswordPolicy } from '../../../policies/passwordPolicy/publicPolicy.js'
import { providerLabel, signInMethodOf } from '../../../shared/accounts/signInMethod.js'
import '../../../shared/components/backoffice.css'
import { getBackofficeTranslation } from '../../../shared/i18n/text.js'
import { getPluginOptions } from '../../../shared/options/getPluginOptions.js'
import './ChangePasswordField.css'
import { ChangePasswordDrawer } from './lazyComponents.js'

type Account = Pick<StaffAccount, 'email' | 'id' | 'identityProvider' | 'name'>

/**
 * The change-password section, on the viewer's own account only (an administrator sets other
 * people's passwords with the edit form). A server component, so the policy travels from the plugin's
 * options to the client field without the client reading server options; accounts that sign in through
 * an external provider see why there is nothing to change here instead.
 */
export const ChangePasswordField = ({ id, payload, req }: UIFieldServerProps) => {
  const options: SanitizedBackofficeOptions = getPluginOptions(payload)
  const viewer = req.user as Account | null
  if (
    !options.enabled ||
    !viewer ||
    id === undefined ||
    String(viewer.id) !== String(id) ||
    req.user?.collection !== options.usersCollection
  ) {
    return null
  }
  // ChangePasswordField.css hides Payload's own change-password button wherever this section is.
  const provider = signInMethodOf(viewer)
  if (provider !== 'local') {
    const t = getBackofficeTranslation(req.i18n)
    return (
      <section
        aria-labelledby="backoffice-change-password-heading"
        className="backoffice-change-password backoffice-section"
      >
        <h3 dir="auto" id="backoffice-change-password-heading">
          {t('changePasswordHeading')}
        </h3>
        <p dir="auto">
          {t('changePasswordExternalProvider', { provider: providerLabel(options, provider) })}
        </p>
      </section>
    )
  }
  const userInputs = [viewer.email, viewer.name].filter(
    (value): value is string => typeof value === 'string' && value !== '',
  )
  return (
    <ChangePasswordDrawer
      policy={publicPasswordPolicy(options)}
      userInputs={userInputs}
      usersCollection={options.usersCollection}
    />
  )
}
