import { randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

import { type EmbeddedServer, startEmbeddedPostgres } from '../database/embeddedPostgres.js'

const dataRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../.data')

/** The sandbox's own secrets, made once and kept (git-ignored) so sessions survive restarts. */
const loadSecrets = (): { payloadSecret: string; postgresPassword: string } => {
  const file = path.join(dataRoot, 'secrets.json')
  if (existsSync(file)) {
    return JSON.parse(readFileSync(file, 'utf8'))
  }
  const secrets = {
    payloadSecret: randomBytes(32).toString('hex'),
    postgresPassword: randomBytes(18).toString('base64url'),
  }
  mkdirSync(dataRoot, { recursive: true })
  writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 })
  return secrets
}

/** Port of the sandbox's PostgreSQL; another free one is used when something else holds it. */
const DEFAULT_PORT = 54329

/**
 * Makes sure the sandbox has a database and a secret: `DATABASE_URL` when given, otherwise an embedded
 * PostgreSQL with its data under `dev/.data/postgres`. Returns a function that stops what it started.
 */
export const prepareSandbox = async ({ quiet = false } = {}): Promise<{
  stop: () => Promise<void>
}> => {
  const secrets = loadSecrets()
  process.env.PAYLOAD_SECRET ??= secrets.payloadSecret

  if (process.env.DATABASE_URL) {
    return { stop: async () => {} }
  }

  let server: EmbeddedServer
  try {
    server = await startEmbeddedPostgres({
      dataDir: path.join(dataRoot, 'postgres'),
      password: secrets.postgresPassword,
      persistent: true,
      port: Number(process.env.SANDBOX_DATABASE_PORT ?? DEFAULT_PORT),
    })
  } catch (error) {
    console.error(`\n✖ ${error instanceof Error ? error.message : String(error)}`)
    console.error('  Is another sandbox already running from this folder? Stop it first.')
    process.exit(1)
  }
  process.env.DATABASE_URL = server.url
  // `quiet` keeps stdout free for the keeper's one line; the message goes to stderr instead.
  ;(quiet ? console.error : console.log)(
    `✔ PostgreSQL (embedded) on 127.0.0.1:${server.port}, data in dev/.data/postgres`,
  )
  return { stop: () => server.stop() }
}
