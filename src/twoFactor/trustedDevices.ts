import type { Payload, PayloadRequest } from 'payload'

import { randomBytes } from 'node:crypto'

import type { SanitizedBackofficeOptions } from '../options/types.js'
import type { TrustedDevice } from './fields.js'

import { createToken, tokenMatches } from '../lib/tokens.js'
import { sqlFor, sqlForTable } from '../lockout/sql.js'

/** A trusted device as its owner sees it: never its token hash. */
export type TrustedDeviceSummary = {
  browser: null | string
  expirationDate: string
  id: string
  lastUsedAt: null | string
  os: null | string
}

/**
 * The rows of `totpConfig.trustedDevices` are written with single SQL statements on the array's own
 * table, not through Payload: Payload rewrites a whole array from what it read earlier, so a rotation
 * racing with another write could be undone, and a token that should be dead would work again.
 */
const table = (payload: Payload, options: SanitizedBackofficeOptions) => {
  const users = sqlFor(payload, options.usersCollection)
  const sql = sqlForTable(payload, `${users.tableName}_totp_config_trusted_devices`, `${options.usersCollection}.totpConfig.trustedDevices`)
  return {
    browser: sql.column('browser'),
    expirationDate: sql.column('expirationDate'),
    id: sql.column('id'),
    lastUsedAt: sql.column('lastUsedAt'),
    order: sql.column('_order'),
    os: sql.column('os'),
    parent: sql.column('_parentID'),
    sql,
    tokenHash: sql.column('tokenHash'),
  }
}

type Row = { browser: null | string; expiration_date: Date; id: string; last_used_at: Date | null; os: null | string }

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
  options: SanitizedBackofficeOptions,
  userId: number | string,
): Promise<TrustedDeviceSummary[]> => {
  const t = table(payload, options)
  await t.sql.query(`DELETE FROM ${t.sql.table} WHERE ${t.parent} = $1 AND ${t.expirationDate} <= now()`, [userId])
  const rows = await t.sql.query<Row>(
    `SELECT ${t.id} AS id, ${t.browser} AS browser, ${t.os} AS os, ${t.lastUsedAt} AS last_used_at, ${t.expirationDate} AS expiration_date
     FROM ${t.sql.table} WHERE ${t.parent} = $1 ORDER BY ${t.lastUsedAt} DESC NULLS LAST, ${t.order}`,
    [userId],
  )
  return rows.map(summary)
}

/** Trusts the device a sign-in came from: a new random token for its cookie, only the hash stored. */
export const trustDevice = async (
  payload: Payload,
  options: SanitizedBackofficeOptions,
  userId: number | string,
  device: { browser: null | string; os: null | string },
): Promise<{ device: TrustedDeviceSummary; token: string }> => {
  const t = table(payload, options)
  const { hash, token } = createToken()
  const [row] = await t.sql.query<Row>(
    `INSERT INTO ${t.sql.table} (${t.order}, ${t.parent}, ${t.id}, ${t.browser}, ${t.os}, ${t.lastUsedAt}, ${t.expirationDate}, ${t.tokenHash})
     SELECT COALESCE(MAX(${t.order}), 0) + 1, $1, $2, $3, $4, now(), now() + make_interval(days => $5), $6
     FROM ${t.sql.table} WHERE ${t.parent} = $1
     RETURNING ${t.id} AS id, ${t.browser} AS browser, ${t.os} AS os, ${t.lastUsedAt} AS last_used_at, ${t.expirationDate} AS expiration_date`,
    // Array rows carry a 24-hex id, as Payload gives them.
    [userId, randomBytes(12).toString('hex'), device.browser, device.os, options.twoFactor.trustedDeviceDays, hash],
  )
  return { device: summary(row!), token }
}

/**
 * The trusted device a presented token belongs to, among an account's devices as loaded with it, when
 * it has not expired. Every stored hash is compared in constant time.
 */
export const matchTrustedDevice = (
  devices: null | TrustedDevice[] | undefined,
  token: string,
  now: Date,
): null | { id: string; tokenHash: string } => {
  let match: null | { id: string; tokenHash: string } = null
  for (const device of devices ?? []) {
    if (tokenMatches(token, device.tokenHash) && new Date(device.expirationDate) > now && device.id && !match) {
      match = { id: device.id, tokenHash: device.tokenHash }
    }
  }
  return match
}

/**
 * Rotates a device's token on use: the new hash replaces the old one only if the old one is still
 * there and the device has not expired, in one statement. Returns the new token and the unchanged expiry, or null when the
 * device was removed, expired, or already rotated by a parallel sign-in (one use per token).
 */
export const rotateTrustedDevice = async (
  payload: Payload,
  options: SanitizedBackofficeOptions,
  userId: number | string,
  { id, tokenHash }: { id: string; tokenHash: string },
): Promise<null | { expiresAt: Date; token: string }> => {
  const t = table(payload, options)
  const next = createToken()
  const [row] = await t.sql.query<{ expiration_date: Date }>(
    `UPDATE ${t.sql.table} SET ${t.tokenHash} = $4, ${t.lastUsedAt} = now()
     WHERE ${t.id} = $1 AND ${t.parent} = $2 AND ${t.tokenHash} = $3 AND ${t.expirationDate} > now()
     RETURNING ${t.expirationDate} AS expiration_date`,
    [id, userId, tokenHash, next.hash],
  )
  // The device stays trusted until the date it was first trusted for: rotation never extends it.
  return row ? { expiresAt: new Date(row.expiration_date), token: next.token } : null
}

/**
 * Stops trusting a device: one of `ownerId`'s, or anyone's when `ownerId` is null (administrators).
 * Returns the account it belonged to, or null when there was no such device.
 */
export const removeTrustedDevice = async (
  payload: Payload,
  options: SanitizedBackofficeOptions,
  { deviceId, ownerId }: { deviceId: string; ownerId: null | number | string },
): Promise<null | number | string> => {
  const t = table(payload, options)
  const [row] = await t.sql.query<{ owner: number | string }>(
    `DELETE FROM ${t.sql.table} WHERE ${t.id} = $1 AND ($2::text IS NULL OR ${t.parent}::text = $2::text) RETURNING ${t.parent} AS owner`,
    [deviceId, ownerId === null ? null : String(ownerId)],
  )
  return row ? row.owner : null
}

/** Stops trusting every device of an account (a 2FA reset, a password reset). */
export const removeAllTrustedDevices = async (
  payload: Payload,
  options: SanitizedBackofficeOptions,
  userId: number | string,
): Promise<number> => {
  const t = table(payload, options)
  return (await t.sql.query(`DELETE FROM ${t.sql.table} WHERE ${t.parent} = $1 RETURNING ${t.id}`, [userId])).length
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
  return account ? removeAllTrustedDevices(req.payload, options, account.id) : 0
}
