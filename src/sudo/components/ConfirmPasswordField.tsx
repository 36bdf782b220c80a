import type { UIFieldServerProps } from 'payload'

import type { StaffAccount } from '../../accounts/staffAccount.js'

import { signInMethodOf } from '../../accounts/signInMethod.js'
import { errorCatalogue } from '../../errors/catalogue.js'
import { getBackofficeTranslation } from '../../i18n/text.js'
import { getPluginOptions } from '../../options/getPluginOptions.js'
import { ConfirmPasswordPrompt } from './ConfirmPasswordPrompt.js'
import { ConfirmWithProviderPrompt } from './ConfirmWithProviderPrompt.js'

/** What a confirmation at the provider can come back with. */
const providerRefusals = [
  'SSO_CANCELLED',
  'SSO_IDENTITY_MISMATCH',
  'SSO_PROVIDER_ERROR',
  'SSO_RESPONSE_INVALID',
  'SSO_TRANSACTION_INVALID',
  'SSO_UNAVAILABLE',
] as const

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
  const method = signInMethodOf(viewer as unknown as StaffAccount)
  if (method !== 'local') {
    const provider = options.sso.providers.find((candidate) => candidate.id === method)
    if (!provider) {
      return null
    }
    const { api } = payload.config.routes
    return (
      <ConfirmWithProviderPrompt
        href={`${payload.config.serverURL}${api}/admin/oauth/authorization/${provider.id}?flow=reauth`}
        intro={t('sudoProviderDescription', {
          minutes: options.sudo.windowMinutes,
          provider: provider.label,
        })}
        label={t('sudoProviderSubmit', { provider: provider.label })}
        refusals={Object.fromEntries(
          providerRefusals.map((code) => [code, t(errorCatalogue[code].translationKey)]),
        )}
        title={t('sudoHeading')}
      />
    )
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
