import type { TestProject } from 'vitest/node'

import { startTemporaryPostgres } from '../helpers/temporaryPostgres.js'

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
  const server = await startTemporaryPostgres()
  project.provide('databaseAdminUrl', server.url)
  return () => server.stop()
}
