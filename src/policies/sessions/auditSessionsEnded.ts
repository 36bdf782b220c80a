import type { PayloadRequest } from 'payload'

import type { SessionRevocationReason } from './constants.js'

import { recordAuditEvent } from '../../shared/audit/recordAuditEvent.js'

/**
 * One `session.revoked` entry in the audit log per act of ending sessions (OWASP ASVS 5.0 16.3.1),
 * with the reason and how many ended. Session ids stay out of the log: they are part of every
 * token. The actor is the request's user (null when the system ended them, as on suspension).
 */
export const auditSessionsEnded = async (
  req: PayloadRequest,
  {
    count,
    reason,
    userId,
  }: { count: number; reason: SessionRevocationReason; userId: number | string },
): Promise<void> => {
  if (count > 0) {
    await recordAuditEvent(req, {
      data: { count, reason },
      event: 'session.revoked',
      user: { id: userId },
    })
  }
}
