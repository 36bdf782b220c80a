import { execFile } from 'node:child_process'
import { mkdirSync, readdirSync, rmSync } from 'node:fs'
import path from 'node:path'
import { promisify } from 'node:util'
import { type APIRequestContext, request } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { browserLane } from '../helpers/browserLane.js'
import { startSecondApp } from '../helpers/secondApp.js'
import { startTemporaryPostgres } from '../helpers/temporaryPostgres.js'
import { authenticatorApp } from '../helpers/twoFactor.js'

/**
 * An integrator's deployment, as the README tells it: `payload migrate:create` on an empty database
 * with push off (a production environment never pushes), `payload migrate` where the app is
 * deployed, then `next start` of the built app on that database, and a staff member signing in with
 * a password and an authenticator app. A table or index the plugin needs but its migration lacks
 * makes this fail.
 */
const run = promisify(execFile)
const migrationDir = path.resolve(`test-results/migrations-${process.pid}`)
let database: Awaited<ReturnType<typeof startTemporaryPostgres>>
let app: Awaited<ReturnType<typeof startSecondApp>>
let api: APIRequestContext

const payloadCli = (args: string[]) =>
  run('npx', ['payload', ...args], {
    env: {
      ...process.env,
      ...browserLane().appEnv,
      DATABASE_URL: database.url,
      NODE_ENV: 'production',
      PAYLOAD_CONFIG_PATH: 'dev/payload.config.ts',
      PAYLOAD_MIGRATION_DIR: migrationDir,
    } as NodeJS.ProcessEnv,
    maxBuffer: 16 * 1024 * 1024,
    timeout: 180_000,
  })

beforeAll(async () => {
  rmSync(migrationDir, { force: true, recursive: true })
  mkdirSync(migrationDir, { recursive: true })
  database = await startTemporaryPostgres('backoffice-migrations-')
}, 120_000)
afterAll(async () => {
  await api?.dispose()
  await app?.stop()
  await database?.stop()
  rmSync(migrationDir, { force: true, recursive: true })
})

describe('migrations, as an integrator deploys', () => {
  it('creates a migration on an empty database, applies it, and the built app signs staff in with two-factor on it', async () => {
    await payloadCli(['migrate:create', 'initial'])
    const created = readdirSync(migrationDir).filter((file) => file.endsWith('.ts'))
    // The migration itself and the index Payload keeps beside it.
    expect(created.filter((file) => file !== 'index.ts')).toHaveLength(1)

    const applied = await payloadCli(['migrate'])
    expect(`${applied.stdout}${applied.stderr}`).toMatch(/initial/)

    app = await startSecondApp({ env: { DATABASE_URL: database.url } })
    api = await request.newContext({
      baseURL: app.url,
      extraHTTPHeaders: { origin: app.url, 'sec-fetch-site': 'same-origin' },
    })
    const email = 'first@example.com'
    const password = 'migrated-granite-whistles-7'
    const registered = await api.post('/api/users/first-register', { data: { email, password } })
    expect(registered.status()).toBe(200)

    const setup = await api.get('/api/users/mfa/totp/setup')
    expect(setup.status()).toBe(200)
    const authenticator = authenticatorApp((await setup.json()).secret)
    const enrolled = await api.post('/api/users/mfa/totp/finish-enrollment', {
      data: { code: await authenticator.code() },
    })
    expect(enrolled.status()).toBe(200)
    expect((await api.post('/api/users/logout')).status()).toBe(200)

    const login = await api.post('/api/users/login', { data: { email, password } })
    expect(login.status()).toBe(200)
    expect((await (await api.get('/api/users/me')).json()).user).toBeNull()
    const verified = await api.post('/api/users/mfa/totp/authenticate', {
      data: { code: await authenticator.code() },
    })
    expect(verified.status()).toBe(200)
    const me = await (await api.get('/api/users/me')).json()
    expect(me.user).toMatchObject({ email })
  }, 300_000)
})
