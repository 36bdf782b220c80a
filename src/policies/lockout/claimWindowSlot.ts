import type { Payload } from 'payload'

import { sql } from '@payloadcms/db-postgres'

import { sqlFor } from '../../shared/db/sql.js'
import { slidingWindowWait } from '../../shared/lib/slidingWindowWait.js'

/**
 * Counts one use of `key` against `limit` per `windowSeconds` in the table of `slug` (a
 * `windowCountsCollection`), in one statement that only counts while the key has room, and answers
 * 0 when the use may go on, else the seconds until one more fits: of any number of parallel uses on
 * any number of app processes, no more than `limit` per window ever get through (a limit kept in
 * each process's memory lets N processes allow N times as many). The window slides: the previous
 * fixed window counts with the part of it still inside the sliding one, so a burst across a
 * window's boundary gains nothing (see `slidingWindowWait`). The same statement deletes the rows of
 * windows before the previous one, so the table stays small without a job; one table per window
 * length, as its `bucket` numbers whole windows since the epoch.
 *
 * `key` should be a keyed hash (the tables hold no addresses).
 */
export const claimWindowSlot = async (
  payload: Payload,
  {
    key: hashed,
    limit,
    slug,
    windowSeconds,
  }: { key: string; limit: number; slug: string; windowSeconds: number },
): Promise<number> => {
  const t = sqlFor(payload, slug)
  const key = t.column('key')
  const bucket = t.column('bucket')
  const attempts = t.column('attempts')
  const epoch = sql`extract(epoch FROM now())::float8`
  const rows = await t.execute<{ attempts: number | string }>(
    sql`WITH clock AS (
       SELECT floor(${epoch} / ${windowSeconds})::bigint AS bucket,
              ${epoch} / ${windowSeconds} - floor(${epoch} / ${windowSeconds}) AS elapsed
     ), pruned AS (
       DELETE FROM ${t.table} WHERE ${bucket} < (SELECT clock.bucket - 1 FROM clock)
     ), carried AS (
       SELECT COALESCE((SELECT ${attempts} FROM ${t.table} WHERE ${key} = ${hashed} || ':' || (clock.bucket - 1)), 0)
              * (1 - clock.elapsed) AS n FROM clock
     )
     INSERT INTO ${t.table} (${key}, ${bucket}, ${attempts}, ${t.column('updatedAt')}, ${t.column('createdAt')})
     SELECT ${hashed} || ':' || clock.bucket, clock.bucket, 1, now(), now() FROM clock, carried
       WHERE carried.n + 1 <= ${limit}
     ON CONFLICT (${key}) DO UPDATE SET ${attempts} = ${t.table}.${attempts} + 1, ${t.column('updatedAt')} = now()
       WHERE ${t.table}.${attempts} + 1 + (SELECT carried.n FROM carried) <= ${limit}
     RETURNING ${attempts} AS attempts`,
  )
  if (rows.length > 0) {
    return 0
  }
  // Refused: when one more use will fit (only refusals pay for this second statement).
  const [state] = await t.execute<{
    current: null | string
    elapsed: string
    previous: null | string
  }>(
    sql`WITH clock AS (
       SELECT floor(${epoch} / ${windowSeconds})::bigint AS bucket,
              ${epoch} / ${windowSeconds} - floor(${epoch} / ${windowSeconds}) AS elapsed
     )
     SELECT clock.elapsed AS elapsed,
       (SELECT ${attempts} FROM ${t.table} WHERE ${key} = ${hashed} || ':' || clock.bucket) AS current,
       (SELECT ${attempts} FROM ${t.table} WHERE ${key} = ${hashed} || ':' || (clock.bucket - 1)) AS previous
     FROM clock`,
  )
  return Math.max(
    1,
    slidingWindowWait({
      current: Number(state?.current ?? 0),
      elapsed: Number(state?.elapsed ?? 0),
      limit,
      previous: Number(state?.previous ?? 0),
      windowSeconds,
    }),
  )
}
