import type { IDToken, UserInfoResponse } from 'openid-client'

import { createHash } from 'node:crypto'

import type { SanitizedSsoProvider } from '../../shared/options/types.js'

import { SsoRefusal } from './ssoRefusal.js'

/** Who the provider says signed in, after the provider kind's rules were applied. */
export type ProvedIdentity = {
  /** When the person authenticated at the provider (the ID token's `auth_time`), in seconds. */
  authTime: null | number
  /** Lower-cased; only set when present. Whether it may be trusted is `emailVerified`. */
  email: null | string
  emailVerified: boolean
  issuer: string
  /** The ID token proves the provider used more than one factor, and the provider is trusted for it. */
  multiFactor: boolean
  name: null | string
  picture: null | string
  /** The provider's session id (the ID token's `sid`), for its back-channel logout. */
  providerSessionId: null | string
  sub: string
  /** SHA-256 of issuer and subject, for the audit log, which never holds the subject itself. */
  subjectHash: string
  tenant: null | string
}

const text = (value: unknown): null | string =>
  typeof value === 'string' && value.trim() ? value.trim() : null

const isTrue = (value: unknown) => value === true || value === 'true' || value === 1

/**
 * Applies the provider kind's rules to a validated ID token (and the userinfo answer, which adds
 * claims but never overrides the token's). Refuses an identity from a tenant or domain that is not
 * allowed; says whether the email is proved to belong to the person:
 * - Google: `email_verified`; with `hostedDomains`, the token's `hd` must be one of them (Google:
 *   "validate that the returned ID token has an hd claim value that matches what you expect").
 * - Microsoft Entra ID: the token's `tid` must be an allowed tenant; the email counts as proved only
 *   with `xms_edov` (the domain owner verified it), since Entra's `email` is editable by tenant
 *   admins and carries no `email_verified` (Microsoft's "Migrate away from using email claims for
 *   user identification or authorization").
 * - Corporate: `email_verified`, or every email with `trustEmail`; more than one factor when
 *   `trustMfa` names an `amr` or `acr` value the token carries (OWASP ASVS 5.0 6.8.4: otherwise
 *   assume one factor).
 */
export const provedIdentity = (
  provider: SanitizedSsoProvider,
  token: IDToken,
  userInfo: Partial<UserInfoResponse> = {},
): ProvedIdentity => {
  const claims: Record<string, unknown> = { ...userInfo, ...token }
  const email = text(claims.email)?.toLowerCase() ?? null
  const tenant = text(claims.tid)
  let emailVerified = false
  let multiFactor = false
  if (provider.kind === 'google') {
    const hostedDomain = text(token.hd)?.toLowerCase() ?? null
    if (
      provider.hostedDomains.length > 0 &&
      (!hostedDomain || !provider.hostedDomains.includes(hostedDomain))
    ) {
      throw new SsoRefusal('SSO_NOT_ALLOWED', 'hostedDomain')
    }
    emailVerified = isTrue(claims.email_verified)
  } else if (provider.kind === 'msft-entra') {
    if (!tenant || !provider.tenantIds.some((id) => id.toLowerCase() === tenant.toLowerCase())) {
      throw new SsoRefusal('SSO_NOT_ALLOWED', 'tenant')
    }
    emailVerified = isTrue(claims.xms_edov)
  } else {
    emailVerified = provider.trustEmail || isTrue(claims.email_verified)
    const amr = Array.isArray(token.amr)
      ? token.amr.filter((method): method is string => typeof method === 'string')
      : []
    multiFactor = Boolean(
      provider.trustMfa &&
      (amr.some((method) => provider.trustMfa!.amr.includes(method)) ||
        (typeof token.acr === 'string' && provider.trustMfa.acr.includes(token.acr))),
    )
  }
  return {
    authTime: typeof token.auth_time === 'number' ? token.auth_time : null,
    email,
    emailVerified: Boolean(email) && emailVerified,
    issuer: token.iss,
    multiFactor,
    name: text(claims.name) ?? text(claims.preferred_username),
    picture: text(claims.picture),
    providerSessionId: text(token.sid),
    sub: token.sub,
    subjectHash: createHash('sha256').update(`${token.iss}\n${token.sub}`).digest('hex'),
    tenant,
  }
}
