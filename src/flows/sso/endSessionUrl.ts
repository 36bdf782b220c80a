import type { PayloadRequest } from 'payload'

import * as client from 'openid-client'

import type { StaffAccount } from '../../shared/accounts/staffAccount.js'
import type { SanitizedBackofficeOptions } from '../../shared/options/types.js'

import { signInMethodOf } from '../../shared/accounts/signInMethod.js'
import { requestUser } from '../../shared/request/requestUser.js'
import { appURL } from './loginPageRedirect.js'
import { providerConfiguration } from './providerConfiguration.js'

/**
 * Where a signed-in account of a provider goes after signing out here, to sign out at its provider
 * too (OpenID Connect RP-Initiated Logout 1.0), and back to the login page: the provider's
 * `end_session_endpoint` with this client's id and the login page as `post_logout_redirect_uri`
 * (register it at the provider). No ID token is kept, so none is sent as a hint; providers then ask
 * the person to confirm. Null for a password account, or a provider without the endpoint (Google).
 */
export const endSessionUrlFor = async (
  req: PayloadRequest,
  options: SanitizedBackofficeOptions,
): Promise<null | string> => {
  const viewer = requestUser(req, options.usersCollection)
  const method = viewer ? signInMethodOf(viewer as unknown as StaffAccount) : 'local'
  const provider = options.sso.providers.find((candidate) => candidate.id === method)
  if (!provider) {
    return null
  }
  try {
    const configuration = await providerConfiguration(req.payload, provider)
    if (!configuration.serverMetadata().end_session_endpoint) {
      return null
    }
    const { config } = req.payload
    return client.buildEndSessionUrl(configuration, {
      client_id: provider.clientId,
      post_logout_redirect_uri: appURL(req, `${config.routes.admin}${config.admin.routes.login}`),
    }).href
  } catch {
    // The provider cannot be reached: signing out here must still work.
    return null
  }
}
