import type { CollectionSlug, PayloadRequest } from 'payload'

import type { SanitizedBackofficeOptions } from '../../shared/options/types.js'
import type { SessionDocument } from '../sessions/constants.js'

/**
 * When the session `sid` last proved its owner, or null when it has no open session document. A
 * document from before sudo mode has no `provedAt`; it was created when its sign-in completed, so
 * `createdAt` is that proof.
 */
export const readProvedAt = async (
  req: PayloadRequest,
  options: SanitizedBackofficeOptions,
  sid: string,
): Promise<Date | null> => {
  const session = (await req.payload.db.findOne({
    collection: options.sessions.slug as CollectionSlug,
    req,
    where: { and: [{ sid: { equals: sid } }, { revokedAt: { exists: false } }] },
  })) as null | SessionDocument
  const provedAt = session?.provedAt ?? session?.createdAt
  return provedAt ? new Date(provedAt) : null
}

/**
 * Records that the session `sid` proved its owner just now: one UPDATE of that session's document
 * alone, never a write of the user row (Payload writes whole user rows back from what it read, see
 * accounts/accountWriteGuard.ts), and never of a session that has ended meanwhile.
 */
export const recordProof = async (
  req: PayloadRequest,
  options: SanitizedBackofficeOptions,
  sid: string,
): Promise<void> => {
  await req.payload.db.updateMany({
    collection: options.sessions.slug as CollectionSlug,
    data: { provedAt: new Date().toISOString() },
    req,
    returning: false,
    where: { and: [{ sid: { equals: sid } }, { revokedAt: { exists: false } }] },
  })
}
