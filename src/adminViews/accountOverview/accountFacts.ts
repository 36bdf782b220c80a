import type { Payload } from 'payload'

import { sql } from '@payloadcms/db-postgres'

import type { SanitizedBackofficeOptions } from '../../shared/options/types.js'

import { passkeysSlug } from '../../policies/twoFactor/passkeys/collections.js'
import { recoveryCodesSlug } from '../../policies/twoFactor/recoveryCodes/collection.js'
import { trustedDevicesSlug } from '../../policies/twoFactor/trustedDevices/collection.js'
import { sqlFor } from '../../shared/db/sql.js'

/** What an administrator triages an account by that is not on the account's own row. */
export type AccountFacts = {
  /** The latest successful sign-in in the audit log (password, passkey or single sign-on); null if none is kept. */
  lastSignInAt: null | string
  passkeys: number
  recoveryCodesLeft: number
  recoveryCodesTotal: number
  /** Devices still trusted (not expired). */
  trustedDevices: number
}

const noFacts: AccountFacts = {
  lastSignInAt: null,
  passkeys: 0,
  recoveryCodesLeft: 0,
  recoveryCodesTotal: 0,
  trustedDevices: 0,
}

type CountRow = { count: number | string; user_id: number | string }

/** `count(*)` per account of one of the per-account tables, for the accounts asked about. */
const countsPerUser = async (
  payload: Payload,
  slug: string,
  ids: (number | string)[],
  extra = sql`TRUE`,
): Promise<CountRow[]> => {
  const t = sqlFor(payload, slug)
  return t.execute<CountRow>(
    sql`SELECT ${t.column('user')} AS user_id, count(*) AS count FROM ${t.table}
     WHERE ${t.column('user')} IN ${ids} AND ${extra} GROUP BY ${t.column('user')}`,
  )
}

/**
 * The facts of every account in `ids`, keyed by `String(id)`, in four statements whatever the
 * number of accounts: a list page of 100 accounts costs what a page of one does (no query per row).
 * Each reads rows only the plugin writes, so nothing here depends on the user row Payload may write
 * back from a stale read. The last sign-in comes from the audit log, which keeps it as long as its
 * retention does; older sign-ins read as none.
 */
export const accountFactsOf = async (
  payload: Payload,
  options: SanitizedBackofficeOptions,
  ids: (number | string)[],
): Promise<Map<string, AccountFacts>> => {
  const facts = new Map(ids.map((id) => [String(id), { ...noFacts }]))
  if (ids.length === 0) {
    return facts
  }
  const audit = sqlFor(payload, options.audit.slug)
  const codes = sqlFor(payload, recoveryCodesSlug)
  const devices = sqlFor(payload, trustedDevicesSlug)
  const [signIns, passkeys, recoveryCodes, trusted] = await Promise.all([
    // The audit log names the account by its id as text (recordAuditEvent.ts).
    audit.execute<{ last_at: string; user_id: string }>(
      sql`SELECT ${audit.column('userId')} AS user_id, max(${audit.column('timestamp')}) AS last_at
       FROM ${audit.table}
       WHERE ${audit.column('event')} = 'login.succeeded' AND ${audit.column('userId')} IN ${ids.map(String)}
       GROUP BY ${audit.column('userId')}`,
    ),
    countsPerUser(payload, passkeysSlug, ids),
    codes.execute<{ remaining: number | string; total: number | string; user_id: number | string }>(
      sql`SELECT ${codes.column('user')} AS user_id, count(*) AS total,
         count(*) FILTER (WHERE ${codes.column('usedAt')} IS NULL) AS remaining
       FROM ${codes.table} WHERE ${codes.column('user')} IN ${ids} GROUP BY ${codes.column('user')}`,
    ),
    countsPerUser(
      payload,
      trustedDevicesSlug,
      ids,
      sql`${devices.column('expirationDate')} > now()`,
    ),
  ])
  const of = (id: number | string) => facts.get(String(id))
  for (const row of signIns) {
    const entry = of(row.user_id)
    if (entry) {
      entry.lastSignInAt = new Date(row.last_at).toISOString()
    }
  }
  for (const row of passkeys) {
    const entry = of(row.user_id)
    if (entry) {
      entry.passkeys = Number(row.count)
    }
  }
  for (const row of recoveryCodes) {
    const entry = of(row.user_id)
    if (entry) {
      entry.recoveryCodesLeft = Number(row.remaining)
      entry.recoveryCodesTotal = Number(row.total)
    }
  }
  for (const row of trusted) {
    const entry = of(row.user_id)
    if (entry) {
      entry.trustedDevices = Number(row.count)
    }
  }
  return facts
}
