/** Why a session ended. Other capabilities pass one of these to `revokeSessions`. */
export const sessionRevocationReasons = [
  'user',
  'administrator',
  'suspension',
  'passwordChange',
  'passwordReset',
  'logout',
  'expired',
  // A sign-in whose password was right but which parallel wrong guesses locked out meanwhile.
  'lockout',
  // Two-factor authentication was enabled: every other session was opened with the password alone.
  'twoFactorChange',
  // A sign-in let through by a trusted-device token that a parallel sign-in had just used (and rotated).
  'trustedDeviceReused',
  // The account's email address changed (its other sessions), or the change was undone (all of them).
  'emailChange',
  // An administrator gave the account another sign-in method (a password, or a provider).
  'signInMethodChange',
  // The single sign-on provider ended the session it signed in with (back-channel logout).
  'providerLogout',
  // A recovery path evicted whoever else may hold the account: an undo, a repair, a "this wasn't me"
  // report, or an approved recovery review.
  'recovery',
] as const
export type SessionRevocationReason = (typeof sessionRevocationReasons)[number]

/** How far a session got in signing in: the password only, or a second factor too (the 2FA work). */
export const authenticationLevels = ['password', 'mfa'] as const
export type AuthenticationLevel = (typeof authenticationLevels)[number]

/** A session document as the plugin reads it from the database. */
export type SessionDocument = {
  authenticationLevel?: AuthenticationLevel | null
  browser?: null | string
  clientIp?: null | string
  createdAt: string
  deviceType?: null | string
  expiresAt: string
  id: number | string
  ipAddress?: null | string
  lastSeenAt?: null | string
  os?: null | string
  provedAt?: null | string
  revokedAt?: null | string
  revokedBy?: unknown
  revokedReason?: null | SessionRevocationReason
  sid: string
  user: unknown
  userAgent?: null | string
}

/** One entry of Payload's own `sessions` array on a user. */
export type PayloadSession = { createdAt?: Date | string; expiresAt: Date | string; id: string }
