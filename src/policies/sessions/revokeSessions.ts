import type { PayloadRequest } from 'payload'

import type { SessionRevocationReason } from './constants.js'

import { endSessions } from './endSessions.js'

export type RevokeSessionsArgs = {
  /** A session to keep, usually the caller's own (`req.user._sid`) after a password change. */
  exceptSid?: string
  reason: SessionRevocationReason
  /** Who ended them; omit when the system did (suspension after failures, expiry). */
  revokedBy?: null | number | string
  userId: number | string
}

/**
 * Ends every session of a user, except `exceptSid`, and returns how many ended. Takes effect on the
 * very next request of each ended session (OWASP ASVS 5.0 7.4.1). For other capabilities: suspension
 * ends all sessions (7.4.2), a password change or reset all others (7.4.3). Runs in the request's
 * transaction when there is one, else in its own.
 */
export const revokeSessions = async (
  req: PayloadRequest,
  args: RevokeSessionsArgs,
): Promise<number> => (await endSessions(req, args)).size
