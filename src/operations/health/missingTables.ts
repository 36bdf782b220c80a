import type { Payload } from 'payload'

import { sql } from '@payloadcms/db-postgres'

/**
 * How many of the tables the app's schema needs (every table the Postgres adapter built from the
 * config: the plugin's collections, their relations and locales, the app's own) are missing from the
 * database. One statement: it is the database's answer as much as the schema's, and it asks only the
 * catalogue, so a load balancer may call it every second.
 */
export const missingTables = async (payload: Payload): Promise<number> => {
  const schema = (payload.db as { schemaName?: string }).schemaName || 'public'
  const names = Object.keys((payload.db as unknown as { tables: Record<string, unknown> }).tables)
  const { rows } = (await payload.db.drizzle.execute(
    sql`SELECT count(*)::int AS missing FROM json_array_elements_text(${JSON.stringify(names)}::json) AS t(name)
        WHERE to_regclass(quote_ident(${schema}) || '.' || quote_ident(t.name)) IS NULL`,
  )) as { rows: { missing: number }[] }
  return rows[0]?.missing ?? names.length
}
