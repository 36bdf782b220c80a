import type { Payload, PayloadRequest } from 'payload'

import { sql } from '@payloadcms/db-postgres'
import { createHmac } from 'node:crypto'

import type { SanitizedBackofficeOptions } from '../options/types.js'

import { sqlFor } from '../db/sql.js'
import { slidingWindowWait } from '../lib/slidingWindowWait.js'
import { clientAttemptsSlug } from './clientAttempts.js'

/** Keyed hash of a client address: the table never holds an address. */
const addressKey = (payload: Payload, address: string) =>
  createHmac('sha256', payload.secret).update(`login-client:${address}`).digest('hex')

/**
 * Counts a sign-in attempt against its client address before any password is checked, in one
 * statement that only counts while the address has room, and answers whether it may go on: of any
 * number of parallel attempts on any number of app processes, no more than `clientFailureLimit`
 * per window ever get to check a password (OWASP Credential Stuffing Prevention Cheat Sheet: rate
 * limiting by address; NIST SP 800-63B §5.2.2 asks the same of each account). The window slides:
 * the previous fixed window counts with the part of it still inside the sliding one, so a burst
 * across a window's boundary gains nothing. The same statement deletes the rows of windows before
 * the previous one, so the table stays small without a job.
 *
 * Returns null when the attempt may go on, or when the address may try again when it may not.
 */
export const claimClientAttempt = async (
  req: PayloadRequest,
  options: SanitizedBackofficeOptions,
  address: string,
): Promise<Date | null> => {
  const { clientFailureLimit: limit, clientWindowSeconds: windowSeconds } = options.lockout
  const t = sqlFor(req.payload, clientAttemptsSlug)
  const key = t.column('key')
  const bucket = t.column('bucket')
  const attempts = t.column('attempts')
  const hashed = addressKey(req.payload, address)
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
    return null
  }
  // Refused: when one more attempt will fit (only refusals pay for this second statement).
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
  const wait = slidingWindowWait({
    current: Number(state?.current ?? 0),
    elapsed: Number(state?.elapsed ?? 0),
    limit,
    previous: Number(state?.previous ?? 0),
    windowSeconds,
  })
  return new Date(Date.now() + Math.max(1, wait) * 1000)
}
