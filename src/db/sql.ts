import type { Payload, PayloadRequest } from 'payload'

type Column = { name: string }
type Queryable = {
  query: (text: string, values?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>
}
type DrizzleAdapter = {
  pool?: Queryable
  /** Open transactions by id; `db` is drizzle's node-postgres transaction, on one pooled connection. */
  sessions?: Record<string, { db?: { session?: { client?: Queryable } } }>
  tableNameMap: Map<string, string>
  tables: Record<string, Record<string, Column>>
}

/**
 * Where a statement runs: on the connection of the request's open Payload transaction when there is
 * one, so it commits or rolls back together with the Local API writes made with the same `req`; else
 * on the pool, as a statement of its own.
 */
const connectionFor = async (adapter: DrizzleAdapter, req?: PayloadRequest): Promise<Queryable> => {
  const transactionID = req?.transactionID === undefined ? undefined : await req.transactionID
  if (transactionID === undefined || transactionID === null) {
    return adapter.pool!
  }
  const client = adapter.sessions?.[String(transactionID)]?.db?.session?.client
  if (!client || typeof client.query !== 'function') {
    // Never fall back to the pool: the statement would escape the transaction it belongs to.
    throw new Error(
      "payload-backoffice: cannot reach the open transaction's connection of the PostgreSQL adapter.",
    )
  }
  return client
}

const snakeCase = (value: string) =>
  value
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/[-\s]+/g, '_')
    .toLowerCase()

const quote = (identifier: string) => `"${identifier.replace(/"/g, '""')}"`

/**
 * The lockout's counters must be exact across app processes, so they are read and written with single
 * SQL statements that PostgreSQL serialises on the row (compare-and-increment), not with Payload's
 * read-then-write Local API. This resolves the SQL names of a collection's table and columns from the
 * Payload PostgreSQL adapter, so custom `dbName`s keep working.
 */
export const sqlFor = (payload: Payload, slug: string) => {
  const adapter = payload.db as unknown as DrizzleAdapter
  return sqlForTable(payload, adapter.tableNameMap?.get(snakeCase(slug)) ?? snakeCase(slug), slug)
}

/** The same for any table of the adapter by its SQL name (an array field's table, say). */
export const sqlForTable = (payload: Payload, tableName: string, label = tableName) => {
  const adapter = payload.db as unknown as DrizzleAdapter
  if (!adapter.pool || !adapter.tables) {
    throw new Error(
      'payload-backoffice: the lockout needs a PostgreSQL database adapter (@payloadcms/db-postgres).',
    )
  }
  const table = adapter.tables[tableName]
  if (!table) {
    throw new Error(`payload-backoffice: no table for the collection "${label}".`)
  }
  return {
    column: (field: string) => {
      const column = table[field]
      if (!column?.name) {
        throw new Error(`payload-backoffice: no column for "${label}.${field}".`)
      }
      return quote(column.name)
    },
    /** Runs one statement; with `req`, inside the request's transaction if it has one open. */
    query: async <Row = Record<string, unknown>>(
      text: string,
      values: unknown[],
      req?: PayloadRequest,
    ) => (await (await connectionFor(adapter, req)).query(text, values)).rows as Row[],
    table: quote(tableName),
    tableName,
  }
}
