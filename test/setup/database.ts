import type { TestProject } from 'vitest/node'

import { chmodSync, mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

import { randomPassword, startEmbeddedPostgres } from '../../dev/database/embeddedPostgres.js'

declare module 'vitest' {
  export interface ProvidedContext {
    /** A PostgreSQL connection allowed to create databases: each test file makes its own. */
    databaseAdminUrl: string
  }
}

/**
 * One real PostgreSQL for the whole run: `DATABASE_URL` when given (its role needs CREATEDB), else an
 * embedded server in a temporary folder, removed afterwards.
 */
export default async function setup(project: TestProject) {
  if (process.env.DATABASE_URL) {
    project.provide('databaseAdminUrl', process.env.DATABASE_URL)
    return
  }
  const folder = mkdtempSync(path.join(tmpdir(), 'backoffice-pg-'))
  // mkdtemp makes the folder private to us; PostgreSQL runs as its own user and must reach inside.
  chmodSync(folder, 0o755)
  const server = await startEmbeddedPostgres({
    dataDir: path.join(folder, 'data'),
    password: randomPassword(),
    persistent: false,
    port: 0,
  })
  project.provide('databaseAdminUrl', server.url)
  return () => server.stop()
}
