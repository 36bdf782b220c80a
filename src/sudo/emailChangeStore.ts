import type { CollectionSlug, PayloadRequest, Where } from 'payload'

import { createToken, hashToken, isWellFormedToken } from '../lib/tokens.js'
import { emailChangesSlug } from './emailChangesCollection.js'

/**
 * How long the old address can undo a change: a week, as for the "This wasn't me" link of a 2FA reset
 * request, so an owner back from a week away still can. The link cannot be used by the one who made
 * the change (it goes to the old address only), is single-use, and only restores what was there.
 */
const undoLifetimeMs = 7 * 24 * 3_600_000

export type EmailChange = {
  id: number | string
  newEmail: string
  previousEmail: string
  user: number | string | { id: number | string }
}

export const userIdOf = (change: EmailChange): number | string =>
  typeof change.user === 'object' ? change.user.id : change.user

/** Records a change and returns the undo link's token, which is stored only as its hash. */
export const recordEmailChange = async (
  req: PayloadRequest,
  change: { newEmail: string; previousEmail: string; userId: number | string },
): Promise<string> => {
  const { hash, token } = createToken()
  await req.payload.create({
    collection: emailChangesSlug as CollectionSlug,
    data: {
      expiresAt: new Date(Date.now() + undoLifetimeMs).toISOString(),
      newEmail: change.newEmail,
      previousEmail: change.previousEmail,
      tokenHash: hash,
      user: change.userId,
    } as never,
    depth: 0,
    overrideAccess: true,
    req,
  })
  return token
}

const usable = (tokenHash: string): Where => ({
  and: [
    { tokenHash: { equals: tokenHash } },
    { undoneAt: { exists: false } },
    { expiresAt: { greater_than: new Date().toISOString() } },
  ],
})

/** The change an unspent, unexpired link undoes; reading it spends nothing. */
export const findUndoableChange = async (
  req: PayloadRequest,
  token: unknown,
): Promise<EmailChange | null> =>
  isWellFormedToken(token)
    ? ((await req.payload.db.findOne<EmailChange>({
        collection: emailChangesSlug as CollectionSlug,
        req,
        where: usable(hashToken(token)),
      })) ?? null)
    : null

/**
 * Spends a link: one conditional UPDATE in the request's transaction, so of two parallel uses exactly
 * one finds the row still unspent. Returns the change, or null when the link was not (or no longer)
 * usable.
 */
export const spendUndoLink = async (
  req: PayloadRequest,
  token: unknown,
): Promise<EmailChange | null> => {
  if (!isWellFormedToken(token)) {
    return null
  }
  const spent = await req.payload.db.updateOne({
    collection: emailChangesSlug as CollectionSlug,
    data: { undoneAt: new Date().toISOString() },
    options: { atomic: true },
    req,
    where: usable(hashToken(token)),
  })
  return (spent as EmailChange | null) ?? null
}
