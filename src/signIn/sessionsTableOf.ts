import type { Payload } from 'payload'

import { getTableName } from '@payloadcms/db-postgres/drizzle'

import { sqlFor } from '../shared/db/sql.js'

/**
 * The table of an auth collection's `sessions` array (the field Payload adds with
 * `auth.useSessions`): named after the collection's own table, as the adapter names an array's
 * table, so a custom `dbName` keeps working. Columns by their field names: `_parentID`, `_order`,
 * `id`, `createdAt`, `expiresAt`.
 */
export const sessionsTableOf = (payload: Payload, usersSlug: string) =>
  sqlFor(payload, `${getTableName(sqlFor(payload, usersSlug).table)}_sessions`)
