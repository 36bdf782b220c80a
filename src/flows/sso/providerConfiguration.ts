import type { Payload } from 'payload'

import * as client from 'openid-client'

import type { SanitizedSsoProvider } from '../../shared/options/types.js'

const configurations = new WeakMap<Payload, Map<string, Promise<client.Configuration>>>()

/**
 * The provider's openid-client configuration, discovered once per app process and kept (the JWKS
 * with it): a sign-in then costs no discovery round trip. openid-client checks that the document's
 * issuer is exactly the configured one (OWASP ASVS 5.0 10.5.3; for Entra's `organizations`
 * endpoint, that the ID token's `iss` matches its own `tid`). A discovery that failed is forgotten,
 * so the next sign-in tries again.
 */
export const providerConfiguration = (
  payload: Payload,
  provider: SanitizedSsoProvider,
): Promise<client.Configuration> => {
  let byProvider = configurations.get(payload)
  if (!byProvider) {
    byProvider = new Map()
    configurations.set(payload, byProvider)
  }
  const known = byProvider.get(provider.id)
  if (known) {
    return known
  }
  const discovered = client.discovery(
    new URL(provider.issuer),
    provider.clientId,
    undefined,
    client.ClientSecretPost(provider.clientSecret),
    { ...(provider.insecure ? { execute: [client.allowInsecureRequests] } : {}), timeout: 10 },
  )
  byProvider.set(provider.id, discovered)
  discovered.catch(() => byProvider.delete(provider.id))
  return discovered
}
