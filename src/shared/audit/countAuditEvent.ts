import type { Payload } from 'payload'

import type { AuditEventName } from './auditEvents.js'

import { metricsOf } from '../metrics/metricsOf.js'

/**
 * How someone signed in, from an entry's `data.factor`: a provider's account is `sso`; a passkey
 * alone is `passkey` (`passkeySignIn` when it succeeds, `passkey` when the password-less sign-in is
 * refused); everything else began with a password, whatever second factor followed it.
 */
const signInMethod = (
  event: AuditEventName,
  data: Record<string, unknown> | undefined,
): 'passkey' | 'password' | 'sso' => {
  if (data?.factor === 'sso' || typeof data?.provider === 'string') {
    return 'sso'
  }
  if (
    data?.factor === 'passkeySignIn' ||
    (event !== 'login.succeeded' && data?.factor === 'passkey')
  ) {
    return 'passkey'
  }
  return 'password'
}

/**
 * Counts an audit entry in the metrics: sign-ins by method and outcome, lockouts, suspensions. The
 * metrics follow the audit log, so the two tell the same story. Refusals of an account or address
 * already locked, which the log sums up once a minute (`login.refusalsSummarised`), are not sign-ins
 * here: each is counted as it is answered, in `backoffice_refusals_total{code="LOGIN_TEMPORARILY_BLOCKED"}`.
 */
export const countAuditEvent = (
  payload: Payload,
  event: AuditEventName,
  data: Record<string, unknown> | undefined,
): void => {
  const metrics = metricsOf(payload)
  switch (event) {
    case 'account.locked':
      metrics.lockouts.inc()
      break
    case 'account.suspended':
      metrics.suspensions.inc()
      break
    case 'login.failed':
      metrics.signIns.inc({ method: signInMethod(event, data), outcome: 'refused' })
      break
    case 'login.succeeded':
      metrics.signIns.inc({ method: signInMethod(event, data), outcome: 'succeeded' })
      break
  }
}
