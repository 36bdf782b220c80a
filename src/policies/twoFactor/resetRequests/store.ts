import type { Payload, PayloadRequest } from 'payload'

import { sql } from '@payloadcms/db-postgres'

import type { ResetRequestStatus } from './transitions.js'

import { sqlFor } from '../../../shared/db/sql.js'
import { resetRequestsSlug } from './constants.js'

export type StoredResetRequest = {
  /** Read where it is needed (a misuse report: what was added since is held for review). */
  createdAt?: Date
  expiresAt: Date
  id: number | string
  requester: number | string
  status: ResetRequestStatus
}

const columns = (payload: Payload) => {
  const requests = sqlFor(payload, resetRequestsSlug)
  return {
    approver: requests.column('approver'),
    approverComment: requests.column('approverComment'),
    expiresAt: requests.column('expiresAt'),
    id: requests.column('id'),
    misuseReportTokenHash: requests.column('misuseReportTokenHash'),
    pendingKey: requests.column('pendingKey'),
    processedAt: requests.column('processedAt'),
    requester: requests.column('requester'),
    requests,
    status: requests.column('status'),
    updatedAt: requests.column('updatedAt'),
  }
}

/** Timestamps arrive as PostgreSQL's text (see `sqlFor`). */
type Row = {
  created_at?: string
  expires_at: string
  id: number | string
  requester: number | string
  status: ResetRequestStatus
}
const toRequest = (row: Row): StoredResetRequest => ({
  ...(row.created_at ? { createdAt: new Date(row.created_at) } : {}),
  expiresAt: new Date(row.expires_at),
  id: row.id,
  requester: row.requester,
  status: row.status,
})

/** One reset request as stored now, or null. */
export const readResetRequest = async (
  payload: Payload,
  id: number | string,
): Promise<null | StoredResetRequest> => {
  const c = columns(payload)
  const [row] = await c.requests.execute<Row>(
    sql`SELECT ${c.id} AS id, ${c.requester} AS requester, ${c.status} AS status, ${c.expiresAt} AS expires_at
     FROM ${c.requests.table} WHERE ${c.id} = ${id}`,
  )
  return row ? toRequest(row) : null
}

/** The account's pending request that is still open at `now`, if any. */
export const findOpenRequestOf = async (
  payload: Payload,
  userId: number | string,
  now: Date,
): Promise<null | StoredResetRequest> => {
  const c = columns(payload)
  const [row] = await c.requests.execute<Row>(
    sql`SELECT ${c.id} AS id, ${c.requester} AS requester, ${c.status} AS status, ${c.expiresAt} AS expires_at
     FROM ${c.requests.table} WHERE ${c.requester} = ${userId} AND ${c.status} = 'pending' AND ${c.expiresAt} > ${now}`,
  )
  return row ? toRequest(row) : null
}

/**
 * Marks the account's pending requests past their expiry as expired, so an old request the expiry
 * task has not reached yet does not block a new one. Returns the ids it expired.
 */
export const expireStaleRequestsOf = async (
  payload: Payload,
  userId: number | string,
  now: Date,
): Promise<(number | string)[]> => {
  const c = columns(payload)
  const rows = await c.requests.execute<{ id: number | string }>(
    sql`UPDATE ${c.requests.table} SET ${c.status} = 'expired', ${c.pendingKey} = NULL, ${c.updatedAt} = now()
     WHERE ${c.requester} = ${userId} AND ${c.status} = 'pending' AND ${c.expiresAt} <= ${now} RETURNING ${c.id} AS id`,
  )
  return rows.map((row) => row.id)
}

/**
 * Answers a pending request: one statement, conditioned on the request still being pending and open,
 * so of two reviewers answering at once exactly one decides; the other gets null and the refusal of
 * the request as it now stands. Runs in the request's transaction when it has one open.
 */
export const answerResetRequest = async (
  req: PayloadRequest,
  {
    approverComment,
    id,
    now,
    approver,
    status,
  }: {
    approverComment: null | string
    id: number | string
    now: Date
    /** Null when nobody signed in decided (the break-glass reset, run with server access). */
    approver: null | number | string
    status: 'approved' | 'denied'
  },
): Promise<null | StoredResetRequest> => {
  const c = columns(req.payload)
  const [row] = await c.requests.execute<Row>(
    sql`UPDATE ${c.requests.table}
     SET ${c.status} = ${status}, ${c.approver} = ${approver}, ${c.approverComment} = ${approverComment}, ${c.processedAt} = ${now}, ${c.pendingKey} = NULL,
         ${c.updatedAt} = now()
     WHERE ${c.id} = ${id} AND ${c.status} = 'pending' AND ${c.expiresAt} > ${now}
     RETURNING ${c.id} AS id, ${c.requester} AS requester, ${c.status} AS status, ${c.expiresAt} AS expires_at`,
    req,
  )
  return row ? toRequest(row) : null
}

/**
 * Marks every pending request past its expiry at `now` as expired; returns the ones it marked. Runs
 * in the request's transaction when it has one open.
 */
export const expirePendingRequests = async (
  req: PayloadRequest,
  now: Date,
): Promise<{ id: number | string; requester: number | string }[]> => {
  const c = columns(req.payload)
  const rows = await c.requests.execute<{ id: number | string; requester: number | string }>(
    sql`UPDATE ${c.requests.table} SET ${c.status} = 'expired', ${c.pendingKey} = NULL, ${c.updatedAt} = now()
     WHERE ${c.status} = 'pending' AND ${c.expiresAt} <= ${now} RETURNING ${c.id} AS id, ${c.requester} AS requester`,
    req,
  )
  return rows.map((row) => ({ id: row.id, requester: row.requester }))
}

/** The request a "this wasn't me" link's token belongs to (by its SHA-256), or null. */
export const findByMisuseTokenHash = async (
  payload: Payload,
  tokenHash: string,
): Promise<null | StoredResetRequest> => {
  const c = columns(payload)
  const [row] = await c.requests.execute<Row>(
    sql`SELECT ${c.id} AS id, ${c.requester} AS requester, ${c.status} AS status, ${c.expiresAt} AS expires_at,
       ${c.requests.column('createdAt')} AS created_at
     FROM ${c.requests.table} WHERE ${c.misuseReportTokenHash} = ${tokenHash}`,
  )
  return row ? toRequest(row) : null
}

/**
 * Marks a request reportedMisuse and spends its link, conditioned on the status it was checked in:
 * a link followed twice at once reports once. Returns false when something else changed it first.
 * Runs in the request's transaction when it has one open.
 */
export const markMisuseReported = async (
  req: PayloadRequest,
  { from, id }: { from: ResetRequestStatus; id: number | string },
): Promise<boolean> => {
  const c = columns(req.payload)
  const rows = await c.requests.execute(
    sql`UPDATE ${c.requests.table} SET ${c.status} = 'reportedMisuse', ${c.pendingKey} = NULL, ${c.misuseReportTokenHash} = NULL,
       ${c.updatedAt} = now()
     WHERE ${c.id} = ${id} AND ${c.status} = ${from} RETURNING ${c.id}`,
    req,
  )
  return rows.length === 1
}
