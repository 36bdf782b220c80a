import type { PayloadRequest, SanitizedCollectionConfig } from 'payload'

import { sql } from '@payloadcms/db-postgres'

import type { SessionsOf } from './addSession.js'

import { sessionsTableOf } from './sessionsTableOf.js'

/**
 * Takes a session `addSession` added out again (Payload's `revokeSession`, which is not exported,
 * deleting only that session's row), for a login that failed after adding it without a transaction
 * to roll back.
 */
export const removeSession = async (
  req: PayloadRequest,
  collectionConfig: SanitizedCollectionConfig,
  user: SessionsOf,
  sid: string,
): Promise<void> => {
  if (!collectionConfig.auth.useSessions) {
    return
  }
  const sessions = Array.isArray(user.sessions) ? (user.sessions as { id: string }[]) : []
  user.sessions = sessions.filter((session) => session.id !== sid)
  const sessionsTable = sessionsTableOf(req.payload, collectionConfig.slug)
  const { column, table } = sessionsTable
  await sessionsTable.execute(
    sql`DELETE FROM ${table} WHERE ${column('_parentID')} = ${user.id} AND ${column('id')} = ${sid}`,
    req,
  )
}
