import type { Payload } from 'payload'

import { sql } from '@payloadcms/db-postgres'

import type { SanitizedBackofficeOptions } from '../../shared/options/types.js'

import { sqlFor } from '../../shared/db/sql.js'

/**
 * The users table for the overview's counts, and the condition that keeps accounts in the trash out
 * of them, as Payload's list view leaves them out (a users collection with `trash` enabled).
 */
export const usersTable = (payload: Payload, options: SanitizedBackofficeOptions) => {
  const users = sqlFor(payload, options.usersCollection)
  const trash = payload.collections[options.usersCollection]?.config.trash === true
  return {
    ...users,
    notTrashed: trash ? sql`${users.table}.${users.column('deletedAt')} IS NULL` : sql`TRUE`,
  }
}
