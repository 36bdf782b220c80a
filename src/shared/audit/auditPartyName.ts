import type { CollectionSlug, Payload, PayloadRequest } from 'payload'

import { encodeForLog } from './encodeForLog.js'

/** Someone in an entry: a user document (or anything with an email, username or id), or a name. */
export type AuditParty =
  { email?: null | string; id?: number | string; username?: null | string } | null | string

/** Longest email address SMTP allows (RFC 5321: 64 + 1 + 255). */
const MAX_NAME = 320

/**
 * How an entry names a person: the email (or username) as it was at the time, so the entry still
 * says who it was after the account is renamed or deleted. Given only an account id, the email is
 * read from `usersCollection` through the database adapter with `req`'s transaction (no hooks and no
 * access rules, which must not run or fail inside someone else's operation); `#id` if it is gone.
 */
export const auditPartyName = async (
  party: AuditParty | undefined,
  {
    payload,
    req,
    usersCollection,
  }: { payload: Payload; req: Partial<PayloadRequest>; usersCollection: string },
): Promise<null | string> => {
  if (party == null) {
    return null
  }
  if (typeof party === 'string') {
    return encodeForLog(party, { maxLength: MAX_NAME })
  }
  let name = party.email ?? party.username ?? null
  const collection = (party as { collection?: string }).collection ?? usersCollection
  if (name == null && party.id != null && collection === usersCollection) {
    // Only the name's columns: the whole account would be a statement joining every array and
    // relationship table of the users collection, for two columns.
    const withUsername = Boolean(
      payload.collections[usersCollection as CollectionSlug]?.config.auth?.loginWithUsername,
    )
    const stored = (await payload.db.findOne({
      collection: usersCollection as CollectionSlug,
      req,
      select: withUsername ? { email: true, username: true } : { email: true },
      where: { id: { equals: party.id } },
    })) as { email?: null | string; username?: null | string } | null
    name = stored?.email ?? stored?.username ?? null
  }
  name ??= party.id != null ? `#${party.id}` : null
  return name == null ? null : encodeForLog(String(name), { maxLength: MAX_NAME })
}
