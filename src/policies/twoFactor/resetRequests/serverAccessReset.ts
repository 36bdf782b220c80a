import type { Payload } from 'payload'

import { createLocalReq } from 'payload'

import { readAccount } from '../../../shared/accounts/staffAccount.js'
import { BackofficeError } from '../../../shared/errors/BackofficeError.js'
import { getPluginOptions } from '../../../shared/options/getPluginOptions.js'
import { resetSecondFactorNow } from './resetSecondFactorNow.js'

export type ServerAccessResetArgs = {
  /** Why, for the audit log and the owner's email: how the operator checked who is asking. */
  comment?: null | string
  /** The account, by its email address… */
  email?: string
  /** …or by its id. */
  userId?: number | string
}

export type ServerAccessResetResult = {
  devicesRemoved: number
  passkeysRemoved: number
  recoveryCodesRemoved: number
  /** The pending request this approved, or null when the account had none open. */
  requestId: null | number | string
  sessionsEnded: number
  userId: number | string
  wasEnabled: boolean
}

/**
 * The break-glass path for an account whose second factor is lost when no other administrator can
 * review its reset request (an administrator may never approve their own: see the review endpoints).
 * For a `payload run` script, run by an operator with access to the server and its configuration
 * (docs/two-factor-and-passkeys.md); deliberately not reachable over HTTP, so neither a session nor
 * a password nor a mailbox can set it off. It approves the account's pending request when there is
 * one (with no reviewer) and has the same effects as an approval: the app's secret, passkeys,
 * recovery codes and trusted devices go, every session ends, the next sign-in sets up a second
 * factor. Audited as `twoFactor.resetApproved` with no actor and `data.breakGlass: true`, and the
 * owner is emailed as after any approval, so a reset nobody asked for does not pass unseen.
 * Throws USER_NOT_FOUND for an unknown account.
 */
export const resetSecondFactorWithServerAccess = async (
  payload: Payload,
  { comment, email, userId }: ServerAccessResetArgs,
): Promise<ServerAccessResetResult> => {
  const options = getPluginOptions(payload)
  const req = await createLocalReq({}, payload)
  const account =
    userId !== undefined
      ? await readAccount(req, options, userId)
      : typeof email === 'string' && email.trim() !== ''
        ? await payload.db.findOne<{ id: number | string }>({
            collection: options.usersCollection,
            joins: false as never,
            req,
            where: { email: { equals: email.trim().toLowerCase() } },
          })
        : null
  if (!account) {
    throw new BackofficeError('USER_NOT_FOUND', { req })
  }
  return resetSecondFactorNow(req, options, {
    actorId: null,
    comment: comment?.trim() || null,
    data: { breakGlass: true },
    userId: account.id,
  })
}
