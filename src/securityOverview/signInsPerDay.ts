import type { Payload } from 'payload'

import { sql } from '@payloadcms/db-postgres'

import type { SanitizedBackofficeOptions } from '../options/types.js'
import type { OverviewWindows } from './overviewWindows.js'

import { sqlFor } from '../db/sql.js'
import {
  type SignInMethod,
  signInMethods,
  type SignInOutcome,
  signInOutcomes,
} from './signInMethods.js'

/** Per outcome and method, one count per chart day (oldest first). */
export type SignInsPerDay = Record<SignInOutcome, Record<SignInMethod, number[]>>

/**
 * Sign-ins per UTC day over the chart's 30 days, succeeded and refused, by method, in one grouped
 * scan of the audit log's (`event`, `timestamp`) index range. The method is read from each entry's
 * `data` as `countAuditEvent` reads it, and as the list filters of `overviewFilters` select it.
 */
export const signInsPerDay = async (
  payload: Payload,
  options: SanitizedBackofficeOptions,
  { at, days }: OverviewWindows,
): Promise<SignInsPerDay> => {
  const audit = sqlFor(payload, options.audit.slug)
  const event = audit.column('event')
  const timestamp = audit.column('timestamp')
  const data = audit.column('data')
  const factor = sql`${data} ->> 'factor'`
  const rows = await audit.execute<{
    day: string
    method: SignInMethod
    n: number | string
    outcome: SignInOutcome
  }>(
    sql`SELECT to_char(${timestamp} AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day,
       CASE WHEN ${event} = ${signInOutcomes.succeeded} THEN 'succeeded' ELSE 'refused' END AS outcome,
       CASE
         WHEN ${factor} = 'sso' OR jsonb_typeof(${data} -> 'provider') = 'string' THEN 'sso'
         WHEN ${factor} = 'passkeySignIn' OR (${event} = ${signInOutcomes.refused} AND ${factor} = 'passkey') THEN 'passkey'
         ELSE 'password'
       END AS method,
       count(*) AS n
     FROM ${audit.table}
     WHERE ${event} IN (${signInOutcomes.succeeded}, ${signInOutcomes.refused})
       AND ${timestamp} >= ${days[0]!} AND ${timestamp} < ${at}
     GROUP BY 1, 2, 3`,
  )
  const dayIndex = new Map(days.map((day, index) => [day.toISOString().slice(0, 10), index]))
  const empty = () =>
    Object.fromEntries(signInMethods.map((method) => [method, days.map(() => 0)])) as Record<
      SignInMethod,
      number[]
    >
  const result: SignInsPerDay = { refused: empty(), succeeded: empty() }
  for (const row of rows) {
    const index = dayIndex.get(row.day)
    if (index !== undefined) {
      result[row.outcome][row.method][index] = Number(row.n)
    }
  }
  return result
}
