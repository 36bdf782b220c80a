import type { PayloadRequest, Where } from 'payload'

import type { SanitizedBackofficeOptions } from '../../shared/options/types.js'
import type { ResetAccount } from './accounts.js'

/**
 * Reset tokens live in Payload's own columns (`resetPasswordToken`, `resetPasswordExpiration`,
 * `resetPasswordRequestedAt`), which Payload hides from every API, but they hold the SHA-256 of the
 * token, never the token (ASVS 5.0 6.4.1): a copy of the database yields no usable link. Reusing them
 * adds no column, and Payload's own forgot-password writes land in the same place (hashed on write).
 * Writes here go through the database adapter, so no hook re-hashes them.
 */

const notTrashed = (
  req: PayloadRequest,
  options: SanitizedBackofficeOptions,
  where: Where,
): Where =>
  req.payload.collections[options.usersCollection]?.config.trash
    ? { and: [where, { deletedAt: { exists: false } }] }
    : where

/** Payload's per-account pause between two reset emails (`auth.forgotPassword.minRequestInterval`). */
const minRequestIntervalMs = (req: PayloadRequest, options: SanitizedBackofficeOptions): number => {
  const auth = req.payload.collections[options.usersCollection]?.config.auth
  return auth?.forgotPassword?.minRequestInterval ?? 0
}

/** The account with this address, if any. */
export const findAccountByEmail = async (
  req: PayloadRequest,
  options: SanitizedBackofficeOptions,
  email: string,
) =>
  (await req.payload.db.findOne<ResetAccount>({
    collection: options.usersCollection,
    req,
    where: notTrashed(req, options, { email: { equals: email } }),
  })) ?? null

/**
 * Records a reset request in one conditional statement: the new token's hash (or none, for an account
 * without a password) replaces any earlier one, which is thereby void. The token is bound to the
 * address it is mailed to: the statement matches only while the account still has that address, so a
 * request racing an undo of an email change records nothing for the address the undo took away, and
 * any later change of the address voids the token (see hashResetTokenOnWrite.ts). Against mail-bombing it only
 * matches when the last request is older than Payload's `minRequestInterval`, so of any number of
 * parallel requests one wins and the others change nothing. Returns whether this one was recorded.
 */
export const recordResetRequest = async (
  req: PayloadRequest,
  options: SanitizedBackofficeOptions,
  {
    email,
    tokenHash,
    userId,
  }: { email: string; tokenHash: null | string; userId: number | string },
): Promise<boolean> => {
  const now = Date.now()
  const interval = minRequestIntervalMs(req, options)
  const data: Record<string, unknown> = {
    resetPasswordExpiration: tokenHash
      ? new Date(now + options.passwordReset.expiryHours * 3_600_000).toISOString()
      : null,
    resetPasswordToken: tokenHash,
  }
  const conditions: Where[] = [{ id: { equals: userId } }, { email: { equals: email } }]
  if (interval > 0) {
    // Payload only has this column while the interval is on.
    data.resetPasswordRequestedAt = new Date(now).toISOString()
    conditions.push({
      or: [
        { resetPasswordRequestedAt: { exists: false } },
        { resetPasswordRequestedAt: { less_than_equal: new Date(now - interval).toISOString() } },
      ],
    })
  }
  const updated = await req.payload.db.updateOne({
    collection: options.usersCollection,
    data,
    options: { atomic: true },
    req,
    where: { and: conditions },
  })
  return Boolean(updated)
}

const unexpired = (tokenHash: string): Where => ({
  and: [
    { resetPasswordToken: { equals: tokenHash } },
    { resetPasswordExpiration: { greater_than: new Date().toISOString() } },
  ],
})

/** The account a valid, unexpired token belongs to; reading it spends nothing. */
export const findAccountByResetToken = async (
  req: PayloadRequest,
  options: SanitizedBackofficeOptions,
  tokenHash: string,
) =>
  (await req.payload.db.findOne<ResetAccount>({
    collection: options.usersCollection,
    req,
    where: notTrashed(req, options, unexpired(tokenHash)),
  })) ?? null

/**
 * Spends a token: one `UPDATE … WHERE token = $hash AND expiration > now RETURNING`, in the request's
 * transaction. PostgreSQL locks the row for the first of two parallel resets; the second, once the
 * first commits, finds no matching row, so exactly one wins. Returns the id of the account it was for.
 */
export const consumeResetToken = async (
  req: PayloadRequest,
  options: SanitizedBackofficeOptions,
  tokenHash: string,
): Promise<null | number | string> => {
  const updated = (await req.payload.db.updateOne({
    collection: options.usersCollection,
    data: { resetPasswordExpiration: null, resetPasswordToken: null },
    options: { atomic: true },
    req,
    where: unexpired(tokenHash),
  })) as { id?: number | string } | null
  return updated?.id ?? null
}
