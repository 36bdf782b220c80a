import type { PayloadRequest } from 'payload'

import { sql } from '@payloadcms/db-postgres'

import { sqlFor } from '../db/sql.js'

/** The rows each request has locked, and in which of its transactions. */
const lockedRows = new WeakMap<PayloadRequest, { ids: Set<string>; transaction: unknown }>()

/**
 * Takes the account's row lock (`SELECT … FOR UPDATE`) in the request's transaction, so writers of
 * one account, on any number of app processes, go one after the other. Once per transaction: the
 * lock holds until the transaction ends, so a second writer in it (a sign-in's session, written
 * through the write guard after the sign-in locked the row) does not ask again. Without a
 * transaction the lock ends with its statement, and it is taken every time.
 */
export const lockAccountRow = async (
  req: PayloadRequest,
  usersSlug: string,
  id: number | string,
): Promise<void> => {
  const transaction = req.transactionID
  const locked = lockedRows.get(req)
  if (transaction && locked?.transaction === transaction && locked.ids.has(String(id))) {
    return
  }
  const users = sqlFor(req.payload, usersSlug)
  await users.execute(
    sql`SELECT 1 FROM ${users.table} WHERE ${users.column('id')} = ${id} FOR UPDATE`,
    req,
  )
  if (transaction) {
    const entry =
      locked?.transaction === transaction ? locked : { ids: new Set<string>(), transaction }
    entry.ids.add(String(id))
    lockedRows.set(req, entry)
  }
}
