import type { PayloadRequest, SanitizedCollectionConfig } from 'payload'

import { sql } from '@payloadcms/db-postgres'
import { randomUUID } from 'node:crypto'

import { sessionsTableOf } from './sessionsTableOf.js'

export type SessionsOf = { id: number | string; sessions?: unknown } & Record<string, unknown>

type Session = { createdAt: Date | string; expiresAt: Date | string; id: string }

/**
 * Payload's `addSessionToUser` (payload/dist/auth/sessions.js, 3.90.1), as one statement that adds
 * the new session's row and drops the account's expired ones. Payload writes the whole account back
 * for it, every column and every array and hasMany table (the roles too), from a copy read before
 * the password was hashed: a change another request committed meanwhile (an attempt counted by a
 * parallel wrong password, a suspension, a session ended) would be silently undone, and all of it is
 * work a new session does not need. Adding one row of its own, with a new random id, can collide
 * with no other writer; the row's foreign key share-locks the account's row until the sign-in
 * commits, so a whole-row writer (which locks it for update, see accounts/accountWriteGuard.ts)
 * reads this session before writing, or has written before it is added.
 *
 * The account object is left as Payload's own login leaves it: `sessions` as read, without the
 * expired ones, with the new one, `updatedAt: null` (a new session does not change the account),
 * `collection`, `_strategy`. Returns the new session's id (none when the collection does not use
 * sessions).
 */
export const addSession = async (
  req: PayloadRequest,
  collectionConfig: SanitizedCollectionConfig,
  user: SessionsOf,
): Promise<string | undefined> => {
  if (!collectionConfig.auth.useSessions) {
    return undefined
  }
  const now = new Date()
  const expiresAt = new Date(now.getTime() + collectionConfig.auth.tokenExpiration * 1000)
  const session: Session = { createdAt: now, expiresAt, id: randomUUID() }
  const sessions = Array.isArray(user.sessions) ? (user.sessions as Session[]) : []
  const sessionsTable = sessionsTableOf(req.payload, collectionConfig.slug)
  const { column, table } = sessionsTable
  const ofThisAccount = sql`${column('_parentID')} = ${user.id}`
  await sessionsTable.execute(
    sql`WITH expired AS (DELETE FROM ${table} WHERE ${ofThisAccount} AND ${column('expiresAt')} <= ${now.toISOString()})
      INSERT INTO ${table} (${column('_order')}, ${column('_parentID')}, ${column('id')}, ${column('createdAt')}, ${column('expiresAt')})
      VALUES ((SELECT COALESCE(MAX(${column('_order')}), 0) + 1 FROM ${table} WHERE ${ofThisAccount}), ${user.id}, ${session.id}, ${now.toISOString()}, ${expiresAt.toISOString()})`,
    req,
  )
  user.sessions = [
    ...sessions.filter(({ expiresAt }) => new Date(expiresAt).getTime() > now.getTime()),
    session,
  ]
  user.updatedAt = null
  user.collection = collectionConfig.slug
  user._strategy = 'local-jwt'
  return session.id
}
