import type { Payload } from 'payload'

import { sql } from '@payloadcms/db-postgres'

import type { SanitizedBackofficeOptions } from '../../shared/options/types.js'
import type { OverviewWindows } from './overviewWindows.js'

import { sqlFor } from '../../shared/db/sql.js'
import { signInOutcomes } from './signInMethods.js'

/**
 * The chart's statement (bench/overview.ts prints its plan): the audit log's (`event`, `timestamp`)
 * index range of the 30 days, grouped by UTC day, outcome and method. The method is read from each
 * entry's `data` as `countAuditEvent` reads it, and as the list filters of `overviewFilters` select
 * it. Rows are grouped on the day as a `date` and only the groups' days are turned into text: a
 * `to_char` per row costs more than the count.
 */
export const signInsPerDayStatement = (
  payload: Payload,
  options: SanitizedBackofficeOptions,
  { at, days }: OverviewWindows,
) => {
  const audit = sqlFor(payload, options.audit.slug)
  const event = audit.column('event')
  const timestamp = audit.column('timestamp')
  const data = audit.column('data')
  const factor = sql`${data} ->> 'factor'`
  return sql`SELECT to_char(day, 'YYYY-MM-DD') AS day, outcome, method, n FROM (
     SELECT (${timestamp} AT TIME ZONE 'UTC')::date AS day,
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
     GROUP BY 1, 2, 3) AS grouped`
}
