import type { CollectionConfig, Config, Payload, SanitizedConfig } from 'payload'
import type { BackofficePluginOptions } from 'payload-backoffice'
import type { VideoPluginOptions } from 'payload-backoffice/video'

import { randomBytes } from 'node:crypto'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { getPayload } from 'payload'

import type { SandboxS3 } from '../../dev/storage/sandboxS3.js'

import { closePayload } from '../../dev/database/closePayload.js'
import { RestClient } from './restClient.js'
import { createTestDatabase } from './testDatabase.js'

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
 * A real Payload with the dev app's config, on a fresh database of its own (schema pushed on start),
 * for one test file. Vitest runs each file in its own process, so the config module is new each time.
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
  /** Video plugin options over the dev app's. */
  videoOptions?: VideoPluginOptions
  /** `false`: the dev app with the video plugin alone, without the backoffice plugin. */
  withBackoffice?: boolean
} = {}): Promise<TestPayload> => {
  const database = await createTestDatabase(databaseAdminUrl)
  process.env.DATABASE_URL = database.url
  process.env.PAYLOAD_SECRET = randomBytes(32).toString('hex')
  process.env.MEDIA_DIR = mkdtempSync(path.join(tmpdir(), 'backoffice-media-'))
  process.env.VIDEO_DIR = mkdtempSync(path.join(tmpdir(), 'backoffice-video-'))
  process.env.SERVER_URL = 'http://localhost:3000'
  if (smtpUrl) {
    process.env.SMTP_URL = smtpUrl
  } else {
    delete process.env.SMTP_URL
  }

  const config =
    backofficeOptions ||
    appTranslations ||
    logger ||
    s3 ||
    usersHooks ||
    usersUseAPIKey ||
    videoOptions ||
    !withBackoffice
      ? await (
          await import('../../dev/sandboxConfig.js')
        ).sandboxConfig({
          appTranslations,
          backofficeOptions,
          logger,
          s3,
          usersHooks,
          usersUseAPIKey,
          videoOptions,
          withBackoffice,
          withVideo: true,
        })
      : await (
          await import('../../dev/payload.config.js')
        ).default
  const app: TestPayload = {
    client: () => new RestClient(app.config),
    close: async () => {
      await closePayload(app.payload)
      await database.drop()
    },
    config,
    payload: await getPayload({ config }),
    restart: async (next) => {
      await closePayload(app.payload)
      // Payload keeps one instance per process (what the route handlers ask for); a restarted
      // process would have none.
      ;(globalThis as { _payload?: Map<string, unknown> })._payload?.delete('default')
      if (next.secret) {
        process.env.PAYLOAD_SECRET = next.secret
      }
      app.config = await (
        await import('../../dev/sandboxConfig.js')
      ).sandboxConfig({
        appTranslations,
        backofficeOptions: next.backofficeOptions,
        usersHooks,
        usersUseAPIKey,
        videoOptions,
        withBackoffice,
        withVideo: true,
      })
      app.payload = await getPayload({ config: app.config })
    },
  }
  return app
}
