import type { Payload, PayloadRequest } from 'payload'

import { sql } from '@payloadcms/db-postgres'

import type { SanitizedBackofficeOptions } from '../../../shared/options/types.js'

import { sqlFor } from '../../../shared/db/sql.js'
import { createToken, hashToken } from '../../../shared/lib/tokens.js'
import { trustedDevicesSlug } from './collection.js'

/** A trusted device as its owner sees it: never its token hash. */
export type TrustedDeviceSummary = {
  browser: null | string
  expirationDate: string
  id: number | string
  lastUsedAt: null | string
  os: null | string
}

/**
 * A trusted device a presented token belongs to: what rotating its token needs, and whether it was
 * trusted at a sign-in that ended with a passkey.
 */
export type TrustedDeviceMatch = { afterPasskey: boolean; id: number | string; tokenHash: string }

/**
 * Trusted devices are read and written with single SQL statements on their own table, so each use,
 * rotation and removal is atomic and runs on the database's clock.
 */
const table = (payload: Payload) => {
  const devices = sqlFor(payload, trustedDevicesSlug)
  return {
    afterPasskey: devices.column('afterPasskey'),
    browser: devices.column('browser'),
    createdAt: devices.column('createdAt'),
    devices,
    expirationDate: devices.column('expirationDate'),
    id: devices.column('id'),
    lastUsedAt: devices.column('lastUsedAt'),
    os: devices.column('os'),
    tokenHash: devices.column('tokenHash'),
    updatedAt: devices.column('updatedAt'),
    user: devices.column('user'),
  }
}

/** Timestamps arrive as PostgreSQL's text (see `sqlFor`). */
type Row = {
  browser: null | string
  expiration_date: string
  id: number | string
  last_used_at: null | string
  os: null | string
}

const returning = (t: ReturnType<typeof table>) =>
  sql`${t.id} AS id, ${t.browser} AS browser, ${t.os} AS os, ${t.lastUsedAt} AS last_used_at, ${t.expirationDate} AS expiration_date`

const summary = (row: Row): TrustedDeviceSummary => ({
  browser: row.browser,
  expirationDate: new Date(row.expiration_date).toISOString(),
  id: row.id,
  lastUsedAt: row.last_used_at ? new Date(row.last_used_at).toISOString() : null,
  os: row.os,
})

/** The account's devices that are still trusted, most recently used first; expired ones are deleted. */
export const listTrustedDevices = async (
  payload: Payload,
  userId: number | string,
): Promise<TrustedDeviceSummary[]> => {
  const t = table(payload)
  await t.devices.execute(
    sql`DELETE FROM ${t.devices.table} WHERE ${t.user} = ${userId} AND ${t.expirationDate} <= now()`,
  )
  const rows = await t.devices.execute<Row>(
    sql`SELECT ${returning(t)} FROM ${t.devices.table} WHERE ${t.user} = ${userId} ORDER BY ${t.lastUsedAt} DESC NULLS LAST, ${t.id}`,
  )
  return rows.map(summary)
}

/**
 * Trusts the device a sign-in came from: a new random token (256 bits) for its cookie, only the hash
 * stored, with whether the sign-in's second factor was a passkey.
 */
export const trustDevice = async (
  payload: Payload,
  options: SanitizedBackofficeOptions,
  userId: number | string,
  device: { afterPasskey: boolean; browser: null | string; os: null | string },
): Promise<{ device: TrustedDeviceSummary; token: string }> => {
  const t = table(payload)
  const { hash, token } = createToken()
  const [row] = await t.devices.execute<Row>(
    sql`INSERT INTO ${t.devices.table} (${t.user}, ${t.browser}, ${t.os}, ${t.afterPasskey}, ${t.lastUsedAt}, ${t.expirationDate}, ${t.tokenHash}, ${t.updatedAt}, ${t.createdAt})
     VALUES (${userId}, ${device.browser}, ${device.os}, ${device.afterPasskey}, now(), now() + make_interval(days => ${options.twoFactor.trustedDeviceDays}), ${hash}, now(), now()) RETURNING ${returning(t)}`,
  )
  return { device: summary(row!), token }
}

/**
 * The account's unexpired trusted device a presented token belongs to, as committed now. Looked up by
 * the token's hash: a random 256-bit token leaves nothing to learn from how long the lookup takes.
 */
export const findTrustedDevice = async (
  payload: Payload,
  userId: number | string,
  token: string,
): Promise<null | TrustedDeviceMatch> => {
  const t = table(payload)
  const [row] = await t.devices.execute<{
    after_passkey: boolean | null
    id: number | string
    token_hash: string
  }>(
    sql`SELECT ${t.id} AS id, ${t.tokenHash} AS token_hash, ${t.afterPasskey} AS after_passkey FROM ${t.devices.table}
     WHERE ${t.tokenHash} = ${hashToken(token)} AND ${t.user} = ${userId} AND ${t.expirationDate} > now()`,
  )
  // A device trusted before this was recorded counts as trusted after a code.
  return row
    ? { afterPasskey: row.after_passkey === true, id: row.id, tokenHash: row.token_hash }
    : null
}

/**
 * Rotates a device's token on use: the new hash replaces the old one only if the old one is still
 * there and the device has not expired, in one statement. Returns the new token and the unchanged
 * expiry, or null when the device was removed, expired, or already used by a parallel sign-in: each
 * token signs in once.
 */
export const rotateTrustedDevice = async (
  payload: Payload,
  userId: number | string,
  { id, tokenHash }: Pick<TrustedDeviceMatch, 'id' | 'tokenHash'>,
): Promise<null | { expiresAt: Date; token: string }> => {
  const t = table(payload)
  const next = createToken()
  const [row] = await t.devices.execute<{ expiration_date: string }>(
    sql`UPDATE ${t.devices.table} SET ${t.tokenHash} = ${next.hash}, ${t.lastUsedAt} = now(), ${t.updatedAt} = now()
     WHERE ${t.id} = ${id} AND ${t.user} = ${userId} AND ${t.tokenHash} = ${tokenHash} AND ${t.expirationDate} > now()
     RETURNING ${t.expirationDate} AS expiration_date`,
  )
  // The device stays trusted until the date it was first trusted for: rotation never extends it.
  return row ? { expiresAt: new Date(row.expiration_date), token: next.token } : null
}

/**
 * Undoes a rotation whose sign-in did not complete after all (the challenge used by a parallel
 * request, the account locked meanwhile): the token the browser still holds works again, provided
 * the rotated one is still in place.
 */
export const restoreTrustedDeviceToken = async (
  payload: Payload,
  { id, tokenHash }: Pick<TrustedDeviceMatch, 'id' | 'tokenHash'>,
  rotatedToken: string,
): Promise<void> => {
  const t = table(payload)
  await t.devices.execute(
    sql`UPDATE ${t.devices.table} SET ${t.tokenHash} = ${tokenHash}, ${t.updatedAt} = now()
     WHERE ${t.id} = ${id} AND ${t.tokenHash} = ${hashToken(rotatedToken)}`,
  )
}

/**
 * Stops trusting a device: one of `ownerId`'s, or anyone's when `ownerId` is null (administrators).
 * Returns the account it belonged to, or null when there was no such device.
 */
export const removeTrustedDevice = async (
  payload: Payload,
  { deviceId, ownerId }: { deviceId: number | string; ownerId: null | number | string },
): Promise<null | number | string> => {
  const t = table(payload)
  const owner = ownerId === null ? null : String(ownerId)
  const [row] = await t.devices.execute<{ owner: number | string }>(
    sql`DELETE FROM ${t.devices.table} WHERE ${t.id} = ${deviceId} AND (${owner}::text IS NULL OR ${t.user}::text = ${owner}::text) RETURNING ${t.user} AS owner`,
  )
  return row ? row.owner : null
}

/**
 * Stops trusting every device of an account (a password reset, an approved 2FA reset), inside the
 * request's transaction when it has one open.
 */
export const removeAllTrustedDevices = async (
  req: PayloadRequest,
  userId: number | string,
): Promise<number> => {
  const t = table(req.payload)
  return (
    await t.devices.execute(
      sql`DELETE FROM ${t.devices.table} WHERE ${t.user} = ${userId} RETURNING ${t.id}`,
      req,
    )
  ).length
}

/** The same for the account with this email, as the password-setting flows know it. */
export const forgetTrustedDevicesOf = async (
  req: PayloadRequest,
  options: SanitizedBackofficeOptions,
  email: string,
): Promise<number> => {
  const account = await req.payload.db.findOne<{ id: number | string }>({
    collection: options.usersCollection,
    req,
    where: { email: { equals: email } },
  })
  return account ? removeAllTrustedDevices(req, account.id) : 0
}
