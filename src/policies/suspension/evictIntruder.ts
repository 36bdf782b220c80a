import type { PayloadRequest } from 'payload'

import { sql } from '@payloadcms/db-postgres'
import { randomBytes } from 'node:crypto'

import type { SanitizedBackofficeOptions } from '../../shared/options/types.js'

import { lockAccountRow } from '../../shared/accounts/lockAccountRow.js'
import { recordAuditEvent } from '../../shared/audit/recordAuditEvent.js'
import { sqlFor } from '../../shared/db/sql.js'
import { revokeSessions } from '../sessions/revokeSessions.js'
import { signInAdditionSources, signInAdditionsSince } from './signInAdditions.js'
import { suspendAccount } from './suspendAccount.js'

/** What made a recovery path evict: the owner's undo or report, or an administrator's repair. */
export type EvictionTrigger =
  | 'emailChangeRepaired'
  | 'emailChangeUndone'
  | 'newBrowserReported'
  | 'resetRequestReported'
  | 'signInChangeReported'

/** Triggers that are the owner saying "this wasn't me": the account is suspended whatever was added. */
const reports: ReadonlySet<EvictionTrigger> = new Set([
  'newBrowserReported',
  'resetRequestReported',
  'signInChangeReported',
])

/**
 * Replaces the password with a random one nobody knows and voids any reset link, in one statement
 * under the account's row lock. The thief held the password (that is how every run of changes starts:
 * see sudo mode), so it must stop working; the owner sets a new one through a reset link, which goes
 * to the address the account has now and to no other (reset links are bound to their address). An
 * account without a password (single sign-on) keeps having none. The hash has Payload's shape
 * (PBKDF2-SHA256, 512 bytes, hex) so every reader of it stays on its ordinary path, and its salt is
 * new: no password derives it (NIST SP 800-63B §5.1.1.2, a memorised secret verifier).
 */
const voidPasswordAndResetLink = async (
  req: PayloadRequest,
  options: SanitizedBackofficeOptions,
  userId: number | string,
) => {
  const users = sqlFor(req.payload, options.usersCollection)
  const hash = users.column('hash')
  const salt = users.column('salt')
  // Payload keeps when the last reset was asked for only while `forgotPassword.minRequestInterval`
  // is on. A request for the thief's address must not hold back the owner's own.
  const requestedAt = req.payload.collections[options.usersCollection]?.config.auth?.forgotPassword
    ?.minRequestInterval
    ? sql`, ${users.column('resetPasswordRequestedAt')} = NULL`
    : sql``
  await lockAccountRow(req, options.usersCollection, userId)
  await users.execute(
    sql`UPDATE ${users.table}
     SET ${hash} = CASE WHEN ${hash} IS NULL THEN NULL ELSE ${randomBytes(512).toString('hex')} END,
         ${salt} = CASE WHEN ${salt} IS NULL THEN NULL ELSE ${randomBytes(32).toString('hex')} END,
         ${users.column('resetPasswordToken')} = NULL, ${users.column('resetPasswordExpiration')} = NULL${requestedAt}
     WHERE ${users.column('id')} = ${userId}`,
    req,
  )
}

/**
 * What every recovery path does to whoever else may hold the account, in the caller's transaction:
 * every session ends (and with them the API key), the password and any reset link stop working, no
 * browser skips the second factor any more. What a mailbox may not do, it does not: anything added to
 * the account's sign-in since `since` (a passkey, an app, recovery codes, a linked identity, an
 * address) stays, and the account is suspended for administrators to review it, who alone remove it
 * (OWASP ASVS 5.0 6.4.3: a reset must not bypass a second factor). A report ("this wasn't me")
 * suspends the account even when nothing was added. `since` reaches back to the sign-in of the
 * session that made the change undone or reported.
 */
export const evictIntruder = async (
  req: PayloadRequest,
  options: SanitizedBackofficeOptions,
  {
    alsoTell,
    by,
    since,
    trigger,
    userId,
  }: {
    /** The owner's address the triggering link was sent to, when it may not be the account's now. */
    alsoTell?: null | string
    by?: null | number | string
    since: Date
    trigger: EvictionTrigger
    userId: number | string
  },
): Promise<void> => {
  await voidPasswordAndResetLink(req, options, userId)
  await revokeSessions(req, { reason: 'recovery', revokedBy: by ?? null, userId })
  for (const source of signInAdditionSources(options)) {
    await source.forgetAtEviction?.(req, userId)
  }
  const added = await signInAdditionsSince(req, options, userId, since)
  const kinds = [...new Set(added.map(({ kind }) => kind))]
  await recordAuditEvent(req, {
    actor: by == null ? null : { id: by },
    data: { added: kinds, since: since.toISOString(), trigger },
    event: 'account.intruderEvicted',
    user: { id: userId },
  })
  if (added.length > 0) {
    await suspendAccount(req, options, {
      alsoTell,
      reason: 'recoveryReview',
      reviewSince: since,
      userId,
    })
  } else if (reports.has(trigger)) {
    await suspendAccount(req, options, { alsoTell, reason: 'misuseReport', userId })
  }
}
