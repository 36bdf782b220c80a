import type { PayloadRequest, Where } from 'payload'

import type { SessionDocument, SessionRevocationReason } from './constants.js'

import { getPluginOptions } from '../../shared/options/getPluginOptions.js'

export type Revocation = {
  reason: SessionRevocationReason
  revokedBy?: null | number | string
}

/**
 * Marks the session documents matching `where` as ended, once: a document already ended keeps its
 * first time and reason. Returns the documents it marked. This only records the end; whether a
 * token still works is decided by Payload's `sessions` array on the user (see `endSessions`).
 */
export const markSessionsRevoked = async (
  req: PayloadRequest,
  where: Where,
  { reason, revokedBy }: Revocation,
): Promise<SessionDocument[]> => {
  const { sessions } = getPluginOptions(req.payload)
  const { docs } = await req.payload.update({
    collection: sessions.slug as never,
    data: {
      revokedAt: new Date().toISOString(),
      revokedBy: revokedBy ?? null,
      revokedReason: reason,
    } as never,
    depth: 0,
    overrideAccess: true,
    req,
    where: { and: [where, { revokedAt: { exists: false } }] },
  })
  return docs as unknown as SessionDocument[]
}
