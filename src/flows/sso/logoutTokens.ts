import type { Payload, PayloadRequest } from 'payload'

import { sql } from '@payloadcms/db-postgres'
import { createRemoteJWKSet, type JWTPayload, jwtVerify } from 'jose'
import { createHash } from 'node:crypto'

import type { SanitizedSsoProvider } from '../../shared/options/types.js'

import { sqlFor } from '../../shared/db/sql.js'
import { ssoLogoutTokensSlug } from './logoutTokensCollection.js'
import { providerConfiguration } from './providerConfiguration.js'

const backChannelLogoutEvent = 'http://schemas.openid.net/event/backchannel-logout'

// OWASP ASVS 5.0 10.5.5 asks for a short lifetime, "e.g. 2 minutes"; also the window a replayed
// `jti` is remembered for.
const maxTokenAgeSeconds = 120

const keySets = new WeakMap<Payload, Map<string, ReturnType<typeof createRemoteJWKSet>>>()

/** The provider's signing keys (its `jwks_uri`), fetched when needed and cached by jose. */
const keySetOf = async (payload: Payload, provider: SanitizedSsoProvider) => {
  let byProvider = keySets.get(payload)
  if (!byProvider) {
    byProvider = new Map()
    keySets.set(payload, byProvider)
  }
  const known = byProvider.get(provider.id)
  if (known) {
    return known
  }
  const jwksUri = (await providerConfiguration(payload, provider)).serverMetadata().jwks_uri
  if (!jwksUri) {
    throw new Error(`payload-backoffice: the provider "${provider.id}" publishes no jwks_uri.`)
  }
  const keySet = createRemoteJWKSet(new URL(jwksUri))
  byProvider.set(provider.id, keySet)
  return keySet
}

export type LogoutToken = { iss: string; jti: string; sid: null | string; sub: null | string }

/**
 * A logout token checked as OpenID Connect Back-Channel Logout 1.0 §2.6 and OWASP ASVS 5.0 10.5.5
 * ask: signed by the provider's key, `typ` logout+jwt, this provider's issuer, this client as the
 * audience, issued within the last two minutes, with the logout event, a `sub` or a `sid`, a `jti`,
 * and no `nonce` (so an ID token cannot pass for one). Null for anything else.
 */
export const verifiedLogoutToken = async (
  payload: Payload,
  provider: SanitizedSsoProvider,
  token: string,
): Promise<LogoutToken | null> => {
  let claims: JWTPayload
  try {
    const configuration = await providerConfiguration(payload, provider)
    ;({ payload: claims } = await jwtVerify(token, await keySetOf(payload, provider), {
      audience: provider.clientId,
      issuer: configuration.serverMetadata().issuer,
      maxTokenAge: maxTokenAgeSeconds,
      requiredClaims: ['iat', 'jti', 'events'],
      typ: 'logout+jwt',
    }))
  } catch {
    return null
  }
  const events = claims.events as Record<string, unknown> | undefined
  const event = events?.[backChannelLogoutEvent]
  const sid = typeof claims.sid === 'string' && claims.sid ? claims.sid : null
  const sub = typeof claims.sub === 'string' && claims.sub ? claims.sub : null
  if (
    'nonce' in claims ||
    typeof event !== 'object' ||
    event === null ||
    (!sid && !sub) ||
    typeof claims.jti !== 'string'
  ) {
    return null
  }
  return { iss: claims.iss!, jti: claims.jti, sid, sub }
}

/**
 * Records the token's `jti` as used; false when it was used before (a replay). One statement:
 * of two requests with one token, one inserts and the other conflicts.
 */
export const claimLogoutToken = async (
  req: PayloadRequest,
  { iss, jti }: { iss: string; jti: string },
): Promise<boolean> => {
  const tokens = sqlFor(req.payload, ssoLogoutTokensSlug)
  const expiresAt = tokens.column('expiresAt')
  await tokens.execute(sql`DELETE FROM ${tokens.table} WHERE ${expiresAt} <= now()`)
  const hash = createHash('sha256').update(`${iss}\n${jti}`).digest('hex')
  const rows = await tokens.execute(
    sql`INSERT INTO ${tokens.table} (${tokens.column('tokenHash')}, ${expiresAt}, ${tokens.column('updatedAt')}, ${tokens.column('createdAt')})
     VALUES (${hash}, now() + make_interval(secs => ${maxTokenAgeSeconds * 2}), now(), now())
     ON CONFLICT (${tokens.column('tokenHash')}) DO NOTHING RETURNING ${tokens.column('id')}`,
  )
  return rows.length === 1
}
