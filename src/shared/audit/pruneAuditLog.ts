import type { CollectionSlug, Payload } from 'payload'

import { auditWriteToken } from './auditWriteToken.js'

/** Entries deleted per round: Payload's bulk delete loads and deletes its whole match at once. */
const BATCH_SIZE = 500

/**
 * Deletes the entries of the audit log at `slug` whose time is before `before`, in batches, and
 * returns how many went. Each batch carries the prune token, the only way past the log's guard
 * against deletion.
 */
export const pruneAuditLog = async (
  payload: Payload,
  { before, slug }: { before: Date; slug: string },
): Promise<number> => {
  const collection = slug as CollectionSlug
  const where = { timestamp: { less_than: before.toISOString() } }
  let deleted = 0
  for (;;) {
    const { docs } = await payload.find({
      collection,
      depth: 0,
      limit: BATCH_SIZE,
      pagination: false,
      where,
    })
    if (docs.length === 0) {
      return deleted
    }
    const result = await payload.delete({
      collection,
      context: { [auditWriteToken.contextKey]: auditWriteToken.prune },
      overrideAccess: true,
      where: { id: { in: docs.map((doc) => doc.id) } },
    })
    if (result.errors.length > 0) {
      throw new Error(
        `payload-backoffice: could not delete ${result.errors.length} expired audit log entries.`,
      )
    }
    deleted += result.docs.length
    if (docs.length < BATCH_SIZE) {
      return deleted
    }
  }
}
