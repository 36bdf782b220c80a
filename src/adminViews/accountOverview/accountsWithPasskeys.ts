import type { Payload } from 'payload'

import { sql } from '@payloadcms/db-postgres'

import { passkeysSlug } from '../../policies/twoFactor/passkeys/collections.js'
import { sqlFor } from '../../shared/db/sql.js'

/** The ids of the accounts that have at least one passkey (a second factor of their own). */
export const accountsWithPasskeys = async (payload: Payload): Promise<(number | string)[]> => {
  const t = sqlFor(payload, passkeysSlug)
  const rows = await t.execute<{ user_id: number | string }>(
    sql`SELECT DISTINCT ${t.column('user')} AS user_id FROM ${t.table} ORDER BY 1`,
  )
  return rows.map((row) => row.user_id)
}
