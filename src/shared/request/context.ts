/**
 * The keys under `req.context` through which one capability tells another what a request is doing.
 * Payload passes `req.context` to every hook of an operation, so this is how a hook learns what the
 * endpoint that started the operation decided. Keys that only one folder reads and writes stay there;
 * the ones shared between capabilities are all here, each with its reader.
 */

/** What the sign-in decided about the second factor, for Payload's login hooks. */
export const twoFactorContextKey = 'backofficeTwoFactor'

export type TwoFactorContext = {
  /** A trusted device let this sign-in skip the code; its token must be rotated once the session exists. */
  trustedDevice?: { id: number | string; tokenHash: string }
  /** The sign-in was a passkey alone, with no password (two factors in one: WebAuthn user verification). */
  passwordless?: true
  /** The account whose second factor (or enrolment) was just completed: its sign-in may mint a session. */
  verifiedUserId?: number | string
}

export const readTwoFactorContext = (context: Record<string, unknown>): TwoFactorContext =>
  (context[twoFactorContextKey] as TwoFactorContext | undefined) ?? {}

/**
 * The single sign-on a sign-in comes from: which provider, its session id (the ID token's `sid`)
 * and a hash of the subject. Set by the single sign-on callback; kept on a second-factor challenge
 * until the code is given; recorded on the session document, where the provider's back-channel
 * logout finds it.
 */
export const singleSignOnContextKey = 'backofficeSingleSignOn'

export type SingleSignOnContext = {
  provider: string
  providerSessionId: null | string
  subjectHash: string
}

export const readSingleSignOnContext = (
  context: Record<string, unknown>,
): null | SingleSignOnContext =>
  (context[singleSignOnContextKey] as SingleSignOnContext | undefined) ?? null

/**
 * Marks the `payload.update` that saves the password of a completed reset, so the passwords
 * capability records it as a reset (`password.reset`, sessions ended with reason `passwordReset`)
 * rather than as a change.
 */
export const passwordResetContextKey = 'backofficePasswordReset'

/**
 * Which Payload operation is creating the session: set to `resetPassword` for Payload's own reset
 * (Local API), which ends every session and signs in afresh through the login hooks.
 */
export const sessionOperationContextKey = 'backofficeSessionOperation'
