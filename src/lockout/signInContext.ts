/**
 * Key under `req.context` where the login endpoint leaves what it counted for the attempt, for the
 * users collection's login hooks.
 */
export const signInContextKey = 'backofficeSignIn'

export type SignInContext = { claimedFailures: number }
