import type { PayloadRequest } from 'payload'

import { sql } from '@payloadcms/db-postgres'

import type { SanitizedBackofficeOptions } from '../../shared/options/types.js'
import type { SingleSignOnContext } from '../../shared/request/context.js'

import { sqlFor } from '../../shared/db/sql.js'
import { createToken, hashToken } from '../../shared/lib/tokens.js'
import { twoFactorChallengesSlug } from './challengeCollection.js'
import { readTwoFactorCookie } from './cookies.js'

export type OpenChallenge = {
  expiresAt: Date
  failedAttempts: number
  id: number | string
  singleSignOn: null | SingleSignOnContext
  userId: number | string
}

const columns = (req: Pick<PayloadRequest, 'payload'>) => {
  const challenges = sqlFor(req.payload, twoFactorChallengesSlug)
  return {
    challenges,
    expiresAt: challenges.column('expiresAt'),
    failedAttempts: challenges.column('failedAttempts'),
    id: challenges.column('id'),
    singleSignOn: challenges.column('singleSignOn'),
    tokenHash: challenges.column('tokenHash'),
    user: challenges.column('user'),
  }
}

/**
 * Opens a challenge for an account whose password was just accepted: a random token (256 bits) for
 * the browser's cookie, its SHA-256 in the database, valid `challengeMinutes`. Expired challenges
 * of everyone are cleared on the way, so the table holds only live ones.
 */
export const openChallenge = async (
  req: PayloadRequest,
  options: SanitizedBackofficeOptions,
  userId: number | string,
  singleSignOn: null | SingleSignOnContext = null,
): Promise<{ expiresAt: Date; token: string }> => {
  const c = columns(req)
  await c.challenges.execute(sql`DELETE FROM ${c.challenges.table} WHERE ${c.expiresAt} <= now()`)
  const { hash, token } = createToken()
  // The database's clock, like every check of it. Outside the request's transaction: the login that
  // asked for the challenge is rolled back on purpose.
  const [row] = await c.challenges.execute<{ expires_at: string }>(
    sql`INSERT INTO ${c.challenges.table} (${c.tokenHash}, ${c.user}, ${c.expiresAt}, ${c.failedAttempts}, ${c.singleSignOn}, ${c.challenges.column('updatedAt')}, ${c.challenges.column('createdAt')})
     VALUES (${hash}, ${userId}, now() + make_interval(mins => ${options.twoFactor.challengeMinutes}), 0, ${singleSignOn ? JSON.stringify(singleSignOn) : null}::jsonb, now(), now()) RETURNING ${c.expiresAt} AS expires_at`,
  )
  return { expiresAt: new Date(row!.expires_at), token }
}

/** The live challenge the request's cookie belongs to, or null (no cookie, unknown, expired or used). */
export const findChallenge = async (req: PayloadRequest): Promise<null | OpenChallenge> => {
  const token = readTwoFactorCookie(req, 'challenge')
  if (!token) {
    return null
  }
  const c = columns(req)
  const [row] = await c.challenges.execute<{
    expires_at: string
    failed: number | string
    id: number | string
    single_sign_on: null | SingleSignOnContext
    user_id: number | string
  }>(
    sql`SELECT ${c.id} AS id, ${c.user} AS user_id, ${c.expiresAt} AS expires_at, ${c.failedAttempts} AS failed, ${c.singleSignOn} AS single_sign_on
     FROM ${c.challenges.table} WHERE ${c.tokenHash} = ${hashToken(token)} AND ${c.expiresAt} > now()`,
  )
  return row
    ? {
        expiresAt: new Date(row.expires_at),
        failedAttempts: Number(row.failed ?? 0),
        id: row.id,
        singleSignOn: row.single_sign_on ?? null,
        userId: row.user_id,
      }
    : null
}

/**
 * Counts one code attempt on a challenge before the code is checked, in one statement that only
 * matches below the cap: of any number of parallel guesses, at most `maxAttemptsPerChallenge` get to
 * be checked. Returns false when the challenge is spent (or gone).
 */
export const claimChallengeAttempt = async (
  req: PayloadRequest,
  options: SanitizedBackofficeOptions,
  challengeId: number | string,
): Promise<boolean> => {
  const c = columns(req)
  const rows = await c.challenges.execute(
    sql`UPDATE ${c.challenges.table} SET ${c.failedAttempts} = COALESCE(${c.failedAttempts}, 0) + 1
     WHERE ${c.id} = ${challengeId} AND COALESCE(${c.failedAttempts}, 0) < ${options.twoFactor.maxAttemptsPerChallenge} AND ${c.expiresAt} > now() RETURNING ${c.id}`,
  )
  return rows.length === 1
}

/** Gives back an attempt that was never checked (the account turned out locked). */
export const releaseChallengeAttempt = async (
  req: PayloadRequest,
  challengeId: number | string,
): Promise<void> => {
  const c = columns(req)
  await c.challenges.execute(
    sql`UPDATE ${c.challenges.table} SET ${c.failedAttempts} = ${c.failedAttempts} - 1 WHERE ${c.id} = ${challengeId} AND ${c.failedAttempts} > 0`,
  )
}

/**
 * Uses a challenge up: deletes it, and reports whether this call did. Two requests racing with
 * valid codes cannot both mint a session from one challenge.
 */
export const consumeChallenge = async (
  req: PayloadRequest,
  challengeId: number | string,
): Promise<boolean> => {
  const c = columns(req)
  const rows = await c.challenges.execute(
    sql`DELETE FROM ${c.challenges.table} WHERE ${c.id} = ${challengeId} RETURNING ${c.id}`,
  )
  return rows.length === 1
}
