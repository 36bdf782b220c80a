import type { Payload, PayloadRequest } from 'payload'

import { sql } from '@payloadcms/db-postgres'

import { sqlFor } from '../../../shared/db/sql.js'
import { passkeysSlug } from './collections.js'

/** A passkey as its owner and administrators see it: never its key or user handle. */
export type PasskeySummary = {
  backedUp: boolean
  browser: null | string
  createdAt: string
  deviceType: null | string
  id: number | string
  lastUsedAt: null | string
  name: string
  os: null | string
}

/** What verifying an assertion needs. */
export type StoredPasskey = {
  counter: number
  credentialId: string
  id: number | string
  name: string
  publicKey: string
  transports: null | string[]
  userHandle: string
  userId: number | string
}

const table = (payload: Payload) => {
  const passkeys = sqlFor(payload, passkeysSlug)
  const column = passkeys.column
  return {
    backedUp: column('backedUp'),
    browser: column('browser'),
    counter: column('counter'),
    createdAt: column('createdAt'),
    credentialId: column('credentialId'),
    deviceType: column('deviceType'),
    id: column('id'),
    lastUsedAt: column('lastUsedAt'),
    name: column('name'),
    os: column('os'),
    passkeys,
    publicKey: column('publicKey'),
    transports: column('transports'),
    updatedAt: column('updatedAt'),
    user: column('user'),
    userHandle: column('userHandle'),
  }
}

type SummaryRow = {
  backed_up: boolean | null
  browser: null | string
  created_at: string
  device_type: null | string
  id: number | string
  last_used_at: null | string
  name: string
  os: null | string
}

const summaryColumns = (t: ReturnType<typeof table>) =>
  sql`${t.id} AS id, ${t.name} AS name, ${t.browser} AS browser, ${t.os} AS os, ${t.deviceType} AS device_type, ${t.backedUp} AS backed_up, ${t.createdAt} AS created_at, ${t.lastUsedAt} AS last_used_at`

// Timestamps arrive as PostgreSQL's text (see `sqlFor`).
const summary = (row: SummaryRow): PasskeySummary => ({
  backedUp: row.backed_up === true,
  browser: row.browser,
  createdAt: new Date(row.created_at).toISOString(),
  deviceType: row.device_type,
  id: row.id,
  lastUsedAt: row.last_used_at ? new Date(row.last_used_at).toISOString() : null,
  name: row.name,
  os: row.os,
})

/** The account's passkeys, most recently used first. */
export const listPasskeys = async (
  payload: Payload,
  userId: number | string,
): Promise<PasskeySummary[]> => {
  const t = table(payload)
  const rows = await t.passkeys.execute<SummaryRow>(
    sql`SELECT ${summaryColumns(t)} FROM ${t.passkeys.table} WHERE ${t.user} = ${userId}
     ORDER BY ${t.lastUsedAt} DESC NULLS LAST, ${t.createdAt} DESC, ${t.id}`,
  )
  return rows.map(summary)
}

/** Whether the account has at least one passkey, as committed (outside any transaction). */
export const hasPasskey = async (payload: Payload, userId: number | string): Promise<boolean> => {
  const t = table(payload)
  const rows = await t.passkeys.execute(
    sql`SELECT 1 FROM ${t.passkeys.table} WHERE ${t.user} = ${userId} LIMIT 1`,
  )
  return rows.length > 0
}

type StoredRow = {
  counter: number | string
  credential_id: string
  id: number | string
  name: string
  public_key: string
  transports: null | string[]
  user_handle: string
  user_id: number | string
}

const storedColumns = (t: ReturnType<typeof table>) =>
  sql`${t.id} AS id, ${t.user} AS user_id, ${t.name} AS name, ${t.credentialId} AS credential_id, ${t.publicKey} AS public_key, ${t.userHandle} AS user_handle, ${t.counter} AS counter, ${t.transports} AS transports`

const stored = (row: StoredRow): StoredPasskey => ({
  // PostgreSQL numerics arrive as strings.
  counter: Number(row.counter),
  credentialId: row.credential_id,
  id: row.id,
  name: row.name,
  publicKey: row.public_key,
  transports: Array.isArray(row.transports) ? row.transports : null,
  userHandle: row.user_handle,
  userId: row.user_id,
})

/** The passkey with this credential id, whoever's it is, or null. */
export const findPasskey = async (
  payload: Payload,
  credentialId: string,
): Promise<null | StoredPasskey> => {
  const t = table(payload)
  const [row] = await t.passkeys.execute<StoredRow>(
    sql`SELECT ${storedColumns(t)} FROM ${t.passkeys.table} WHERE ${t.credentialId} = ${credentialId}`,
  )
  return row ? stored(row) : null
}

/** The account's credentials, for `allowCredentials` and `excludeCredentials`. */
export const credentialsOf = async (
  payload: Payload,
  userId: number | string,
): Promise<StoredPasskey[]> => {
  const t = table(payload)
  const rows = await t.passkeys.execute<StoredRow>(
    sql`SELECT ${storedColumns(t)} FROM ${t.passkeys.table} WHERE ${t.user} = ${userId} ORDER BY ${t.id}`,
  )
  return rows.map(stored)
}

/**
 * Stores a verified new passkey. Returns null when its credential id is already stored (the same
 * authenticator registered twice, or raced): the unique index decides, not a read before the write.
 */
export const insertPasskey = async (
  req: PayloadRequest,
  passkey: Omit<StoredPasskey, 'id'> & {
    backedUp: boolean
    browser: null | string
    deviceType: string
    os: null | string
  },
): Promise<null | PasskeySummary> => {
  const t = table(req.payload)
  const rows = await t.passkeys.execute<SummaryRow>(
    sql`INSERT INTO ${t.passkeys.table} (${t.user}, ${t.name}, ${t.credentialId}, ${t.publicKey}, ${t.userHandle}, ${t.counter}, ${t.transports}, ${t.deviceType}, ${t.backedUp}, ${t.browser}, ${t.os}, ${t.createdAt}, ${t.updatedAt})
     VALUES (${passkey.userId}, ${passkey.name}, ${passkey.credentialId}, ${passkey.publicKey}, ${passkey.userHandle}, ${passkey.counter}, ${JSON.stringify(passkey.transports ?? [])}::jsonb, ${passkey.deviceType}, ${passkey.backedUp}, ${passkey.browser}, ${passkey.os}, now(), now())
     ON CONFLICT (${t.credentialId}) DO NOTHING RETURNING ${summaryColumns(t)}`,
    req,
  )
  return rows[0] ? summary(rows[0]) : null
}

/**
 * Records a verified assertion's signature counter and the time of use, in one statement that only
 * succeeds when the counter moved forward (or both are 0: authenticators that keep no counter, such
 * as synced passkeys, WebAuthn §6.1.1). Of two assertions replayed or raced with the same counter,
 * one wins; a counter that went backwards (a cloned authenticator) is refused.
 */
export const claimSignCount = async (
  payload: Payload,
  passkeyId: number | string,
  newCounter: number,
): Promise<boolean> => {
  const t = table(payload)
  const rows = await t.passkeys.execute(
    sql`UPDATE ${t.passkeys.table} SET ${t.counter} = ${newCounter}, ${t.lastUsedAt} = now()
     WHERE ${t.id} = ${passkeyId} AND (${t.counter} < ${newCounter} OR (${t.counter} = 0 AND ${newCounter} = 0))
     RETURNING ${t.id}`,
  )
  return rows.length === 1
}

/**
 * Renames one of the owner's passkeys and answers its former name; null when it is not theirs (or
 * gone).
 */
export const renamePasskey = async (
  payload: Payload,
  {
    name,
    ownerId,
    passkeyId,
  }: { name: string; ownerId: number | string; passkeyId: number | string },
): Promise<null | string> => {
  const t = table(payload)
  // The CTE shares the statement's snapshot, so it reads the name from before the update.
  const [row] = await t.passkeys.execute<{ previous_name: string }>(
    sql`WITH previous AS (SELECT ${t.name} AS previous_name FROM ${t.passkeys.table}
       WHERE ${t.id} = ${passkeyId} AND ${t.user} = ${ownerId})
     UPDATE ${t.passkeys.table} SET ${t.name} = ${name}, ${t.updatedAt} = now()
     WHERE ${t.id} = ${passkeyId} AND ${t.user} = ${ownerId}
     RETURNING (SELECT previous_name FROM previous) AS previous_name`,
  )
  return row ? row.previous_name : null
}

/**
 * Removes a passkey: the owner's own, or anyone's when `ownerId` is null (an administrator). Returns
 * whose it was and its name, or null when there was no such passkey to remove.
 */
export const removePasskey = async (
  req: PayloadRequest,
  { ownerId, passkeyId }: { ownerId: null | number | string; passkeyId: number | string },
): Promise<{ name: string; userId: number | string } | null> => {
  const t = table(req.payload)
  const [row] = await t.passkeys.execute<{ name: string; user_id: number | string }>(
    ownerId === null
      ? sql`DELETE FROM ${t.passkeys.table} WHERE ${t.id} = ${passkeyId} RETURNING ${t.user} AS user_id, ${t.name} AS name`
      : sql`DELETE FROM ${t.passkeys.table} WHERE ${t.id} = ${passkeyId} AND ${t.user} = ${ownerId} RETURNING ${t.user} AS user_id, ${t.name} AS name`,
    req,
  )
  return row ? { name: row.name, userId: row.user_id } : null
}

/** Removes every passkey of an account (an approved 2FA reset); returns how many there were. */
export const removeAllPasskeys = async (
  req: PayloadRequest,
  userId: number | string,
): Promise<number> => {
  const t = table(req.payload)
  const rows = await t.passkeys.execute(
    sql`DELETE FROM ${t.passkeys.table} WHERE ${t.user} = ${userId} RETURNING ${t.id}`,
    req,
  )
  return rows.length
}
