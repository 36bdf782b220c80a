import type { PayloadRequest, SanitizedCollectionConfig } from 'payload'

import type { SessionsOf } from './addSession.js'

/**
 * Takes a session `addSession` added out of the array again (Payload's `revokeSession`, which is
 * not exported, writing only the array), for a login that failed after adding it without a
 * transaction to roll back.
 */
export const removeSession = async (
  req: PayloadRequest,
  collectionConfig: SanitizedCollectionConfig,
  user: SessionsOf,
  sid: string,
): Promise<void> => {
  const sessions = Array.isArray(user.sessions) ? (user.sessions as { id: string }[]) : []
  if (!collectionConfig.auth.useSessions || sessions.length === 0) {
    return
  }
  user.sessions = sessions.filter((session) => session.id !== sid)
  await req.payload.db.updateOne({
    id: user.id,
    collection: collectionConfig.slug,
    data: { sessions: user.sessions, updatedAt: null },
    req,
    returning: false,
  })
}
