import type { TestProject } from 'vitest/node'

import { randomBytes } from 'node:crypto'

import { dropSchemaTemplates } from '../helpers/schemaTemplates.js'
import { startTemporaryPostgres } from '../helpers/temporaryPostgres.js'

declare module 'vitest' {
  export interface ProvidedContext {
    /** A PostgreSQL connection allowed to create databases: each test file makes its own. */
    databaseAdminUrl: string
  }
}

/**
 * One real PostgreSQL for the whole run: `DATABASE_URL` when given (its role needs CREATEDB), else an
 * embedded server in a temporary folder, removed afterwards. The run's schema templates
 * (test/helpers/schemaTemplates.ts) are named for this run.
 */
export default async function setup(project: TestProject) {
  const prefix = `backoffice_template_${randomBytes(4).toString('hex')}`
  project.provide('schemaTemplatePrefix', prefix)
  if (process.env.DATABASE_URL) {
    const adminUrl = process.env.DATABASE_URL
    project.provide('databaseAdminUrl', adminUrl)
    return () => dropSchemaTemplates(adminUrl, prefix)
  }
  const server = await startTemporaryPostgres()
  project.provide('databaseAdminUrl', server.url)
  return () => server.stop()
}
