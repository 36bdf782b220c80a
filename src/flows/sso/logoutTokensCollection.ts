import type { CollectionConfig } from 'payload'

import { pluginWritesOnly } from '../../shared/access/pluginWritesOnly.js'

export const ssoLogoutTokensSlug = 'sso-logout-tokens'

/**
 * Logout tokens already acted on, by the SHA-256 of issuer and `jti`, until they are too old to be
 * accepted anyway: a replayed token is refused (OWASP ASVS 5.0 10.5.5; OpenID Connect Back-Channel
 * Logout 1.0 §2.6 "MAY ... reject logout tokens with duplicate jti"). No API reaches it.
 */
export const ssoLogoutTokensCollection = (): CollectionConfig => ({
  slug: ssoLogoutTokensSlug,
  access: pluginWritesOnly(),
  admin: { hidden: true },
  fields: [
    { name: 'tokenHash', type: 'text', index: true, required: true, unique: true },
    { name: 'expiresAt', type: 'date', index: true, required: true },
  ],
  graphQL: false,
})
