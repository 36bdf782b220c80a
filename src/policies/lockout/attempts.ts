import type { Payload } from 'payload'

import { sql } from '@payloadcms/db-postgres'

import type { SanitizedBackofficeOptions } from '../../shared/options/types.js'

import { sqlFor, type Statement } from '../../shared/db/sql.js'
import { loginThrottlesSlug } from './loginThrottles.js'

export type Claim =
  /**
   * The attempt may check a password; it is already counted as failure number `failures`, at the
   * database's time `claimedAt` (from which any lock it set runs).
   */
  | { claimedAt: Date; failures: number; locked: false }
  /** Locked: no password may be checked, nothing was counted. */
  | { locked: true; lockedUntil: Date | null }

type Policy = SanitizedBackofficeOptions['lockout']

/**
 * SQL for "this failure count, locked until when": `now() + min(base * 2^(n - threshold), cap)` once
 * `n` reaches the threshold: nothing below it, then the base delay, doubling with each further
 * failure up to the cap. The exponent is bounded (past ~60 doublings the power would overflow; the cap
 * applies long before). The one place the schedule is computed: every lock is set by this statement.
 */
const lockoutExpression = (failures: Statement, policy: Policy) =>
  sql`CASE WHEN ${failures} >= ${policy.threshold} THEN now() + make_interval(secs => LEAST(${policy.baseDelaySeconds}::float8 * power(2, LEAST(${failures} - ${policy.threshold}, 60)), ${policy.maxDelaySeconds}::float8)) ELSE NULL END`

/** Timestamps arrive as PostgreSQL's text (see `sqlFor`). */
type ClaimRow = { claimed_at: string; failures: number; locked_until: null | string }

const toClaim = async (
  rows: ClaimRow[],
  lockedUntil: () => Promise<Date | null>,
): Promise<Claim> =>
  rows[0]
    ? { claimedAt: new Date(rows[0].claimed_at), failures: Number(rows[0].failures), locked: false }
    : { locked: true, lockedUntil: await lockedUntil() }

/**
 * Counts an attempt on an account before its password is checked, in one statement that only matches
 * while the account is not locked. Counting first (and undoing it on success) is what keeps the count
 * exact: of 100 parallel guesses, exactly `threshold` get to check a password; the rest find the row
 * locked and change nothing. A lock set by this very attempt is provisional: if its password turns out
 * right, `settleSuccess` lifts it.
 */
export const claimAccountAttempt = async (
  payload: Payload,
  options: SanitizedBackofficeOptions,
  userId: number | string,
): Promise<Claim> => {
  const users = sqlFor(payload, options.usersCollection)
  const failures = users.column('consecutiveFailedLogins')
  const lockoutUntil = users.column('lockoutUntil')
  const next = sql`COALESCE(${failures}, 0) + 1`
  const rows = await users.execute<ClaimRow>(
    sql`UPDATE ${users.table} SET ${failures} = ${next}, ${lockoutUntil} = ${lockoutExpression(next, options.lockout)}
     WHERE ${users.column('id')} = ${userId} AND (${lockoutUntil} IS NULL OR ${lockoutUntil} <= now())
     RETURNING ${failures} AS failures, ${lockoutUntil} AS locked_until, now() AS claimed_at`,
  )
  return toClaim(rows, () => accountLockedUntil(payload, options, userId))
}

/** When the account's current lock ends, if it has one. */
export const accountLockedUntil = async (
  payload: Payload,
  options: SanitizedBackofficeOptions,
  userId: number | string,
): Promise<Date | null> => {
  const users = sqlFor(payload, options.usersCollection)
  const [row] = await users.execute<{ until: null | string }>(
    sql`SELECT ${users.column('lockoutUntil')} AS until FROM ${users.table} WHERE ${users.column('id')} = ${userId}`,
  )
  return row?.until ? new Date(row.until) : null
}

/**
 * The same schedule for a budget kept in the throttle table under a key: an address with no account
 * (keyed by a hash of the address; such an attempt can never succeed, so it is a failure as soon as
 * it is counted), or a browser the account has signed in from before (see knownBrowsers.ts).
 */
export const claimKeyedAttempt = async (
  payload: Payload,
  options: SanitizedBackofficeOptions,
  key: string,
): Promise<Claim> => {
  const throttles = sqlFor(payload, loginThrottlesSlug)
  const failures = throttles.column('consecutiveFailures')
  const lockoutUntil = throttles.column('lockoutUntil')
  const lastFailedAt = throttles.column('lastFailedAt')
  const keyColumn = throttles.column('key')
  const updatedAt = throttles.column('updatedAt')
  const existing = sql`${throttles.table}.${failures}`
  const rows = await throttles.execute<ClaimRow>(
    sql`INSERT INTO ${throttles.table} (${keyColumn}, ${failures}, ${lockoutUntil}, ${lastFailedAt}, ${updatedAt}, ${throttles.column('createdAt')})
     VALUES (${key}, 1, ${lockoutExpression(sql`1`, options.lockout)}, now(), now(), now())
     ON CONFLICT (${keyColumn}) DO UPDATE SET
       ${failures} = ${existing} + 1,
       ${lockoutUntil} = ${lockoutExpression(sql`${existing} + 1`, options.lockout)},
       ${lastFailedAt} = now(), ${updatedAt} = now()
     WHERE ${throttles.table}.${lockoutUntil} IS NULL OR ${throttles.table}.${lockoutUntil} <= now()
     RETURNING ${failures} AS failures, ${lockoutUntil} AS locked_until, now() AS claimed_at`,
  )
  return toClaim(rows, async () => {
    const [row] = await throttles.execute<{ until: null | string }>(
      sql`SELECT ${lockoutUntil} AS until FROM ${throttles.table} WHERE ${keyColumn} = ${key}`,
    )
    return row?.until ? new Date(row.until) : null
  })
}

/**
 * After a correct credential on a keyed budget (a known browser's): the same as `settleSuccess` and
 * `settleFirstFactor` for the account's own count. Returns false when the sign-in must be refused.
 */
export const settleKeyedSuccess = async (
  payload: Payload,
  key: string,
  claimedFailures: number,
  count: 'reset' | 'undoClaim',
): Promise<boolean> => {
  const throttles = sqlFor(payload, loginThrottlesSlug)
  const failures = throttles.column('consecutiveFailures')
  const lockoutUntil = throttles.column('lockoutUntil')
  const keyColumn = throttles.column('key')
  const failuresAfter = count === 'reset' ? sql`0` : sql`GREATEST(${failures} - 1, 0)`
  const rows = await throttles.execute(
    sql`UPDATE ${throttles.table} SET ${failures} = ${failuresAfter}, ${lockoutUntil} = NULL
     WHERE ${keyColumn} = ${key}
       AND (${lockoutUntil} IS NULL OR ${lockoutUntil} <= now() OR ${failures} = ${claimedFailures})
     RETURNING ${keyColumn}`,
  )
  return rows.length === 1
}

/**
 * After a correct password: resets the count, unless the policy locked the account meanwhile. A lock
 * set by this attempt's own claim does not count against it (the count still equals its claim);
 * one set by parallel attempts that came after it does. Returns false when the sign-in must be refused.
 */
export const settleSuccess = (
  payload: Payload,
  options: SanitizedBackofficeOptions,
  userId: number | string,
  claimedFailures: number,
): Promise<boolean> => settleCorrectPassword(payload, options, userId, claimedFailures, 'reset')

/**
 * Unlocks after a correct password, unless the policy locked the account meanwhile (see
 * `settleSuccess`), and leaves the count reset to zero or with only this attempt's claim undone.
 * The claim found the account unlocked (no lock, or one that had run out), so "unlocked" is what
 * this attempt leaves behind. Returns false when the sign-in must be refused.
 */
const settleCorrectPassword = async (
  payload: Payload,
  options: SanitizedBackofficeOptions,
  userId: number | string,
  claimedFailures: number,
  count: 'reset' | 'undoClaim',
): Promise<boolean> => {
  const users = sqlFor(payload, options.usersCollection)
  const failures = users.column('consecutiveFailedLogins')
  const lockoutUntil = users.column('lockoutUntil')
  const id = users.column('id')
  const failuresAfter = count === 'reset' ? sql`0` : sql`GREATEST(${failures} - 1, 0)`
  const rows = await users.execute(
    sql`UPDATE ${users.table} SET ${failures} = ${failuresAfter}, ${lockoutUntil} = NULL
     WHERE ${id} = ${userId}
       AND (${lockoutUntil} IS NULL OR ${lockoutUntil} <= now() OR ${failures} = ${claimedFailures})
     RETURNING ${id}`,
  )
  return rows.length === 1
}

/**
 * After a wrong password: the attempt was counted by its claim; this records when it was made, the
 * claim's own time, so that `lockoutUntil = lastFailedLoginAt + delay` holds exactly.
 */
export const settleFailure = async (
  payload: Payload,
  options: SanitizedBackofficeOptions,
  userId: number | string,
  claimedAt: Date,
): Promise<void> => {
  const users = sqlFor(payload, options.usersCollection)
  await users.execute(
    sql`UPDATE ${users.table} SET ${users.column('lastFailedLoginAt')} = ${claimedAt} WHERE ${users.column('id')} = ${userId}`,
  )
}

/**
 * After a correct password when a second factor is still to come: only this attempt's own count is
 * undone (and any lock it provisionally set), while earlier failures stay. Resetting to zero here, as
 * `settleSuccess` does, would let someone holding the password wipe the failed codes they guessed
 * before by signing in again, and guess codes forever; the count is reset only once the second
 * factor passes. Returns false when parallel attempts locked the account meanwhile.
 */
export const settleFirstFactor = (
  payload: Payload,
  options: SanitizedBackofficeOptions,
  userId: number | string,
  claimedFailures: number,
): Promise<boolean> => settleCorrectPassword(payload, options, userId, claimedFailures, 'undoClaim')
