import type { PayloadRequest } from 'payload'

import type { StaffAccount } from '../../shared/accounts/staffAccount.js'
import type { SanitizedBackofficeOptions } from '../../shared/options/types.js'

import { signInMethodOf } from '../../shared/accounts/signInMethod.js'
import { errorCatalogue } from '../../shared/errors/catalogue.js'
import { getBackofficeTranslation } from '../../shared/i18n/text.js'
import { requestUser } from '../../shared/request/requestUser.js'

/** How an account of a provider confirms itself: a fresh sign-in there (the `reauth` flow). */
export type ProviderConfirmation = {
  /** The provider's `reauth` start; the page adds `redirect` (back to itself). */
  href: string
  /** The button's text. */
  label: string
  providerLabel: string
  /** The texts of the refusals that can come back from the provider, by catalogue code. */
  refusals: Record<string, string>
}

// Those of the `reauth` flow, and of the `link` flow started from the same page.
const providerRefusals = [
  'REAUTHENTICATION_REQUIRED',
  'SSO_AUTHENTICATION_NOT_FRESH',
  'SSO_CANCELLED',
  'SSO_EMAIL_NOT_VERIFIED',
  'SSO_FLOW_INVALID',
  'SSO_IDENTITY_MISMATCH',
  'SSO_PROVIDER_ERROR',
  'SSO_RESPONSE_INVALID',
  'SSO_TRANSACTION_INVALID',
  'SSO_UNAVAILABLE',
] as const

/**
 * For a signed-in account of a configured single sign-on provider, how it confirms itself for sudo
 * mode (it has no password here); null for an account with a password, or no signed-in account.
 */
export const providerConfirmationFor = (
  req: PayloadRequest,
  options: SanitizedBackofficeOptions,
): null | ProviderConfirmation => {
  const viewer = requestUser(req, options.usersCollection)
  const method = viewer ? signInMethodOf(viewer as unknown as StaffAccount) : 'local'
  const provider = options.sso.providers.find((candidate) => candidate.id === method)
  if (!provider) {
    return null
  }
  const t = getBackofficeTranslation(req.i18n)
  const { api } = req.payload.config.routes
  return {
    href: `${req.payload.config.serverURL}${api}/admin/oauth/authorization/${provider.id}?flow=reauth`,
    label: t('sudoProviderSubmit', { provider: provider.label }),
    providerLabel: provider.label,
    refusals: Object.fromEntries(
      providerRefusals.map((code) => [code, t(errorCatalogue[code].translationKey)]),
    ),
  }
}
