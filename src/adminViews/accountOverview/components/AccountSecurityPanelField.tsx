import type { UIFieldServerProps } from 'payload'

import { providerConfirmationFor } from '../../../policies/sudo/providerConfirmation.js'
import { getPluginOptions } from '../../../shared/options/getPluginOptions.js'
import { AccountSecurityPanel } from './lazyComponents.js'

/**
 * The security panel's field: the client panel, told on the server how the viewing administrator
 * confirms it's them for sudo mode (the password, or a fresh sign-in at their single sign-on
 * provider), which only the request knows.
 */
export const AccountSecurityPanelField = ({ payload, req }: UIFieldServerProps) => {
  const options = getPluginOptions(payload)
  return (
    <AccountSecurityPanel
      confirmation={options.enabled ? providerConfirmationFor(req, options) : null}
      enabled={options.enabled}
      usersCollection={options.usersCollection}
    />
  )
}
