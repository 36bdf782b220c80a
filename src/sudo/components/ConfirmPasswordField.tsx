import type { UIFieldServerProps } from 'payload'

import { getBackofficeTranslation } from '../../i18n/text.js'
import { getPluginOptions } from '../../options/getPluginOptions.js'
import { ConfirmPasswordPrompt } from './ConfirmPasswordPrompt.js'

/**
 * The "Confirm it's you" section, on the viewer's own account only, for accounts with a password
 * here (one signed in through an external provider proves itself by signing in again).
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
  const provider = typeof viewer.identityProvider === 'string' ? viewer.identityProvider : 'local'
  if (provider !== 'local' && provider !== '') {
    return null
  }
  const t = getBackofficeTranslation(req.i18n)
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
