import type { Payload } from 'payload'

import { sql } from '@payloadcms/db-postgres'
import { getTableColumns, getTableName } from '@payloadcms/db-postgres/drizzle'

import type { SanitizedBackofficeOptions } from '../../shared/options/types.js'

import { sqlFor, type Statement } from '../../shared/db/sql.js'

/**
 * Where the accounts' roles are stored, for counting per role: a `hasMany` select keeps them in a
 * table of its own (`<users>_<field>`: parent_id, value), a single select or text in a column.
 * `roles` are the values to list: the select's options, in their order. Null when the roles field
 * is neither, or its storage cannot be found: the overview then counts all accounts only.
 */
export type RolesSource = {
  /** `<account id column> IN (accounts holding one of these roles)`. */
  holding: (accountId: Statement, roles: string[]) => Statement
  /** The values of the roles field, in the order of its options. */
  roles: string[]
  /** Rows of (account id, role), one per role held. */
  rows: Statement
}

const optionValue = (option: unknown): string =>
  typeof option === 'string' ? option : String((option as { value: unknown }).value)

export const rolesSource = (
  payload: Payload,
  options: SanitizedBackofficeOptions,
): null | RolesSource => {
  const collection = payload.collections[options.usersCollection]?.config
  const field = collection?.flattenedFields.find(
    (candidate) => candidate.name === options.roles.field,
  )
  if (!collection || !field || field.type !== 'select') {
    return null
  }
  const roles = field.options.map(optionValue)
  const usersTable = sqlFor(payload, options.usersCollection).table
  const usersName = getTableName(usersTable)
  const list = (values: string[]) =>
    sql.join(
      values.map((value) => sql`${value}`),
      sql`, `,
    )
  if (field.hasMany) {
    const table =
      payload.db.tables[
        `${usersName}_${field.name.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase()}`
      ]
    const columns = table ? getTableColumns(table) : undefined
    if (!table || !columns?.parent || !columns.value) {
      return null
    }
    const parent = sql.identifier(columns.parent.name)
    const value = sql.identifier(columns.value.name)
    return {
      holding: (accountId, held) =>
        sql`${accountId} IN (SELECT ${parent} FROM ${table} WHERE ${value}::text IN (${list(held)}))`,
      roles,
      rows: sql`SELECT ${parent} AS account, ${value}::text AS role FROM ${table}`,
    }
  }
  const columns = getTableColumns(usersTable)
  const column = columns[field.name]
  if (!column) {
    return null
  }
  const role = sql.identifier(column.name)
  const id = sql.identifier(columns.id!.name)
  return {
    holding: (accountId, held) =>
      sql`${accountId} IN (SELECT ${id} FROM ${usersTable} WHERE ${role}::text IN (${list(held)}))`,
    roles,
    rows: sql`SELECT ${id} AS account, ${role}::text AS role FROM ${usersTable} WHERE ${role} IS NOT NULL`,
  }
}
