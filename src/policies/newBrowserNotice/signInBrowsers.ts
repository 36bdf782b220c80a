import type { Payload, PayloadRequest } from 'payload'

import { sql } from '@payloadcms/db-postgres'

import { sqlFor } from '../../shared/db/sql.js'
import { DAY_MS } from '../../shared/lib/durations.js'
import { newBrowserNoticeLimits } from './constants.js'
import { signInBrowsersSlug } from './constants.js'

const columnsOf = (payload: Payload) => {
  const browsers = sqlFor(payload, signInBrowsersSlug)
  return {
    account: browsers.column('account'),
    browsers,
    createdAt: browsers.column('createdAt'),
    key: browsers.column('key'),
    lastSignInAt: browsers.column('lastSignInAt'),
    reportExpiresAt: browsers.column('reportExpiresAt'),
    reportTokenHash: browsers.column('reportTokenHash'),
    updatedAt: browsers.column('updatedAt'),
  }
}

/**
 * How a completed sign-in's browser stands with its account: `first` when the account had no
 * browser at all (its first sign-in), `new` when it had others, `known` when this one signed in
 * before. One statement, so two processes finishing sign-ins from the same new browser at once
 * insert it once and only one of them sees it as new. A new browser's row takes the hash of the
 * report link; the account's browsers unseen past their cookie's lifetime are forgotten on the way.
 */
export const recordSignInBrowser = async (
  payload: Payload,
  { account, key, reportTokenHash }: { account: string; key: string; reportTokenHash: string },
): Promise<'first' | 'known' | 'new'> => {
  const c = columnsOf(payload)
  // The account's browsers unseen past their cookie's lifetime are forgotten in the same statement
  // (this one's row aside, which the upsert below may touch): one round trip per sign-in. All parts
  // see the rows as they were before it, so a forgotten browser still counts as an earlier one.
  const [row] = await c.browsers.execute<{ earlier: number; inserted: boolean }>(
    sql`WITH forgotten AS (DELETE FROM ${c.browsers.table} WHERE ${c.account} = ${account} AND ${c.key} <> ${key}
       AND ${c.lastSignInAt} < now() - make_interval(days => ${newBrowserNoticeLimits.forgetAfterDays})),
     earlier AS (SELECT count(*)::int AS n FROM ${c.browsers.table} WHERE ${c.account} = ${account})
     INSERT INTO ${c.browsers.table} (${c.key}, ${c.account}, ${c.lastSignInAt}, ${c.reportTokenHash}, ${c.reportExpiresAt}, ${c.createdAt}, ${c.updatedAt})
     SELECT ${key}, ${account}, now(),
       CASE WHEN earlier.n > 0 THEN ${reportTokenHash} END,
       CASE WHEN earlier.n > 0 THEN now() + make_interval(days => ${newBrowserNoticeLimits.reportLinkDays}) END,
       now(), now() FROM earlier
     ON CONFLICT (${c.key}) DO UPDATE SET ${c.lastSignInAt} = now(), ${c.updatedAt} = now()
     RETURNING (xmax = 0) AS inserted, (SELECT n FROM earlier) AS earlier`,
  )
  if (!row?.inserted) {
    return 'known'
  }
  return Number(row.earlier) > 0 ? 'new' : 'first'
}

/** The account whose report link has this hash, while the link can still be used; else null. */
export const findReportableBrowser = async (
  payload: Payload,
  reportTokenHash: string,
): Promise<{ account: string; noticedAt: Date } | null> => {
  const c = columnsOf(payload)
  const [row] = await c.browsers.execute<{ account: string; expires_at: string }>(
    sql`SELECT ${c.account} AS account, ${c.reportExpiresAt} AS expires_at FROM ${c.browsers.table}
     WHERE ${c.reportTokenHash} = ${reportTokenHash} AND ${c.reportExpiresAt} > now()`,
  )
  // The link was made with the sign-in it tells of, its lifetime before it expires.
  const noticedAt = (expiresAt: string) =>
    new Date(new Date(expiresAt).getTime() - newBrowserNoticeLimits.reportLinkDays * DAY_MS)
  return row ? { account: row.account, noticedAt: noticedAt(row.expires_at) } : null
}

/**
 * Spends a report link, in the request's transaction: its hash is cleared and the browser is
 * forgotten (its key changed), so its next sign-in is told again; the account keeps a row, so that
 * sign-in is not taken for a first one. Answers the account, or null when the link was already
 * spent (a replay, or the loser of two parallel clicks: the row lock makes the second wait and then
 * find nothing), expired or never existed.
 */
export const spendReportLink = async (
  req: PayloadRequest,
  reportTokenHash: string,
): Promise<null | string> => {
  const c = columnsOf(req.payload)
  const [row] = await c.browsers.execute<{ account: string }>(
    sql`UPDATE ${c.browsers.table}
     SET ${c.reportTokenHash} = NULL, ${c.reportExpiresAt} = NULL, ${c.key} = 'reported:' || gen_random_uuid(), ${c.updatedAt} = now()
     WHERE ${c.reportTokenHash} = ${reportTokenHash} AND ${c.reportExpiresAt} > now()
     RETURNING ${c.account} AS account`,
    req,
  )
  return row?.account ?? null
}
