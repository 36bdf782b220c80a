import type { UIFieldServerProps } from 'payload'

import type { StaffAccount } from '../../../shared/accounts/staffAccount.js'

import { providerLabel, signInMethodOf } from '../../../shared/accounts/signInMethod.js'
import { errorCatalogue } from '../../../shared/errors/catalogue.js'
import { getBackofficeTranslation } from '../../../shared/i18n/text.js'
import { getPluginOptions } from '../../../shared/options/getPluginOptions.js'
import { SwitchToProvider } from './lazyComponents.js'

/** What a switch at the provider can come back with. */
const switchRefusals = [
  'REAUTHENTICATION_REQUIRED',
  'SSO_AUTHENTICATION_NOT_FRESH',
  'SSO_CANCELLED',
  'SSO_EMAIL_NOT_VERIFIED',
  'SSO_IDENTITY_MISMATCH',
  'SSO_PROVIDER_ERROR',
  'SSO_RESPONSE_INVALID',
  'SSO_TRANSACTION_INVALID',
  'SSO_UNAVAILABLE',
] as const

/**
 * "Sign-in method" on the viewer's own account page: how it signs in now and, for each other
 * configured provider, a button to move the account there by signing in at that provider (the
 * `link` flow; it needs sudo mode, and the provider must prove the account's own address).
 */
export const SignInMethodSwitch = ({ id, payload, req }: UIFieldServerProps) => {
  const options = getPluginOptions(payload)
  const viewer = req.user
  if (
    !options.enabled ||
    !viewer ||
    id === undefined ||
    String(viewer.id) !== String(id) ||
    viewer.collection !== options.usersCollection
  ) {
    return null
  }
  const method = signInMethodOf(viewer as unknown as StaffAccount)
  const others = options.sso.providers.filter((provider) => provider.id !== method)
  if (others.length === 0) {
    return null
  }
  const t = getBackofficeTranslation(req.i18n)
  const { api } = payload.config.routes
  return (
    <SwitchToProvider
      heading={t('fieldIdentityProvider')}
      intro={t('signInMethodSwitchIntro')}
      providers={others.map((provider) => ({
        href: `${payload.config.serverURL}${api}/admin/oauth/authorization/${provider.id}?flow=link`,
        id: provider.id,
        label: t('signInMethodSwitchButton', { provider: provider.label }),
      }))}
      refusals={
        // A provider account's page has "Confirm it's you" at its provider, which shows these.
        method === 'local'
          ? Object.fromEntries(
              switchRefusals.map((code) => [code, t(errorCatalogue[code].translationKey)]),
            )
          : null
      }
      status={t('signInMethodSwitchCurrent', {
        method: method === 'local' ? t('signInMethodPassword') : providerLabel(options, method),
      })}
    />
  )
}
