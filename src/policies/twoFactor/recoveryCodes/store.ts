import type { Payload, PayloadRequest } from 'payload'

import { sql } from '@payloadcms/db-postgres'

import type { SanitizedBackofficeOptions } from '../../../shared/options/types.js'

import { lockAccountRow } from '../../../shared/accounts/lockAccountRow.js'
import { inTransaction } from '../../../shared/db/inTransaction.js'
import { sqlFor } from '../../../shared/db/sql.js'
import { matchesRecoveryCode } from '../lib/recoveryCodes.js'
import { passkeysSlug } from '../passkeys/collections.js'
import { recoveryCodesSlug } from './collection.js'

/** Recovery codes are read and written with single SQL statements on their own table (see collection.ts). */
const table = (payload: Payload) => {
  const codes = sqlFor(payload, recoveryCodesSlug)
  return {
    codeHash: codes.column('codeHash'),
    codes,
    createdAt: codes.column('createdAt'),
    id: codes.column('id'),
    updatedAt: codes.column('updatedAt'),
    usedAt: codes.column('usedAt'),
    user: codes.column('user'),
  }
}

/**
 * Whether the account has a second factor on: the authenticator app, or a passkey. Recovery codes
 * stand in for either (GitHub issues them with every method), so they exist only while one does:
 * without a second factor there is nothing to recover.
 */
const secondFactorOn = async (
  payload: Payload,
  options: SanitizedBackofficeOptions,
  userId: number | string,
  req?: PayloadRequest,
): Promise<boolean> => {
  const users = sqlFor(payload, options.usersCollection)
  const passkeys = sqlFor(payload, passkeysSlug)
  const [row] = await users.execute<{ factor_on: boolean }>(
    sql`SELECT (${users.column('totpConfig_status')} = 'enabled' OR EXISTS (
       SELECT 1 FROM ${passkeys.table} WHERE ${passkeys.column('user')} = ${userId})) AS factor_on
     FROM ${users.table} WHERE ${users.column('id')} = ${userId}`,
    req,
  )
  return row?.factor_on === true
}

export type RecoveryCodesStatus = {
  /** When the current set was generated; null when the account has none. */
  generatedAt: null | string
  remaining: number
  total: number
}

/** How many of the account's codes are unused, out of how many, since when: never the codes. */
export const recoveryCodesStatus = async (
  payload: Payload,
  userId: number | string,
): Promise<RecoveryCodesStatus> => {
  const t = table(payload)
  const [row] = await t.codes.execute<{
    generated_at: null | string
    remaining: number | string
    total: number | string
  }>(
    sql`SELECT count(*) AS total, count(*) FILTER (WHERE ${t.usedAt} IS NULL) AS remaining, min(${t.createdAt}) AS generated_at
     FROM ${t.codes.table} WHERE ${t.user} = ${userId}`,
  )
  return {
    generatedAt: row?.generated_at ? new Date(row.generated_at).toISOString() : null,
    remaining: Number(row?.remaining ?? 0),
    total: Number(row?.total ?? 0),
  }
}

/**
 * Replaces the account's codes with new ones (their hashes), in one transaction under the account's
 * row lock: two generations at once cannot leave both sets behind, and an approved 2FA reset (which
 * writes the same row) cannot slip between the check and the insert. Returns false, changing nothing,
 * when the account has no second factor on (neither the app nor a passkey).
 */
export const replaceRecoveryCodes = async (
  req: PayloadRequest,
  options: SanitizedBackofficeOptions,
  userId: number | string,
  hashes: string[],
): Promise<boolean> =>
  inTransaction(req, async () => {
    await lockAccountRow(req, options.usersCollection, userId)
    if (!(await secondFactorOn(req.payload, options, userId, req))) {
      return false
    }
    await deleteRecoveryCodes(req, userId)
    const t = table(req.payload)
    for (const hash of hashes) {
      await t.codes.execute(
        sql`INSERT INTO ${t.codes.table} (${t.user}, ${t.codeHash}, ${t.usedAt}, ${t.updatedAt}, ${t.createdAt})
         VALUES (${userId}, ${hash}, NULL, now(), now())`,
        req,
      )
    }
    return true
  })

/** Deletes every code of an account (new ones, an approved 2FA reset), in the request's transaction. */
export const deleteRecoveryCodes = async (
  req: PayloadRequest,
  userId: number | string,
): Promise<number> => {
  const t = table(req.payload)
  return (
    await t.codes.execute(
      sql`DELETE FROM ${t.codes.table} WHERE ${t.user} = ${userId} RETURNING ${t.id}`,
      req,
    )
  ).length
}

/**
 * The account's unused code this canonical code is, or null. Every unused code is hashed with its own
 * salt, so each is checked (all at once, on libuv's threads); a wrong code costs the same whichever
 * it was compared with. The account must have a second factor on (the app or a passkey): one reset
 * has no codes.
 */
export const findRecoveryCode = async (
  payload: Payload,
  options: SanitizedBackofficeOptions,
  userId: number | string,
  code: string,
): Promise<null | { id: number | string }> => {
  if (!(await secondFactorOn(payload, options, userId))) {
    return null
  }
  const t = table(payload)
  const rows = await t.codes.execute<{ hash: string; id: number | string }>(
    sql`SELECT ${t.id} AS id, ${t.codeHash} AS hash FROM ${t.codes.table} WHERE ${t.user} = ${userId} AND ${t.usedAt} IS NULL`,
  )
  const matches = await Promise.all(rows.map((row) => matchesRecoveryCode(code, row.hash)))
  const index = matches.indexOf(true)
  return index === -1 ? null : { id: rows[index]!.id }
}

/**
 * Uses a code up: one compare-and-set that only matches while it is unused, so of any number of
 * requests racing with one code exactly one gets true, and only that one may mint a session.
 */
export const claimRecoveryCode = async (
  payload: Payload,
  codeId: number | string,
): Promise<boolean> => {
  const t = table(payload)
  const rows = await t.codes.execute(
    sql`UPDATE ${t.codes.table} SET ${t.usedAt} = now(), ${t.updatedAt} = now()
     WHERE ${t.id} = ${codeId} AND ${t.usedAt} IS NULL RETURNING ${t.id}`,
  )
  return rows.length === 1
}

/**
 * Gives a claimed code back when no session came of it (the challenge went to a parallel sign-in, or
 * the account was locked meanwhile): the person still holds it and may need it again.
 */
export const releaseRecoveryCode = async (
  payload: Payload,
  codeId: number | string,
): Promise<void> => {
  const t = table(payload)
  await t.codes.execute(
    sql`UPDATE ${t.codes.table} SET ${t.usedAt} = NULL, ${t.updatedAt} = now() WHERE ${t.id} = ${codeId}`,
  )
}
