/**
 * How a sign-in began, as the metrics count it (audit/countAuditEvent.ts): with a provider (`sso`),
 * with a passkey alone (`passkey`), or with a password, whatever second factor followed.
 */
export const signInMethods = ['password', 'sso', 'passkey'] as const

export type SignInMethod = (typeof signInMethods)[number]

/** The audit events the chart counts: refusals already summed up as locked are not sign-ins. */
export const signInOutcomes = { refused: 'login.failed', succeeded: 'login.succeeded' } as const

export type SignInOutcome = keyof typeof signInOutcomes
