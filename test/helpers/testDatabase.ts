import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { inject } from 'vitest'

/** Runs one statement on the server's maintenance connection. */
const onServer = async (adminUrl: string, sql: string) => {
  const client = new pg.Client({ connectionString: adminUrl })
  await client.connect()
  try {
    await client.query(sql)
  } finally {
    await client.end()
  }
}

/** The address of another database on the same server. */
export const databaseUrlOf = (adminUrl: string, name: string): string => {
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  return url.toString()
}

/** A name for a test file's database, unique on the server. */
export const testDatabaseName = (): string => `backoffice_test_${randomBytes(6).toString('hex')}`

/**
 * A fresh database on the test server, for one test file, and a way to drop it: empty, or a copy of
 * `template` (PostgreSQL's `CREATE DATABASE … TEMPLATE`, a file copy).
 */
export const createTestDatabase = async (
  adminUrl = inject('databaseAdminUrl'),
  { name = testDatabaseName(), template }: { name?: string; template?: string } = {},
) => {
  await onServer(
    adminUrl,
    template ? `CREATE DATABASE "${name}" TEMPLATE "${template}"` : `CREATE DATABASE "${name}"`,
  )
  return {
    drop: () => onServer(adminUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`),
    name,
    url: databaseUrlOf(adminUrl, name),
  }
}
