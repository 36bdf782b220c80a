import type { PayloadRequest } from 'payload'

import { sql } from '@payloadcms/db-postgres'

import type { SanitizedBackofficeOptions } from '../../shared/options/types.js'

import { sqlFor } from '../../shared/db/sql.js'

/**
 * When the session `sid` signed in, or null for none (a request without one). A recovery path looks
 * back to the sign-in of the session that made a change: whoever held it may have added a way in
 * before the change the owner undid or reported.
 */
export const sessionStartedAt = async (
  req: PayloadRequest,
  options: SanitizedBackofficeOptions,
  sid: null | string | undefined,
): Promise<Date | null> => {
  if (!sid) {
    return null
  }
  const sessions = sqlFor(req.payload, options.sessions.slug)
  const [row] = await sessions.execute<{ created_at: string }>(
    sql`SELECT ${sessions.column('createdAt')} AS created_at FROM ${sessions.table}
     WHERE ${sessions.column('sid')} = ${sid} LIMIT 1`,
    req,
  )
  return row ? new Date(row.created_at) : null
}

/** The earlier of two times, either of which may be unknown. */
export const earlier = (a: Date, b: Date | null): Date => (b && b < a ? b : a)
