import type { Payload } from 'payload'

import { sql } from '@payloadcms/db-postgres'
import { createHash } from 'node:crypto'

import type { StatePurpose } from './sealState.js'

import { sqlFor } from '../db/sql.js'
import { spentStatesSlug } from './spentStatesCollection.js'

// A spent value is remembered this long past its own expiry: the expiry is checked on the clock of
// the app process that opens it, and the row is cleared on the database's, so a process whose clock
// runs up to this much behind still finds the row of a value it would accept.
const CLOCK_SKEW_MARGIN_MINUTES = 15

/**
 * Redeems a sealed value once: true for the first request that spends `id` for `purpose`, false for
 * every other, whichever process it reaches (one INSERT against a unique index, so two racing
 * requests cannot both win). Rows past their time are cleared on the way, outside any request
 * transaction, on the database's clock.
 */
export const spendState = async (
  payload: Payload,
  { expiresAt, id, purpose }: { expiresAt: Date; id: string; purpose: StatePurpose },
): Promise<boolean> => {
  const spent = sqlFor(payload, spentStatesSlug)
  const column = spent.column
  await spent.execute(sql`DELETE FROM ${spent.table} WHERE ${column('expiresAt')} <= now()`)
  const digest = createHash('sha256').update(`${purpose}:${id}`, 'utf8').digest('hex')
  const rows = await spent.execute(
    sql`INSERT INTO ${spent.table} (${column('digest')}, ${column('expiresAt')}, ${column('updatedAt')}, ${column('createdAt')})
     VALUES (${digest}, ${expiresAt.toISOString()}::timestamptz + make_interval(mins => ${CLOCK_SKEW_MARGIN_MINUTES}), now(), now())
     ON CONFLICT (${column('digest')}) DO NOTHING RETURNING ${column('digest')}`,
  )
  return rows.length === 1
}
