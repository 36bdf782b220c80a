import type { Payload, PayloadRequest } from 'payload'

import { sql } from '@payloadcms/db-postgres'

import type { SanitizedBackofficeOptions } from '../../shared/options/types.js'
import type { TotpStatus } from './fields.js'

import { sqlFor } from '../../shared/db/sql.js'

export type AccountTotpState = {
  lastUsedStep: null | number
  /** The sealed secret of an authenticator replacing the enabled one, until a code from it is entered. */
  replacementSecret: null | string
  sealedSecret: null | string
  status: null | TotpStatus
}

const columns = (payload: Payload, options: SanitizedBackofficeOptions) => {
  const users = sqlFor(payload, options.usersCollection)
  return {
    enabledAt: users.column('totpConfig_enabledAt'),
    id: users.column('id'),
    lastUsedStep: users.column('totpConfig_lastUsedStep'),
    replacementSecret: users.column('totpConfig_replacementSecret'),
    secret: users.column('totpConfig_secret'),
    setupRequired: users.column('totpConfig_setupRequired'),
    status: users.column('totpConfig_status'),
    users,
  }
}

/** An account's two-factor state as stored now, or null when there is no such account. */
export const readTotpState = async (
  payload: Payload,
  options: SanitizedBackofficeOptions,
  userId: number | string,
): Promise<AccountTotpState | null> => {
  const c = columns(payload, options)
  const [row] = await c.users.execute<{
    replacement: null | string
    secret: null | string
    status: null | TotpStatus
    step: null | number | string
  }>(
    sql`SELECT ${c.status} AS status, ${c.secret} AS secret, ${c.lastUsedStep} AS step, ${c.replacementSecret} AS replacement FROM ${c.users.table} WHERE ${c.id} = ${userId}`,
  )
  if (!row) {
    return null
  }
  // PostgreSQL numerics arrive as strings.
  return {
    lastUsedStep: row.step === null ? null : Number(row.step),
    replacementSecret: row.replacement,
    sealedSecret: row.secret,
    status: row.status,
  }
}

/**
 * Stores a new secret as pending, replacing any earlier pending one; never touches an enabled second
 * factor (that needs the reset request). Returns false when the account has one enabled.
 */
export const beginEnrolment = async (
  payload: Payload,
  options: SanitizedBackofficeOptions,
  userId: number | string,
  sealedSecret: string,
): Promise<boolean> => {
  const c = columns(payload, options)
  const rows = await c.users.execute(
    sql`UPDATE ${c.users.table} SET ${c.status} = 'pending', ${c.secret} = ${sealedSecret}, ${c.lastUsedStep} = NULL, ${c.enabledAt} = NULL
     WHERE ${c.id} = ${userId} AND (${c.status} IS NULL OR ${c.status} = 'pending') RETURNING ${c.id}`,
  )
  return rows.length === 1
}

/**
 * Enables the pending secret that a code was just checked against, and records the code's step as
 * used. One statement, conditioned on the same secret still being pending: a setup replaced in the
 * meantime (another tab) or a parallel confirmation cannot enable a secret nobody confirmed.
 */
export const completeEnrolment = async (
  payload: Payload,
  options: SanitizedBackofficeOptions,
  userId: number | string,
  { sealedSecret, timeStep }: { sealedSecret: string; timeStep: number },
): Promise<boolean> => {
  const c = columns(payload, options)
  const rows = await c.users.execute(
    sql`UPDATE ${c.users.table} SET ${c.status} = 'enabled', ${c.enabledAt} = now(), ${c.lastUsedStep} = ${timeStep}, ${c.setupRequired} = false
     WHERE ${c.id} = ${userId} AND ${c.status} = 'pending' AND ${c.secret} = ${sealedSecret} RETURNING ${c.id}`,
  )
  return rows.length === 1
}

/**
 * Replaces a secret sealed under an earlier key with the same secret sealed under the current one.
 * Conditioned on the stored value still being the one that was opened, so a reset, a new setup or
 * another request's re-seal committed meanwhile wins and this changes nothing; the status and last
 * step stay as they are. Whole-row writes from a stale read cannot put the old value back: the
 * account write guard keeps the stored value of a column their operation did not change.
 */
export const resealSecret = async (
  payload: Payload,
  options: SanitizedBackofficeOptions,
  userId: number | string,
  { from, to }: { from: string; to: string },
): Promise<boolean> => {
  const c = columns(payload, options)
  const rows = await c.users.execute(
    sql`UPDATE ${c.users.table} SET ${c.secret} = ${to} WHERE ${c.id} = ${userId} AND ${c.secret} = ${from} RETURNING ${c.id}`,
  )
  return rows.length === 1
}

/**
 * Accepts a time step for an account once (RFC 6238 §5.2, ASVS 5.0 6.5.1, NIST SP 800-63B §5.1.4.2):
 * a compare-and-set that only succeeds for a step later than every step accepted before, so of two
 * requests racing with the same code, exactly one wins, and an older code seen over someone's
 * shoulder is refused too.
 */
export const claimTimeStep = async (
  payload: Payload,
  options: SanitizedBackofficeOptions,
  userId: number | string,
  timeStep: number,
): Promise<boolean> => {
  const c = columns(payload, options)
  const rows = await c.users.execute(
    sql`UPDATE ${c.users.table} SET ${c.lastUsedStep} = ${timeStep}
     WHERE ${c.id} = ${userId} AND ${c.status} = 'enabled' AND (${c.lastUsedStep} IS NULL OR ${c.lastUsedStep} < ${timeStep})
     RETURNING ${c.id}`,
  )
  return rows.length === 1
}

/**
 * Puts an enabled second factor back to pending after an approved reset request: the secret and the
 * last step go, so the lost authenticator's codes are worthless and the next setup starts afresh, and
 * `setupRequired` sends the next sign-in to enrolment. Conditioned on `enabled`, so it returns false
 * when there is nothing to reset any more.
 */
export const resetToPending = async (
  req: PayloadRequest,
  options: SanitizedBackofficeOptions,
  userId: number | string,
): Promise<boolean> => {
  const c = columns(req.payload, options)
  const rows = await c.users.execute(
    sql`UPDATE ${c.users.table}
     SET ${c.status} = 'pending', ${c.secret} = NULL, ${c.replacementSecret} = NULL, ${c.lastUsedStep} = NULL, ${c.enabledAt} = NULL, ${c.setupRequired} = true
     WHERE ${c.id} = ${userId} AND ${c.status} = 'enabled' RETURNING ${c.id}`,
    req,
  )
  return rows.length === 1
}

/**
 * Sends the account's next sign-in to enrolment (an approved reset removed its passkeys, and it had
 * no app): the pending setup, whatever `enforcement` says. Returns whether the account exists.
 */
export const requireSetup = async (
  req: PayloadRequest,
  options: SanitizedBackofficeOptions,
  userId: number | string,
): Promise<boolean> => {
  const c = columns(req.payload, options)
  const rows = await c.users.execute(
    sql`UPDATE ${c.users.table} SET ${c.setupRequired} = true WHERE ${c.id} = ${userId} RETURNING ${c.id}`,
    req,
  )
  return rows.length === 1
}

/**
 * Keeps a new authenticator's secret beside the enabled one (replacing any earlier replacement);
 * the enabled secret goes on working until `completeReplacement`. Returns false when the app is not
 * on any more.
 */
export const beginReplacement = async (
  payload: Payload,
  options: SanitizedBackofficeOptions,
  userId: number | string,
  sealedSecret: string,
): Promise<boolean> => {
  const c = columns(payload, options)
  const rows = await c.users.execute(
    sql`UPDATE ${c.users.table} SET ${c.replacementSecret} = ${sealedSecret}
     WHERE ${c.id} = ${userId} AND ${c.status} = 'enabled' RETURNING ${c.id}`,
  )
  return rows.length === 1
}

/**
 * The new authenticator takes over once a code from it was checked: one statement conditioned on the
 * same replacement still waiting, so a replacement started again in another tab, an approved reset
 * or the app turned off meanwhile wins. `enabledAt` is now: to "this wasn't me" and a recovery review
 * the new app is a way in added at this time (sudo/signInAddedNotice.ts).
 */
export const completeReplacement = async (
  payload: Payload,
  options: SanitizedBackofficeOptions,
  userId: number | string,
  { sealedSecret, timeStep }: { sealedSecret: string; timeStep: number },
): Promise<boolean> => {
  const c = columns(payload, options)
  const rows = await c.users.execute(
    sql`UPDATE ${c.users.table}
     SET ${c.secret} = ${c.replacementSecret}, ${c.replacementSecret} = NULL, ${c.lastUsedStep} = ${timeStep}, ${c.enabledAt} = now()
     WHERE ${c.id} = ${userId} AND ${c.status} = 'enabled' AND ${c.replacementSecret} = ${sealedSecret} RETURNING ${c.id}`,
  )
  return rows.length === 1
}

/**
 * Turns the authenticator app off: status, secrets and last step go, as if it had never been set up.
 * Conditioned on `enabled`; in the request's transaction.
 */
export const turnOffApp = async (
  req: PayloadRequest,
  options: SanitizedBackofficeOptions,
  userId: number | string,
): Promise<boolean> => {
  const c = columns(req.payload, options)
  const rows = await c.users.execute(
    sql`UPDATE ${c.users.table}
     SET ${c.status} = NULL, ${c.secret} = NULL, ${c.replacementSecret} = NULL, ${c.lastUsedStep} = NULL, ${c.enabledAt} = NULL
     WHERE ${c.id} = ${userId} AND ${c.status} = 'enabled' RETURNING ${c.id}`,
    req,
  )
  return rows.length === 1
}
