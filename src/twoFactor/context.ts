/** Key under `req.context` where the two-factor code tells Payload's login hooks what it decided. */
export const twoFactorContextKey = 'backofficeTwoFactor'

export type TwoFactorContext = {
  /** A trusted device let this sign-in skip the code; its token must be rotated once the session exists. */
  trustedDevice?: { id: number | string; tokenHash: string }
  /** The account whose second factor (or enrolment) was just completed: its sign-in may mint a session. */
  verifiedUserId?: number | string
}

export const readTwoFactorContext = (context: Record<string, unknown>): TwoFactorContext =>
  (context[twoFactorContextKey] as TwoFactorContext | undefined) ?? {}
