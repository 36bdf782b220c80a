import type { Payload } from 'payload'

import { sql } from '@payloadcms/db-postgres'

import type { SanitizedBackofficeOptions } from '../../../shared/options/types.js'

import { sqlFor } from '../../../shared/db/sql.js'
import { resetRequestsSlug } from './constants.js'

/**
 * Whether the account is sent to two-factor setup because an administrator approved its reset
 * request: its `setupRequired` is on (only an approval turns it on, and finishing setup turns it
 * off) and the last request answered for it was approved. The setup page says so then, and only
 * then, so nobody is told of an approval that did not happen.
 */
export const awaitsSetupAfterReset = async (
  payload: Payload,
  options: SanitizedBackofficeOptions,
  userId: number | string,
): Promise<boolean> => {
  const users = sqlFor(payload, options.usersCollection)
  const requests = sqlFor(payload, resetRequestsSlug)
  const [row] = await users.execute<{ status: null | string }>(
    sql`SELECT (SELECT ${requests.column('status')} FROM ${requests.table}
       WHERE ${requests.column('requester')} = ${userId} AND ${requests.column('processedAt')} IS NOT NULL
       ORDER BY ${requests.column('processedAt')} DESC LIMIT 1) AS status
     FROM ${users.table}
     WHERE ${users.column('id')} = ${userId} AND ${users.column('totpConfig_setupRequired')} = true`,
  )
  return row?.status === 'approved'
}
