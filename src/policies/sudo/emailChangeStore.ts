import type { CollectionSlug, PayloadRequest, Where } from 'payload'

import type { EmailChangeRecord } from './emailChangeRun.js'

import { createToken, hashToken, isWellFormedToken } from '../../shared/lib/tokens.js'
import { emailChangesSlug } from './emailChangesCollection.js'

/**
 * How long the first address can undo a run of changes: a week, as for the "This wasn't me" link of
 * a 2FA reset request, so an owner back from a week away still can. Changes within it form one run
 * (see emailChangeRun.ts). The link goes to the run's first address only, is single-use, and only
 * restores that address.
 */
const undoLifetimeMs = 7 * 24 * 3_600_000

export type EmailChange = EmailChangeRecord & {
  user: number | string | { id: number | string }
}

export const userIdOf = (change: EmailChange): number | string =>
  typeof change.user === 'object' ? change.user.id : change.user

const unexpired = (): Where => ({ expiresAt: { greater_than: new Date().toISOString() } })

/**
 * The account's changes whose window is still open, oldest first. Read in the caller's transaction
 * after its write of the account row, whose lock orders it after any other change or undo of the
 * account: what they recorded is committed and seen here.
 */
export const readRecentEmailChanges = async (
  req: PayloadRequest,
  userId: number | string,
): Promise<EmailChange[]> => {
  const { docs } = await req.payload.db.find<EmailChange>({
    collection: emailChangesSlug as CollectionSlug,
    limit: 0,
    pagination: false,
    req,
    sort: 'createdAt',
    where: { and: [{ user: { equals: userId } }, unexpired()] },
  })
  return docs
}

/**
 * Records a change (returning its undo link's token, stored only as its hash) or a repair (no link).
 */
export const recordEmailChange = async (
  req: PayloadRequest,
  change: {
    kind: 'change' | 'repair'
    newEmail: string
    previousEmail: string
    sessionStartedAt?: Date | null
    userId: number | string
  },
): Promise<null | string> => {
  const link = change.kind === 'change' ? createToken() : null
  await req.payload.create({
    collection: emailChangesSlug as CollectionSlug,
    data: {
      expiresAt: new Date(Date.now() + undoLifetimeMs).toISOString(),
      kind: change.kind,
      newEmail: change.newEmail,
      previousEmail: change.previousEmail,
      sessionStartedAt: change.sessionStartedAt?.toISOString() ?? null,
      tokenHash: link?.hash,
      user: change.userId,
    } as never,
    depth: 0,
    overrideAccess: true,
    req,
  })
  return link?.token ?? null
}

const usable = (tokenHash: string): Where => ({
  and: [
    { tokenHash: { equals: tokenHash } },
    { undoneAt: { exists: false } },
    { voidedAt: { exists: false } },
    unexpired(),
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

/** Changes whose undo link still works (see `isPendingUndo`), among those `where` matches. */
const pendingUndo = (where: Where): Where => ({
  and: [
    where,
    { kind: { not_equals: 'repair' } },
    { undoneAt: { exists: false } },
    { voidedAt: { exists: false } },
    unexpired(),
  ],
})

/** Voids every undo link of the account that still works: after an undo, or a repair. */
export const voidUndoLinks = async (req: PayloadRequest, userId: number | string) => {
  await req.payload.db.updateMany({
    collection: emailChangesSlug as CollectionSlug,
    data: { voidedAt: new Date().toISOString() },
    req,
    returning: false,
    where: pendingUndo({ user: { equals: userId } }),
  })
}

/**
 * Whether another account's run of changes can still restore `email` (its first address): every
 * change of a run stores that address as the one it restores, so one indexed look-up decides.
 */
export const isRunOriginOfAnother = async (
  req: PayloadRequest,
  email: string,
  userId: number | string | undefined,
): Promise<boolean> =>
  Boolean(
    await req.payload.db.findOne({
      collection: emailChangesSlug as CollectionSlug,
      req,
      where: pendingUndo({
        and: [
          { previousEmail: { equals: email.toLowerCase() } },
          ...(userId === undefined ? [] : [{ user: { not_equals: userId } }]),
        ],
      }),
    }),
  )
