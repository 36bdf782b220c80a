import { createHash } from 'node:crypto'
import { tmpdir } from 'node:os'
import pg from 'pg'
import { inject } from 'vitest'

import { databaseUrlOf } from './testDatabase.js'

declare module 'vitest' {
  export interface ProvidedContext {
    /** Names this run's schema templates, so a reused server (DATABASE_URL) never serves stale ones. */
    schemaTemplatePrefix: string
  }
}

/**
 * What makes one test app's schema differ from another's: the options a test passes that can add
 * or change collections and fields, as text. Functions count by their source; a folder made for
 * the file (under the system's temporary folder) and a bucket's address do not shape the schema.
 */
export const schemaKey = (options: Record<string, unknown>): string =>
  JSON.stringify(options, (_name, value: unknown) =>
    typeof value === 'function'
      ? String(value)
      : typeof value === 'string' && value.startsWith(tmpdir())
        ? '<temporary folder>'
        : value,
  )

/** Waits until no session is connected to `name` (a terminated backend takes a moment to go). */
const untilUnused = async (client: pg.Client, name: string) => {
  for (let attempt = 0; attempt < 100; attempt++) {
    const { rows } = await client.query<{ pid: number }>(
      'SELECT pg_terminate_backend(pid) AS pid FROM pg_stat_activity WHERE datname = $1',
      [name],
    )
    if (rows.length === 0) {
      return
    }
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  throw new Error(`Sessions on ${name} did not end.`)
}

/**
 * A database holding the schema of the test apps whose options have this `key`, pushed once per
 * run, for each test file to clone (`createTestDatabase(…, { template })`): a copy takes tens of
 * milliseconds where Payload's push diffs every table against the database, seconds of CPU. The
 * pattern of Django's test runner, which builds its test database once and clones it per process
 * (https://docs.djangoproject.com/en/stable/topics/testing/overview/#the-test-database).
 *
 * `push` starts and stops a Payload on the address it is given. The first test process to ask for a
 * key builds its template, under an advisory lock that the others wait on.
 */
export const schemaTemplate = async ({
  adminUrl = inject('databaseAdminUrl'),
  key,
  push,
}: {
  adminUrl?: string
  key: string
  push: (databaseUrl: string) => Promise<void>
}): Promise<string> => {
  const name = `${inject('schemaTemplatePrefix')}_${createHash('sha256').update(key).digest('hex').slice(0, 16)}`
  const client = new pg.Client({ connectionString: adminUrl })
  await client.connect()
  try {
    await client.query('SELECT pg_advisory_lock(hashtext($1))', [name])
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])
    if (!rowCount) {
      const building = `${name}_building`
      await client.query(`DROP DATABASE IF EXISTS "${building}" WITH (FORCE)`)
      await client.query(`CREATE DATABASE "${building}"`)
      await push(databaseUrlOf(adminUrl, building))
      // The Payload that pushed keeps one connection to the end (dev/database/closePayload.ts), and
      // PostgreSQL copies only a database nobody is connected to.
      await untilUnused(client, building)
      await client.query(`ALTER DATABASE "${building}" RENAME TO "${name}"`)
    }
    return name
  } finally {
    await client.query('SELECT pg_advisory_unlock(hashtext($1))', [name]).catch(() => {})
    await client.end()
  }
}

/** Drops every template of the run (the global setup's teardown, on a server the run did not start). */
export const dropSchemaTemplates = async (adminUrl: string, prefix: string) => {
  const client = new pg.Client({ connectionString: adminUrl })
  await client.connect()
  try {
    const { rows } = await client.query<{ datname: string }>(
      'SELECT datname FROM pg_database WHERE starts_with(datname, $1)',
      [prefix],
    )
    for (const { datname } of rows) {
      await client.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`)
    }
  } finally {
    await client.end()
  }
}
