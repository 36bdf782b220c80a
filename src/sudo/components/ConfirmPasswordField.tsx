import type { UIFieldServerProps } from 'payload'

import { getBackofficeTranslation } from '../../i18n/text.js'
import { getPluginOptions } from '../../options/getPluginOptions.js'
import { providerConfirmationFor } from '../providerConfirmation.js'
import { ConfirmPasswordPrompt, ConfirmWithProviderPrompt } from './lazyComponents.js'

/**
 * The "Confirm it's you" section, on the viewer's own account only: the password for accounts that
 * have one here; a fresh sign-in at the provider for accounts of a single sign-on provider.
 */
export const ConfirmPasswordField = ({ id, payload, req }: UIFieldServerProps) => {
  const options = getPluginOptions(payload)
  const viewer = req.user as { id: number | string; identityProvider?: unknown } | null
  if (
    !options.enabled ||
    !viewer ||
    id === undefined ||
    String(viewer.id) !== String(id) ||
    req.user?.collection !== options.usersCollection
  ) {
    return null
  }
  const t = getBackofficeTranslation(req.i18n)
  const confirmation = providerConfirmationFor(req, options)
  if (confirmation) {
    return (
      <ConfirmWithProviderPrompt
        confirmation={confirmation}
        intro={t('sudoProviderDescription', {
          minutes: options.sudo.windowMinutes,
          provider: confirmation.providerLabel,
        })}
        title={t('sudoHeading')}
      />
    )
  }
  const provider = typeof viewer.identityProvider === 'string' ? viewer.identityProvider : 'local'
  if (provider !== 'local' && provider !== '') {
    // A provider that is no longer configured: nothing here can confirm it.
    return null
  }
  return (
    <ConfirmPasswordPrompt
      apiRoute={payload.config.routes.api}
      intro={t('sudoDescription', { minutes: options.sudo.windowMinutes })}
      serverURL={payload.config.serverURL}
      title={t('sudoHeading')}
      usersCollection={options.usersCollection}
    />
  )
}
