import type { Payload } from 'payload'

import type { SanitizedBackofficeOptions } from '../options/types.js'

import { loginThrottlesSlug } from './loginThrottles.js'
import { sqlFor } from '../db/sql.js'

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
 * `n` reaches the threshold. Parameters: $2 threshold, $3 base seconds, $4 cap seconds. The exponent is
 * bounded so the power cannot overflow. Mirrors `lockoutDelaySeconds` in src/lib/backoff.ts.
 */
const lockoutExpression = (failures: string) =>
  `CASE WHEN ${failures} >= $2 THEN now() + make_interval(secs => LEAST($3::float8 * power(2, LEAST(${failures} - $2, 60)), $4::float8)) ELSE NULL END`

const policyValues = (policy: Policy) => [
  policy.threshold,
  policy.baseDelaySeconds,
  policy.maxDelaySeconds,
]

type ClaimRow = { claimed_at: Date; failures: number; locked_until: Date | null }

const toClaim = async (
  rows: ClaimRow[],
  lockedUntil: () => Promise<Date | null>,
): Promise<Claim> =>
  rows[0]
    ? { claimedAt: rows[0].claimed_at, failures: Number(rows[0].failures), locked: false }
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
  const sql = sqlFor(payload, options.usersCollection)
  const failures = sql.column('consecutiveFailedLogins')
  const lockoutUntil = sql.column('lockoutUntil')
  const next = `COALESCE(${failures}, 0) + 1`
  const rows = await sql.query<ClaimRow>(
    `UPDATE ${sql.table} SET ${failures} = ${next}, ${lockoutUntil} = ${lockoutExpression(next)}
     WHERE ${sql.column('id')} = $1 AND (${lockoutUntil} IS NULL OR ${lockoutUntil} <= now())
     RETURNING ${failures} AS failures, ${lockoutUntil} AS locked_until, now() AS claimed_at`,
    [userId, ...policyValues(options.lockout)],
  )
  return toClaim(rows, () => readLockedUntil(payload, options, userId))
}

/** When the account's current lock ends, if it has one (for `Retry-After`). */
export const readLockedUntil = async (
  payload: Payload,
  options: SanitizedBackofficeOptions,
  userId: number | string,
): Promise<Date | null> => {
  const sql = sqlFor(payload, options.usersCollection)
  const [row] = await sql.query<{ until: Date | null }>(
    `SELECT ${sql.column('lockoutUntil')} AS until FROM ${sql.table} WHERE ${sql.column('id')} = $1`,
    [userId],
  )
  return row?.until ? new Date(row.until) : null
}

/**
 * The same schedule for an address with no account, keyed by a hash of the address. Such an attempt
 * can never succeed, so it is a failure as soon as it is counted.
 */
export const claimUnknownAddressAttempt = async (
  payload: Payload,
  options: SanitizedBackofficeOptions,
  key: string,
): Promise<Claim> => {
  const sql = sqlFor(payload, loginThrottlesSlug)
  const failures = sql.column('consecutiveFailures')
  const lockoutUntil = sql.column('lockoutUntil')
  const lastFailedAt = sql.column('lastFailedAt')
  const existing = `${sql.table}.${failures}`
  const rows = await sql.query<ClaimRow>(
    `INSERT INTO ${sql.table} (${sql.column('key')}, ${failures}, ${lockoutUntil}, ${lastFailedAt}, ${sql.column('updatedAt')}, ${sql.column('createdAt')})
     VALUES ($1, 1, ${lockoutExpression('1')}, now(), now(), now())
     ON CONFLICT (${sql.column('key')}) DO UPDATE SET
       ${failures} = ${existing} + 1,
       ${lockoutUntil} = ${lockoutExpression(`${existing} + 1`)},
       ${lastFailedAt} = now(), ${sql.column('updatedAt')} = now()
     WHERE ${sql.table}.${lockoutUntil} IS NULL OR ${sql.table}.${lockoutUntil} <= now()
     RETURNING ${failures} AS failures, ${lockoutUntil} AS locked_until, now() AS claimed_at`,
    [key, ...policyValues(options.lockout)],
  )
  return toClaim(rows, async () => {
    const [row] = await sql.query<{ until: Date | null }>(
      `SELECT ${lockoutUntil} AS until FROM ${sql.table} WHERE ${sql.column('key')} = $1`,
      [key],
    )
    return row?.until ?? null
  })
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
  const sql = sqlFor(payload, options.usersCollection)
  const failures = sql.column('consecutiveFailedLogins')
  const lockoutUntil = sql.column('lockoutUntil')
  const failuresAfter = count === 'reset' ? '0' : `GREATEST(${failures} - 1, 0)`
  const rows = await sql.query(
    `UPDATE ${sql.table} SET ${failures} = ${failuresAfter}, ${lockoutUntil} = NULL
     WHERE ${sql.column('id')} = $1
       AND (${lockoutUntil} IS NULL OR ${lockoutUntil} <= now() OR ${failures} = $2)
     RETURNING ${sql.column('id')}`,
    [userId, claimedFailures],
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
  const sql = sqlFor(payload, options.usersCollection)
  await sql.query(
    `UPDATE ${sql.table} SET ${sql.column('lastFailedLoginAt')} = $2 WHERE ${sql.column('id')} = $1`,
    [userId, claimedAt],
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
