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

/** A fresh, empty database on the test server, for one test file, and a way to drop it. */
export const createTestDatabase = async (adminUrl = inject('databaseAdminUrl')) => {
  const name = `backoffice_test_${randomBytes(6).toString('hex')}`
  await onServer(adminUrl, `CREATE DATABASE "${name}"`)
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  return {
    drop: () => onServer(adminUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`),
    name,
    url: url.toString(),
  }
}
