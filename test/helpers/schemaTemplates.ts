import type { SanitizedConfig } from 'payload'

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
 * Parts of a config that never reach the database (screens, labels, access, hooks, editors), and
 * `flattenedFields`, which Payload derives from `fields`.
 */
const notSchema = new Set([
  'access',
  'admin',
  'custom',
  'description',
  'editor',
  'endpoints',
  'flattenedFields',
  'hooks',
  'label',
  'labels',
])

/** `value` as plain data in a stable key order, without what cannot shape a table. */
const schemaData = (value: unknown, ancestors: Set<object>): unknown => {
  if (typeof value === 'function' || typeof value === 'symbol' || value === undefined) {
    return undefined
  }
  if (typeof value === 'string' && value.startsWith(tmpdir())) {
    // A folder made for one file (an upload collection's `staticDir`).
    return '<temporary folder>'
  }
  if (value === null || typeof value !== 'object') {
    return value
  }
  if (ancestors.has(value)) {
    return '<cycle>'
  }
  if (value instanceof Date || value instanceof RegExp) {
    return String(value)
  }
  ancestors.add(value)
  try {
    if (Array.isArray(value)) {
      return value.map((item) => schemaData(item, ancestors) ?? null)
    }
    const entries: [string, unknown][] = []
    for (const name of Object.keys(value).sort()) {
      const data = notSchema.has(name)
        ? undefined
        : schemaData((value as Record<string, unknown>)[name], ancestors)
      if (data !== undefined) {
        entries.push([name, data])
      }
    }
    return Object.fromEntries(entries)
  } finally {
    ancestors.delete(value)
  }
}

/**
 * What makes one test app's schema differ from another's, read from its built config: the
 * collections, globals, blocks and locales, as text, without what never reaches the database.
 * Two files whose options differ only in behaviour (a lockout threshold, a provider's address)
 * share a template; any option that adds or changes a collection, a field, a select's options or
 * a locale gets its own.
 */
export const schemaKey = (config: SanitizedConfig): string =>
  JSON.stringify(
    schemaData(
      {
        blocks: config.blocks,
        collections: config.collections,
        globals: config.globals,
        localization: config.localization,
      },
      new Set(),
    ),
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
