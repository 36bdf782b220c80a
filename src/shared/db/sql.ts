import type { PgTable } from '@payloadcms/db-postgres/drizzle/pg-core'
import type { Payload, PayloadRequest } from 'payload'

import { sql } from '@payloadcms/db-postgres'
import { getTableColumns } from '@payloadcms/db-postgres/drizzle'

/**
 * One statement built with Drizzle's `sql` tag: values become bound parameters, never SQL text.
 * Drizzle leaves an `undefined` value out of the text altogether, so absent values are passed as null.
 */
export type Statement = ReturnType<typeof sql>

/** What is used of a Drizzle node-postgres database or transaction: `execute` answers pg's result. */
type Database = { execute: (statement: Statement) => Promise<{ rows: unknown[] }> }

/**
 * Where a statement runs: in the request's open Payload transaction when there is one, so it commits
 * or rolls back together with the Local API writes made with the same `req`; else on
 * `payload.db.drizzle`, as a statement of its own. The adapter keeps each open transaction's Drizzle
 * transaction in `payload.db.sessions[id].db`, which is what Payload's own operations run on for
 * that `req` (`getTransaction` in @payloadcms/drizzle).
 */
const databaseFor = async (payload: Payload, req?: PayloadRequest): Promise<Database> => {
  const transactionID = req?.transactionID === undefined ? undefined : await req.transactionID
  if (transactionID === undefined || transactionID === null) {
    return payload.db.drizzle
  }
  const transaction = payload.db.sessions?.[String(transactionID)]?.db as Database | undefined
  if (!transaction) {
    // Never fall back to `payload.db.drizzle` (Payload's own operations do): the statement would
    // escape the transaction it belongs to, and survive its rollback.
    throw new Error("payload-backoffice: the request's database transaction is no longer open.")
  }
  return transaction
}

const snakeCase = (value: string) =>
  value
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/[-\s]+/g, '_')
    .toLowerCase()

/**
 * The lockout's counters must be exact across app processes, so they are read and written with single
 * SQL statements that PostgreSQL serialises on the row (compare-and-increment), not with Payload's
 * read-then-write Local API. This gives a collection's Drizzle table from `payload.db.tables` and its
 * columns' SQL names, so custom `dbName`s and a custom `schemaName` keep working, and a way to run
 * statements on the adapter's Drizzle instance.
 */
export const sqlFor = (payload: Payload, slug: string) => {
  const adapter = payload.db
  if (!adapter.drizzle || !adapter.tables) {
    throw new Error(
      'payload-backoffice: the lockout needs a PostgreSQL database adapter (@payloadcms/db-postgres).',
    )
  }
  const tableName = adapter.tableNameMap?.get(snakeCase(slug)) ?? snakeCase(slug)
  const table = adapter.tables[tableName] as PgTable | undefined
  if (!table) {
    throw new Error(`payload-backoffice: no table for the collection "${slug}".`)
  }
  const columns = getTableColumns(table)
  return {
    /**
     * A column by its Payload field path (`totpConfig_status`), as a bare identifier: it is what a
     * SET target, an INSERT column list and ON CONFLICT need, and it reads the same in conditions.
     */
    column: (field: string) => {
      const column = columns[field]
      if (!column) {
        throw new Error(`payload-backoffice: no column for "${slug}.${field}".`)
      }
      return sql.identifier(column.name)
    },
    /**
     * Runs one statement and answers its rows; with `req`, inside the request's transaction if it
     * has one open. Drizzle's node-postgres driver hands timestamps over as PostgreSQL's text, so
     * rows carry them as strings (read them with `new Date(...)`); numerics are strings too.
     */
    execute: async <Row = Record<string, unknown>>(statement: Statement, req?: PayloadRequest) =>
      (await (await databaseFor(payload, req)).execute(statement)).rows as Row[],
    /** The table; Drizzle writes it schema-qualified when the adapter has a `schemaName`. */
    table,
  }
}
