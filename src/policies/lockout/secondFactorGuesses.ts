import type { Payload, PayloadRequest } from 'payload'

import { sql } from '@payloadcms/db-postgres'

import type { SanitizedBackofficeOptions } from '../../shared/options/types.js'

import { sqlFor } from '../../shared/db/sql.js'

/**
 * The lifetime budget of second-factor guesses: wrong codes since the last right one, on the account
 * itself, whichever browser typed them. Unlike the per-browser counts it survives a password reset:
 * a reset proves the mailbox, never the second factor (ASVS 5.0 6.4.3), so someone holding the
 * mailbox and resetting in a loop gets no more codes checked than `lockout.suspendAfter` before an
 * administrator must act (NIST SP 800-63B §5.2.2: a limit on consecutive failed attempts that holds
 * on every path). Only a right code, an administrator's unblock or an approved 2FA reset clears it.
 */
const column = (payload: Payload, options: SanitizedBackofficeOptions) => {
  const users = sqlFor(payload, options.usersCollection)
  return { guesses: users.column('secondFactorFailures'), id: users.column('id'), users }
}

/**
 * Counts a code guess before the code is checked, in one statement that only matches while the
 * budget has room: of any number of parallel guesses, at most `suspendAfter` since the last right
 * code are ever checked. Returns the count including this guess, or null when the budget is spent.
 */
export const claimSecondFactorGuess = async (
  payload: Payload,
  options: SanitizedBackofficeOptions,
  userId: number | string,
): Promise<null | number> => {
  const c = column(payload, options)
  const [row] = await c.users.execute<{ guesses: number | string }>(
    sql`UPDATE ${c.users.table} SET ${c.guesses} = COALESCE(${c.guesses}, 0) + 1
     WHERE ${c.id} = ${userId} AND COALESCE(${c.guesses}, 0) < ${options.lockout.suspendAfter}
     RETURNING ${c.guesses} AS guesses`,
  )
  return row ? Number(row.guesses) : null
}

/**
 * Gives back a guess that was claimed but never checked against the code (the browser turned out to
 * be locked), or that was right but refused all the same (locked meanwhile). A decrement of its own
 * increment, so parallel claims stay counted.
 */
export const releaseSecondFactorGuess = async (
  payload: Payload,
  options: SanitizedBackofficeOptions,
  userId: number | string,
): Promise<void> => {
  const c = column(payload, options)
  await c.users.execute(
    sql`UPDATE ${c.users.table} SET ${c.guesses} = GREATEST(COALESCE(${c.guesses}, 0) - 1, 0) WHERE ${c.id} = ${userId}`,
  )
}

/**
 * Empties the budget: after a right code, an administrator's unblock, or an approved 2FA reset (the
 * guesses were aimed at a secret that no longer exists). Inside the request's transaction when it
 * has one open, so it commits with the decision that clears it.
 */
export const clearSecondFactorGuesses = async (
  req: PayloadRequest,
  options: SanitizedBackofficeOptions,
  userId: number | string,
): Promise<void> => {
  const c = column(req.payload, options)
  await c.users.execute(
    sql`UPDATE ${c.users.table} SET ${c.guesses} = 0 WHERE ${c.id} = ${userId}`,
    req,
  )
}
