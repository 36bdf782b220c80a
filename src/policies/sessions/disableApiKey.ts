import type { CollectionSlug, PayloadRequest } from 'payload'

import { sql } from '@payloadcms/db-postgres'

import { recordAuditEvent } from '../../shared/audit/recordAuditEvent.js'
import { sqlFor } from '../../shared/db/sql.js'
import { getPluginOptions } from '../../shared/options/getPluginOptions.js'

/**
 * Turns the account's API key off and forgets it (the encrypted key and its lookup index), and
 * records that it did, when the account had one. Called wherever all of an account's sessions (or
 * all but the caller's) end: a key is a credential like a session, and must not outlive a
 * suspension, a new password or "end all sessions" (OWASP ASVS 5.0 7.4.2, 7.4.3, 7.4.5).
 *
 * One conditional UPDATE of these three columns only, in the request's transaction: a whole-row
 * write here could undo a concurrent change to the account, and the write guard around the users
 * collection keeps a concurrent whole-row write from bringing the key back. Does nothing when the
 * users collection has no `auth.useAPIKey` (there are no such columns).
 */
export const disableApiKey = async (
  req: PayloadRequest,
  {
    actorId,
    reason,
    userId,
  }: { actorId?: null | number | string; reason: string; userId: number | string },
): Promise<boolean> => {
  const { usersCollection } = getPluginOptions(req.payload)
  const auth = req.payload.collections[usersCollection as CollectionSlug]?.config.auth
  if (!auth?.useAPIKey) {
    return false
  }
  const users = sqlFor(req.payload, usersCollection)
  const enabled = users.column('enableAPIKey')
  const key = users.column('apiKey')
  const index = users.column('apiKeyIndex')
  const rows = await users.execute(
    sql`UPDATE ${users.table} SET ${enabled} = false, ${key} = NULL, ${index} = NULL
     WHERE ${users.column('id')} = ${userId}
       AND (${enabled} IS TRUE OR ${key} IS NOT NULL OR ${index} IS NOT NULL)
     RETURNING ${users.column('id')}`,
    req,
  )
  if (rows.length === 0) {
    return false
  }
  await recordAuditEvent(req, {
    actor: actorId == null ? null : { id: actorId },
    data: { reason },
    event: 'account.apiKeyDisabled',
    user: { id: userId },
  })
  return true
}
