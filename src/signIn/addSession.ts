import type { PayloadRequest, SanitizedCollectionConfig } from 'payload'

import { addSessionToUser } from 'payload/shared'

import { lockAccountRow } from '../accounts/lockAccountRow.js'

export type SessionsOf = { id: number | string; sessions?: unknown } & Record<string, unknown>

/**
 * Payload's `addSessionToUser`, made to write only the `sessions` array. Given the whole account, as
 * Payload's login gives it, it writes every column back and deletes and re-inserts every array and
 * hasMany table (the roles too), from a copy read before the password was hashed: a change another
 * request committed meanwhile (an attempt counted by a parallel wrong password, a suspension) would
 * be silently undone, and all of it is work a new session does not need. The account object is left
 * as Payload's own login leaves it: the new `sessions`, `updatedAt: null`, `collection`, `_strategy`.
 * Returns the new session's id (none when the collection does not use sessions).
 */
export const addSession = async (
  req: PayloadRequest,
  collectionConfig: SanitizedCollectionConfig,
  user: SessionsOf,
): Promise<string | undefined> => {
  if (collectionConfig.auth.useSessions) {
    // The whole-row write began by updating the account's row, which locked it until the login
    // committed, so two sign-ins of one account wrote their arrays one after the other. Writing the
    // array alone leaves the row untouched (the adapter only replaces the array's rows), and two
    // writers could then collide on the same session ids: the lock is taken explicitly instead.
    await lockAccountRow(req, collectionConfig.slug, user.id)
  }
  // `updatedAt: null`, which Payload sets, keeps the account's "updated" time, as in endSessions.
  const written: SessionsOf = { id: user.id, sessions: user.sessions }
  const { sid } = await addSessionToUser({
    collectionConfig,
    payload: req.payload,
    req,
    user: written as never,
  })
  Object.assign(user, written)
  return sid
}
