/**
 * The TOTP parameters, fixed rather than options: every authenticator app supports exactly these,
 * and they are RFC 6238's defaults.
 */
export const totpParameters = {
  // RFC 6238's default, and the only algorithm Google Authenticator honours; Keycloak's default policy
  // is HmacSHA1 too. HMAC-SHA-1 remains sound as a MAC (RFC 6238 §5.1 relies on HMAC, not on collisions).
  algorithm: 'SHA1',
  // RFC 4226 §5.3 requires at least 6 digits; every authenticator app shows 6.
  digits: 6,
  // ASVS 5.0 6.5.5: a time-based OTP lives at most 30 seconds (RFC 6238 §5.2 recommends 30 s).
  periodSeconds: 30,
  // RFC 4226 §4 requires at least 128 bits of shared secret and recommends 160; ASVS 5.0 6.5.3 a CSPRNG.
  secretBytes: 20,
  // RFC 6238 §5.2 recommends at most one step of delay; Keycloak's look-around is 1, Better Auth ±1.
  window: 1,
} as const

/** Where the challenge cookie and the trusted-device cookie live, under Payload's cookie prefix. */
export const twoFactorCookieNames = (cookiePrefix: string) => ({
  challenge: `${cookiePrefix}-mfa-challenge`,
  trustedDevice: `${cookiePrefix}-trusted-device`,
})

/** Admin routes of the two-factor views, under the admin route (`/admin` by default). */
export const twoFactorRoutes = {
  challenge: '/two-factor/verify',
  enrolment: '/two-factor/setup',
} as const
