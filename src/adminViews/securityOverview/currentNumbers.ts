import type { Payload } from 'payload'

import { sql } from '@payloadcms/db-postgres'

import type { SanitizedBackofficeOptions } from '../../shared/options/types.js'
import type { OverviewWindows } from './overviewWindows.js'

import { loginThrottlesSlug } from '../../policies/lockout/loginThrottles.js'
import { resetRequestsSlug } from '../../policies/twoFactor/resetRequests/constants.js'
import { sqlFor } from '../../shared/db/sql.js'
import { usersTable } from './usersTable.js'

/** What stands now: locks, suspensions, open requests, sessions, and the last days' alarms. */
export type CurrentNumbers = {
  activeSessions: number
  guessingAlertsThisWeek: number
  lockedAccounts: number
  /**
   * Sign-in addresses with no password account (unknown, or a provider's account) whose throttle is
   * locked. Stored only as keyed hashes, so there is no list of them to open.
   */
  lockedAddresses: number
  openResetRequests: number
  refusedSignInsToday: number
  suspendedAccounts: number
}

/**
 * The "right now" numbers in one statement of independent counts, each served by an index: the
 * lock and suspension columns of the (small) users table, `status` of reset requests, `revokedAt`
 * and `expiresAt` of sessions, and the audit log's (`event`, `timestamp`) index.
 */
export const currentNumbers = async (
  payload: Payload,
  options: SanitizedBackofficeOptions,
  { at, lastDay, lastWeek }: OverviewWindows,
): Promise<CurrentNumbers> => {
  const users = usersTable(payload, options)
  const throttles = sqlFor(payload, loginThrottlesSlug)
  const requests = sqlFor(payload, resetRequestsSlug)
  const sessions = sqlFor(payload, options.sessions.slug)
  const audit = sqlFor(payload, options.audit.slug)
  const auditCount = (event: string, since: Date) =>
    sql`(SELECT count(*) FROM ${audit.table} WHERE ${audit.column('event')} = ${event} AND ${audit.column('timestamp')} >= ${since} AND ${audit.column('timestamp')} < ${at})`
  const [row] = await users.execute<Record<keyof CurrentNumbers, number | string>>(
    sql`SELECT
      (SELECT count(*) FROM ${users.table} WHERE ${users.column('lockoutUntil')} > ${at} AND ${users.notTrashed}) AS "lockedAccounts",
      (SELECT count(*) FROM ${throttles.table} WHERE ${throttles.column('lockoutUntil')} > ${at}
         AND ${throttles.column('key')} NOT LIKE 'known-browser:%') AS "lockedAddresses",
      (SELECT count(*) FROM ${users.table} WHERE ${users.column('security_status')} = 'suspended' AND ${users.notTrashed}) AS "suspendedAccounts",
      (SELECT count(*) FROM ${requests.table} WHERE ${requests.column('status')} = 'pending') AS "openResetRequests",
      (SELECT count(*) FROM ${sessions.table} WHERE ${sessions.column('revokedAt')} IS NULL
         AND ${sessions.column('expiresAt')} > ${at}) AS "activeSessions",
      ${auditCount('account.guessingDetected', lastWeek)} AS "guessingAlertsThisWeek",
      ${auditCount('login.failed', lastDay)} AS "refusedSignInsToday"`,
  )
  // PostgreSQL's count is a bigint, which node-postgres hands over as a string.
  return Object.fromEntries(
    Object.entries(row ?? {}).map(([key, value]) => [key, Number(value)]),
  ) as CurrentNumbers
}
