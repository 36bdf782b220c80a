import type { PayloadRequest } from 'payload'

import { sql } from '@payloadcms/db-postgres'

import type { StaffAccount } from '../../../shared/accounts/staffAccount.js'
import type { SanitizedBackofficeOptions } from '../../../shared/options/types.js'

import { recordAuditEvent } from '../../../shared/audit/recordAuditEvent.js'
import { inTransaction } from '../../../shared/db/inTransaction.js'
import { sqlFor } from '../../../shared/db/sql.js'
import { alertAdministrators } from '../../../shared/email/administrators.js'
import { adminURL } from '../../../shared/email/sendSecurityEmail.js'
import { BackofficeError } from '../../../shared/errors/BackofficeError.js'

/**
 * At most one alert an hour: a key dropped by mistake makes every enrolled account fail at once, and
 * administrators need to hear of it once, not once per sign-in. Every case is in the audit log.
 */
const ALERT_INTERVAL_MS = 60 * 60 * 1000

const event = 'twoFactor.secretUnreadable'

/**
 * Records the case, and says whether this one is the one that alerts: under a transaction-scoped
 * PostgreSQL advisory lock, so of any number of app processes failing at the same moment exactly one
 * finds no alert within the interval, and its audit entry (committed before the lock is released)
 * is what the next one finds.
 */
const recordAndClaimAlert = async (
  req: PayloadRequest,
  options: SanitizedBackofficeOptions,
  audit: { account: StaffAccount; stage: 'enrolment' | 'signIn' },
): Promise<boolean> => {
  const log = sqlFor(req.payload, options.audit.slug)
  return inTransaction(req, async () => {
    await log.execute(
      sql`SELECT pg_advisory_xact_lock(hashtext('payload-backoffice'), hashtext(${event}))`,
      req,
    )
    const recent = await log.execute(
      sql`SELECT 1 FROM ${log.table} WHERE ${log.column('event')} = ${event}
       AND ${log.column('data')}->>'administratorsAlerted' = 'true'
       AND ${log.column('timestamp')} > ${new Date(Date.now() - ALERT_INTERVAL_MS).toISOString()}
       LIMIT 1`,
      req,
    )
    const alert = recent.length === 0
    await recordAuditEvent(req, {
      actor: null,
      data: { administratorsAlerted: alert, factor: 'totp', stage: audit.stage },
      event,
      user: audit.account,
    })
    return alert
  })
}

/**
 * The answer when an account's TOTP secret opens with no configured key: a catalogue refusal, never
 * a 500; the case in the audit log; and the administrators alerted, since only the operator can fix
 * the keys (`twoFactor.previousEncryptionKeys`, `previousSecrets`). Nothing about the account is
 * changed. At sign-in the person is told their way on (a recovery code, or a reset); at enrolment,
 * where the secret is only pending, that the setup must start again (a new setup replaces it).
 */
export const secretUnreadable = async (
  req: PayloadRequest,
  options: SanitizedBackofficeOptions,
  audit: { account: StaffAccount; stage: 'enrolment' | 'signIn' },
): Promise<BackofficeError> => {
  req.payload.logger.error({
    msg: 'payload-backoffice: a TOTP secret opens with no configured key; was twoFactor.encryptionKey or the Payload secret changed without keeping the earlier one in twoFactor.previousEncryptionKeys or previousSecrets?',
    userId: audit.account.id,
  })
  if (await recordAndClaimAlert(req, options, audit)) {
    const email = audit.account.email ?? String(audit.account.id)
    await alertAdministrators(req, options, {
      action: {
        label: 'emailActionOpenAuditLog',
        url: adminURL(req, `/collections/${options.audit.slug}`),
      },
      body: 'emailSecretUnreadableBody',
      subject: 'emailSecretUnreadableSubject',
      variables: () => ({ email }),
    })
  }
  return new BackofficeError(
    audit.stage === 'signIn' ? 'TWO_FACTOR_SECRET_UNREADABLE' : 'TOTP_SETUP_FAILED',
    { req },
  )
}
