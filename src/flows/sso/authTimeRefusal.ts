import { SsoRefusal } from './ssoRefusal.js'

type CheckDetails = { claim?: unknown; claims?: Record<string, unknown> }

/**
 * The refusal for an ID token that openid-client turned down over its `auth_time` after being
 * given `maxAge`: missing, or too old. Null for any other failure. openid-client wraps
 * oauth4webapi's error, whose `cause` names the claim of a failed time check, or holds the claims
 * of a token that lacks one it required (oauth4webapi 3, `validateIdTokenAuthTime`).
 */
export const authTimeRefusal = (error: unknown): null | SsoRefusal => {
  for (let current = error; typeof current === 'object' && current !== null;) {
    const cause = (current as { cause?: unknown }).cause
    if (typeof cause === 'object' && cause !== null && 'claims' in cause) {
      const { claim, claims } = cause as CheckDetails
      if (claim === 'auth_time') {
        return new SsoRefusal('SSO_AUTHENTICATION_NOT_FRESH', 'authTimeTooOld')
      }
      return claims && claims.auth_time === undefined
        ? new SsoRefusal('SSO_AUTHENTICATION_NOT_FRESH', 'authTimeMissing')
        : null
    }
    current = cause
  }
  return null
}
