import type { PayloadRequest, Where } from 'payload'

import type { PayloadSession } from './constants.js'

import { inTransaction } from '../../shared/db/inTransaction.js'
import { getPluginOptions } from '../../shared/options/getPluginOptions.js'
import { auditSessionsEnded } from './auditSessionsEnded.js'
import { disableApiKey } from './disableApiKey.js'
import { markSessionsRevoked, type Revocation } from './markSessionsRevoked.js'

export type EndSessionsArgs = {
  /** Keep this session (the caller's own, say after a password change). */
  exceptSid?: string
  /** End only this session; without it (or `onlySids`), every session of the user. */
  onlySid?: string
  /** End only these sessions (a provider's back-channel logout naming many at once). */
  onlySids?: readonly string[]
  userId: number | string
} & Revocation

/**
 * Ends sessions of one user and returns how many ended. The sids come out of Payload's `sessions`
 * array on the user first: Payload's JWT strategy rejects a token whose sid is not there, so the
 * very next request with such a token is anonymous. Then the matching documents are marked. Both
 * happen in one transaction, so a failure leaves neither half done.
 *
 * Sessions Payload already dropped on its own (it keeps only the current one when a password is
 * saved) are still marked here, which is why the count is the union of both sets.
 *
 * Ending every session (or every one but the caller's) also ends the account's API key, in the same
 * transaction: that is what suspension, a new password, a second-factor change and "end all
 * sessions" do, and a key left working would undo each of them.
 */
export const endSessions = async (
  req: PayloadRequest,
  { exceptSid, onlySid, onlySids, reason, revokedBy, userId }: EndSessionsArgs,
): Promise<Set<string>> => {
  const options = getPluginOptions(req.payload)
  const some = onlySid !== undefined || onlySids !== undefined
  const ends = (sid: string) =>
    sid !== exceptSid &&
    (onlySid === undefined || sid === onlySid) &&
    (onlySids === undefined || onlySids.includes(sid))
  const ended = new Set<string>()

  return inTransaction(req, async () => {
    const user = (await req.payload.db.findOne({
      collection: options.usersCollection,
      req,
      where: { id: { equals: userId } },
    })) as { id: number | string; sessions?: null | PayloadSession[] } | null
    const sessions = user?.sessions ?? []
    const kept = sessions.filter((session) => !ends(session.id))
    if (user && kept.length < sessions.length) {
      sessions.filter((session) => ends(session.id)).forEach((session) => ended.add(session.id))
      // Only the array is written (and `updatedAt: null` keeps the account's "updated" time, as
      // Payload's own session writes do), so concurrent changes to other fields are not overwritten.
      await req.payload.db.updateOne({
        id: user.id,
        collection: options.usersCollection,
        data: { sessions: kept, updatedAt: null },
        req,
        returning: false,
      })
    }

    const where: Where[] = [{ user: { equals: userId } }]
    if (onlySid !== undefined) {
      where.push({ sid: { equals: onlySid } })
    }
    if (onlySids !== undefined) {
      where.push({ sid: { in: [...onlySids] } })
    }
    if (exceptSid !== undefined) {
      where.push({ sid: { not_equals: exceptSid } })
    }
    const marked = await markSessionsRevoked(req, { and: where }, { reason, revokedBy })
    marked.forEach((doc) => ended.add(doc.sid))
    // Inside the transaction: the entry is stored exactly when the sessions end.
    await auditSessionsEnded(req, { count: ended.size, reason, userId })
    if (!some) {
      await disableApiKey(req, { actorId: revokedBy, reason, userId })
    }
    return ended
  })
}
