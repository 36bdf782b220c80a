import type { UIFieldServerProps } from 'payload'

import { getPluginOptions } from '../../options/getPluginOptions.js'
import { providerConfirmationFor } from '../../sudo/providerConfirmation.js'
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
