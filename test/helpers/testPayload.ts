import type { CollectionConfig, Config, Payload, SanitizedConfig } from 'payload'
import type { BackofficePluginOptions } from 'payload-backoffice'
import type { VideoPluginOptions } from 'payload-backoffice/video'

import { randomBytes } from 'node:crypto'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { getPayload } from 'payload'
import pg from 'pg'
import { inject } from 'vitest'

import type { SandboxS3 } from '../../dev/storage/sandboxS3.js'

import { closeTestPayload } from './closeTestPayload.js'
import { RestClient } from './restClient.js'
import { schemaKey, schemaTemplate } from './schemaTemplates.js'
import { createTestDatabase, databaseUrlOf, testDatabaseName } from './testDatabase.js'
import { testLogger } from './testLogger.js'

export type TestPayload = {
  close: () => Promise<void>
  config: SanitizedConfig
  /** A new REST client with its own cookie jar, talking to this Payload through its request handling. */
  client: () => RestClient
  payload: Payload
  /**
   * Stops this Payload and starts the app again on the same database, as an operator's redeploy
   * would: with the plugin options given (over the dev app's) and, when given, another
   * `PAYLOAD_SECRET`. `payload`, `config` and new clients are the new app's from then on.
   */
  restart: (next: { backofficeOptions?: BackofficePluginOptions; secret?: string }) => Promise<void>
}

/**
 * Starts Payload with its schema push made for certain. The push of @payloadcms/drizzle
 * (`pushDevSchema`) skips a schema this process already pushed, into whichever database, unless
 * PAYLOAD_FORCE_DRIZZLE_PUSH is set; test files share their process, so it is set.
 */
const startPushing = async (config: SanitizedConfig, key?: string): Promise<Payload> => {
  process.env.PAYLOAD_FORCE_DRIZZLE_PUSH = 'true'
  try {
    return await getPayload({ config, key })
  } finally {
    delete process.env.PAYLOAD_FORCE_DRIZZLE_PUSH
  }
}

/**
 * Ends, naming each, the transactions a closed Payload left open on its database: work still under
 * way when it closed that never finished (it sat "idle in transaction" for 1,257 s in one CI run).
 * A restart pushes the schema again, and the push's ALTER TABLE would wait for their locks forever.
 */
const endAbandonedTransactions = async (url: string) => {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    const { rows } = await client.query<{ age: string; pid: number; query: string }>(
      `SELECT pid, (now() - xact_start)::text AS age, left(query, 300) AS query
         FROM pg_stat_activity
        WHERE datname = current_database() AND pid <> pg_backend_pid()
          AND state LIKE 'idle in transaction%'`,
    )
    for (const row of rows) {
      console.warn(
        `testPayload: ended a transaction the closed Payload left open for ${row.age}; its last statement: ${row.query}`,
      )
      await client.query('SELECT pg_terminate_backend($1)', [row.pid])
    }
  } finally {
    await client.end()
  }
}

/** Payload's own logger, silenced: for the start that only pushes a schema template. */
const silentLogger: Config['logger'] = { options: { level: 'silent' } }

/**
 * A real Payload with the dev app's config, for one test file, on a database of its own: a copy of
 * the run's template for these options (schema pushed once, test/helpers/schemaTemplates.ts), or,
 * on another server, an empty one the start pushes into.
 */
export const startTestPayload = async ({
  appTranslations,
  backofficeOptions,
  databaseAdminUrl,
  logger,
  s3,
  smtpUrl,
  usersHooks,
  usersUseAPIKey,
  usersWithoutRoles,
  videoOptions,
  withBackoffice = true,
}: {
  /** The app's `i18n.translations` over the dev app's: `{ en: { backoffice: { key: 'text' } } }`. */
  appTranslations?: Record<string, Record<string, Record<string, string>>>
  /** Plugin options over the dev app's, for tests of other settings. */
  backofficeOptions?: BackofficePluginOptions
  /** Another PostgreSQL server than the tests' shared one (a test that stops and starts it). */
  databaseAdminUrl?: string
  /** Payload's `logger`: a pino logger writing to a stream the test reads. */
  logger?: Config['logger']
  /** A bucket for media (sent by the client straight to it) and videos, as the sandbox can run. */
  s3?: SandboxS3
  smtpUrl?: string
  /** Hooks of the users collection, after the dev app's own (a test recording which ones run). */
  usersHooks?: NonNullable<CollectionConfig['hooks']>
  /** Payload's `auth.useAPIKey` on the users collection. */
  usersUseAPIKey?: boolean
  /** Users as Payload's templates have them: no roles field, no first-administrator hook. */
  usersWithoutRoles?: boolean
  /** Video plugin options over the dev app's. */
  videoOptions?: VideoPluginOptions
  /** `false`: the dev app with the video plugin alone, without the backoffice plugin. */
  withBackoffice?: boolean
} = {}): Promise<TestPayload> => {
  // The config reads these when it is built: a test process may build several, one per file.
  process.env.PAYLOAD_SECRET = randomBytes(32).toString('hex')
  process.env.MEDIA_DIR = mkdtempSync(path.join(tmpdir(), 'backoffice-media-'))
  process.env.VIDEO_DIR = mkdtempSync(path.join(tmpdir(), 'backoffice-video-'))
  process.env.SERVER_URL = 'http://localhost:3000'
  if (smtpUrl) {
    process.env.SMTP_URL = smtpUrl
  } else {
    delete process.env.SMTP_URL
  }
  const { sandboxConfig } = await import('../../dev/sandboxConfig.js')
  const schemaOptions = {
    backofficeOptions,
    s3,
    usersUseAPIKey,
    usersWithoutRoles,
    videoOptions,
    withBackoffice,
  }

  /** The app's config; `overrides` for a restart with other options. */
  const appConfig = (
    overrides: { backofficeOptions?: BackofficePluginOptions; push?: boolean } = {},
  ) =>
    sandboxConfig({
      ...schemaOptions,
      appTranslations,
      logger: logger ?? testLogger,
      ...(databaseAdminUrl ? {} : { push: false }),
      usersHooks,
      withVideo: true,
      ...overrides,
    })

  let database: Awaited<ReturnType<typeof createTestDatabase>>
  let config: SanitizedConfig
  if (databaseAdminUrl) {
    database = await createTestDatabase(databaseAdminUrl)
    process.env.DATABASE_URL = database.url
    config = await appConfig()
  } else {
    // The config reads the database's address when it is built: named first, made once the
    // template its schema needs is known.
    const name = testDatabaseName()
    process.env.DATABASE_URL = databaseUrlOf(inject('databaseAdminUrl'), name)
    config = await appConfig()
    const template = await schemaTemplate({
      key: schemaKey(config),
      push: async (databaseUrl) => {
        const appDatabaseUrl = process.env.DATABASE_URL
        process.env.DATABASE_URL = databaseUrl
        try {
          const pushing = await sandboxConfig({
            ...schemaOptions,
            logger: silentLogger,
            withVideo: true,
          })
          await closeTestPayload(await startPushing(pushing, 'schemaTemplate'), 'schemaTemplate')
        } finally {
          process.env.DATABASE_URL = appDatabaseUrl
        }
      },
    })
    // A copy of the template has the schema already: the app starts without a push.
    database = await createTestDatabase(undefined, { name, template })
  }
  const app: TestPayload = {
    client: () => new RestClient(app.config),
    close: async () => {
      await closeTestPayload(app.payload)
      await database.drop()
    },
    config,
    payload: databaseAdminUrl ? await startPushing(config) : await getPayload({ config }),
    restart: async (next) => {
      await closeTestPayload(app.payload)
      await endAbandonedTransactions(database.url)
      if (next.secret) {
        process.env.PAYLOAD_SECRET = next.secret
      }
      // Pushed as at the first start of an app whose options changed.
      app.config = await appConfig({ backofficeOptions: next.backofficeOptions, push: true })
      app.payload = await startPushing(app.config)
    },
  }
  return app
}
