import type { Payload } from 'payload'

import { sql } from '@payloadcms/db-postgres'
import { randomBytes } from 'node:crypto'

import type { SanitizedBackofficeOptions } from '../../../shared/options/types.js'

import { sqlFor } from '../../../shared/db/sql.js'
import { passkeyChallengesSlug } from './collections.js'

/**
 * What a challenge was issued for: registering a passkey, a second factor, a password-less sign-in,
 * or confirming a signed-in session again ("Confirm it's you").
 */
export type PasskeyPurpose = 'registration' | 'secondFactor' | 'signIn' | 'sudo'

const table = (payload: Payload) => {
  const challenges = sqlFor(payload, passkeyChallengesSlug)
  return {
    challenge: challenges.column('challenge'),
    challenges,
    createdAt: challenges.column('createdAt'),
    expiresAt: challenges.column('expiresAt'),
    purpose: challenges.column('purpose'),
    updatedAt: challenges.column('updatedAt'),
    user: challenges.column('user'),
  }
}

/**
 * A new challenge for one ceremony: 32 random bytes (WebAuthn §13.4.3 asks for at least 16), stored
 * with its purpose, its account and an expiry of `timeoutSeconds` on the database's clock. Expired
 * challenges of everyone are cleared on the way.
 */
export const issueChallenge = async (
  payload: Payload,
  options: SanitizedBackofficeOptions,
  { purpose, userId }: { purpose: PasskeyPurpose; userId: null | number | string },
): Promise<string> => {
  const t = table(payload)
  await t.challenges.execute(sql`DELETE FROM ${t.challenges.table} WHERE ${t.expiresAt} <= now()`)
  const challenge = randomBytes(32).toString('base64url')
  await t.challenges.execute(
    sql`INSERT INTO ${t.challenges.table} (${t.challenge}, ${t.purpose}, ${t.user}, ${t.expiresAt}, ${t.createdAt}, ${t.updatedAt})
     VALUES (${challenge}, ${purpose}, ${userId}, now() + make_interval(secs => ${options.passkeys.timeoutSeconds}), now(), now())`,
  )
  return challenge
}

/**
 * Takes a challenge a response names: deleted in one statement when it is live, was issued for this
 * purpose and this account (or no account, for a password-less sign-in). True exactly once per
 * challenge, so a replayed response, or two racing, verify at most once.
 */
export const takeChallenge = async (
  payload: Payload,
  {
    challenge,
    purpose,
    userId,
  }: { challenge: string; purpose: PasskeyPurpose; userId: null | number | string },
): Promise<boolean> => {
  const t = table(payload)
  const rows = await t.challenges.execute(
    userId === null
      ? sql`DELETE FROM ${t.challenges.table} WHERE ${t.challenge} = ${challenge} AND ${t.purpose} = ${purpose} AND ${t.user} IS NULL AND ${t.expiresAt} > now() RETURNING ${t.challenge}`
      : sql`DELETE FROM ${t.challenges.table} WHERE ${t.challenge} = ${challenge} AND ${t.purpose} = ${purpose} AND ${t.user} = ${userId} AND ${t.expiresAt} > now() RETURNING ${t.challenge}`,
  )
  return rows.length === 1
}
