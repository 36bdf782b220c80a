import type { PayloadRequest } from 'payload'

import type { SanitizedBackofficeOptions } from '../../shared/options/types.js'
import type { SignInAddition, SignInAdditionSource } from '../suspension/signInAdditions.js'

import { readAccount } from '../../shared/accounts/staffAccount.js'
import { undoingEmailChangeKey } from './emailChangeEffects.js'
import { isPendingUndo, runOrigin } from './emailChangeRun.js'
import { readRecentEmailChanges, voidUndoLinks } from './emailChangeStore.js'

/** The address a run of changes since `since` moved the account to, while its undo is still open. */
const movedAddress = async (
  req: PayloadRequest,
  options: SanitizedBackofficeOptions,
  userId: number | string,
  since: Date,
) => {
  const recent = await readRecentEmailChanges(req, userId)
  const origin = runOrigin(recent)
  const account = await readAccount(req, options, userId)
  const pending = recent.filter(
    (change) => isPendingUndo(change) && new Date(change.createdAt) >= since,
  )
  if (!origin || !account || pending.length === 0 || account.email === origin) {
    return null
  }
  return { at: pending[pending.length - 1]!.createdAt, current: String(account.email), origin }
}

/**
 * The email address as a way in, for the recovery paths (suspension/evictIntruder.ts): an address
 * changed since, whose run an undo has not put back, receives the account's reset links. A recovery
 * review lists it, and its approval puts the run's first address back, as the undo link would.
 */
export const emailChangeAdditions: SignInAdditionSource = {
  addedSince: async (req, options, userId, since): Promise<SignInAddition[]> => {
    const moved = await movedAddress(req, options, userId, since)
    return moved
      ? [{ addedAt: new Date(moved.at).toISOString(), kind: 'emailAddress', name: moved.current }]
      : []
  },
  removeSince: async (req, options, userId, since) => {
    const moved = await movedAddress(req, options, userId, since)
    if (!moved) {
      return
    }
    req.context[undoingEmailChangeKey] = true
    try {
      await req.payload.update({
        id: userId,
        collection: options.usersCollection,
        data: { email: moved.origin },
        depth: 0,
        overrideAccess: true,
        req,
      })
    } finally {
      delete req.context[undoingEmailChangeKey]
    }
    await voidUndoLinks(req, userId)
  },
}
