import { postgresAdapter } from '@payloadcms/db-postgres'
import { nodemailerAdapter } from '@payloadcms/email-nodemailer'
import { seoPlugin } from '@payloadcms/plugin-seo'
import { ar } from '@payloadcms/translations/languages/ar'
import { de } from '@payloadcms/translations/languages/de'
import { en } from '@payloadcms/translations/languages/en'
import { fa } from '@payloadcms/translations/languages/fa'
import { fr } from '@payloadcms/translations/languages/fr'
import { he } from '@payloadcms/translations/languages/he'
import { nl } from '@payloadcms/translations/languages/nl'
import { randomBytes } from 'node:crypto'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import nodemailer from 'nodemailer'
import { buildConfig, type CollectionConfig, type Config } from 'payload'
import {
  backofficePlugin,
  type BackofficePluginOptions,
  seoFieldsWithSpecGauge,
} from 'payload-backoffice'
import { videoField, videoPlugin, type VideoPluginOptions } from 'payload-backoffice/video'
import sharp from 'sharp'

import type { SandboxS3 } from './storage/sandboxS3.js'

import { mediaCollection } from './collections/Media.js'
import { pagesCollection } from './collections/Pages.js'
import { postsCollection } from './collections/Posts.js'
import { slateEditorForField } from './collections/richText.js'
import { teamsCollection } from './collections/Teams.js'
import { usersCollection, usersOfATemplate } from './collections/Users.js'
import { consoleTransport } from './email/consoleTransport.js'
import { siteSettingsGlobal } from './globals/SiteSettings.js'
import { labels } from './labels.js'
import { generateDescription, generateImage, generateTitle, generateURL } from './seo/generators.js'
import { demoStaff, sandboxProviders } from './sso/sandboxProviders.js'
import { mediaStorage } from './storage/mediaStorage.js'
import { translationOverrides } from './translationOverrides.js'

const dirname = path.dirname(fileURLToPath(import.meta.url))

// `payload generate:importmap` looks for the admin folder under ROOT_DIR; the app lives in dev/.
if (!process.env.ROOT_DIR) {
  process.env.ROOT_DIR = dirname
}

const required = (name: string, hint: string): string => {
  const value = process.env[name]
  if (!value) {
    throw new Error(`${name} is not set. ${hint}`)
  }
  return value
}

type AppTranslations = Record<string, Record<string, Record<string, string>>>

/** The sandbox's own texts with `extra` laid over them, per language and per namespace. */
const withTranslations = (base: AppTranslations, extra: AppTranslations): AppTranslations => {
  const merged: AppTranslations = { ...base }
  for (const [language, namespaces] of Object.entries(extra)) {
    merged[language] = { ...merged[language] }
    for (const [namespace, texts] of Object.entries(namespaces)) {
      merged[language][namespace] = { ...merged[language][namespace], ...texts }
    }
  }
  return merged
}

/**
 * The sandbox's Payload config. `withBackoffice: false` gives the same app without the plugin: the
 * "vanilla Payload" that `npm run bench:login` compares against, so the only difference is the plugin.
 */
export const sandboxConfig = ({
  appTranslations = {},
  backofficeOptions = {},
  logger,
  push,
  s3,
  usersHooks = {},
  usersUseAPIKey = false,
  usersWithoutRoles = false,
  videoOptions = {},
  withBackoffice,
  withVideo = withBackoffice,
}: {
  /**
   * Texts for the app's `i18n.translations` over the sandbox's own, as an integrator writes them
   * (tests use this to reword the plugin's texts under `backoffice`).
   */
  appTranslations?: AppTranslations
  /** Plugin options over the sandbox's own (tests use this to try other settings). */
  backofficeOptions?: BackofficePluginOptions
  /** Payload's `logger` (tests pass a pino logger writing to a stream they read). */
  logger?: Config['logger']
  /** Payload's schema push (`postgresAdapter`'s `push`); Payload's default when not given. */
  push?: boolean
  /**
   * A bucket for the sandbox's files: media uploaded by the browser straight to it, and videos
   * (unless `videoOptions.storage` says otherwise). Without it both stay on disk.
   */
  s3?: SandboxS3
  /**
   * Hooks of the users collection, run after the sandbox's own (tests record which hooks a sign-in
   * runs, and in what order).
   */
  usersHooks?: NonNullable<CollectionConfig['hooks']>
  /** Payload's `auth.useAPIKey` on the users collection (tests of the plugin's `apiKeys` option). */
  usersUseAPIKey?: boolean
  /**
   * Users as Payload's templates have them: no roles field and no hook making the first account an
   * administrator, so the plugin adds both (tests of an app that lacks them).
   */
  usersWithoutRoles?: boolean
  /** Video plugin options over the sandbox's own (tests point them at their own folders and tools). */
  videoOptions?: VideoPluginOptions
  withBackoffice: boolean
  /** The video plugin, mounted at `video`; on with the backoffice unless asked otherwise. */
  withVideo?: boolean
}) => {
  // Built anew for each config: Payload's sanitizing changes the collections, fields and editors it
  // is given, and a test process builds configs of several shapes (with and without the plugin).
  const Pages = pagesCollection()
  const Posts = postsCollection()
  const Users = usersWithoutRoles ? usersOfATemplate() : usersCollection()
  return buildConfig({
    admin: {
      // Payload's default avatar is fetched from a remote service; the sandbox stays offline.
      avatar: 'default',
      // Branded as an integrator would: the app's logo, and a note above and below the sign-in form
      // (Payload's login draws them, and the plugin's sign-in pages keep them).
      components: {
        afterLogin: ['/branding/SignInNotes#AccessHint'],
        beforeLogin: ['/branding/SignInNotes#SandboxNotice'],
        graphics: { Logo: '/branding/SandboxLogo#SandboxLogo' },
      },
      importMap: { baseDir: dirname },
      meta: { titleSuffix: ' · Backoffice' },
      theme: 'all',
      user: Users.slug,
    },
    collections: [
      // With the plugin, a page has a video too, chosen among those already uploaded: its field
      // offers no upload.
      withBackoffice
        ? {
            ...Pages,
            fields: Pages.fields.flatMap((field) =>
              'name' in field && field.name === 'heroImage'
                ? [
                    field,
                    videoField({ name: 'video', allowUpload: false, label: labels.fields.video }),
                  ]
                : [field],
            ),
          }
        : Pages,
      // With the plugin, a post has a video: the video plugin's field, after the hero image (without
      // the video plugin it shows the banner asking to configure it).
      withBackoffice
        ? {
            ...Posts,
            fields: Posts.fields.flatMap((field) =>
              'name' in field && field.name === 'heroImage'
                ? [field, videoField({ name: 'video', label: labels.fields.video })]
                : [field],
            ),
          }
        : Posts,
      mediaCollection(),
      teamsCollection(),
      {
        ...Users,
        ...(usersUseAPIKey ? { auth: { useAPIKey: true } } : {}),
        hooks: Object.fromEntries(
          [...new Set([...Object.keys(Users.hooks ?? {}), ...Object.keys(usersHooks)])].map(
            (kind) => [
              kind,
              [
                ...((Users.hooks as Record<string, unknown[]>)[kind] ?? []),
                ...((usersHooks as Record<string, unknown[]>)[kind] ?? []),
              ],
            ],
          ),
        ),
      },
    ],
    db: postgresAdapter({
      // `payload migrate:create` writes here, outside the plugin's src/ (which the package build and
      // the app's type check read). The sandbox itself pushes its schema in development; its
      // migrations are for trying them out (CONTRIBUTING.md), and a test writes its own elsewhere.
      migrationDir: process.env.PAYLOAD_MIGRATION_DIR ?? path.join(dirname, 'migrations'),
      pool: {
        connectionString: required(
          'DATABASE_URL',
          'Start the sandbox with `npm run dev`, which starts an embedded PostgreSQL, or point DATABASE_URL at a PostgreSQL database.',
        ),
      },
      // Left to Payload (a push outside production) unless asked: a test on a database cloned from
      // one already pushed with the same schema skips it (test/helpers/schemaTemplates.ts).
      ...(push === undefined ? {} : { push }),
    }),
    editor: slateEditorForField(),
    email: nodemailerAdapter({
      defaultFromAddress: process.env.EMAIL_FROM ?? 'backoffice@localhost',
      defaultFromName: 'Backoffice',
      // Without SMTP_URL the sandbox prints each message, links included, instead of sending it.
      ...(process.env.SMTP_URL
        ? { transport: nodemailer.createTransport(process.env.SMTP_URL) }
        : { skipVerify: true, transport: nodemailer.createTransport(consoleTransport) }),
    }),
    globals: [siteSettingsGlobal()],
    i18n: {
      fallbackLanguage: 'en',
      // Arabic, Persian and Hebrew are there to check the right-to-left layout (Payload's
      // `rtlLanguages`); the plugin's own texts fall back to English in them.
      supportedLanguages: { ar, de, en, fa, fr, he, nl },
      translations: withTranslations(translationOverrides, appTranslations),
    },
    ...(logger ? { logger } : {}),
    localization: {
      defaultLocale: 'en',
      fallback: true,
      locales: [
        { code: 'en', label: 'English' },
        { code: 'de', label: 'Deutsch' },
        { code: 'fr', label: 'Français' },
        { code: 'nl', label: 'Nederlands' },
      ],
    },
    plugins: [
      seoPlugin({
        collections: ['pages', 'posts'],
        // With the plugin, title and description get the plugin's length gauge.
        ...(withBackoffice ? { fields: seoFieldsWithSpecGauge } : {}),
        generateDescription,
        generateImage,
        generateTitle,
        generateURL,
        tabbedUI: true,
        uploadsCollection: 'media',
      }),
      mediaStorage(s3),
      ...(withBackoffice
        ? [
            backofficePlugin({
              audit: { collections: ['pages', 'posts', 'media'] },
              // Staff API keys stay off here (Users has no `auth.useAPIKey`); with it, administrators
              // could give accounts keys once this is set:
              // apiKeys: { enabled: true },
              // Passkeys as a second factor are on by default; here they also sign in on their own.
              passkeys: { passwordless: true },
              // Single sign-on from the environment, or the demo provider of `npm run dev`.
              sso: { providers: sandboxProviders() },
              usersCollection: 'users',
              ...backofficeOptions,
            }),
          ]
        : []),
      ...(withVideo
        ? [
            videoPlugin({
              // One process does everything in the sandbox: `npm run dev` encodes what you upload.
              // In production, dedicated `payload jobs:run --queue video` workers do (docs/video.md).
              autoRun: true,
              mount: 'video',
              // Uploaded and encoded videos live in the bucket, or beside the sandbox's database,
              // outside git.
              storage: s3
                ? { ...s3, directory: process.env.VIDEO_DIR, type: 's3' }
                : { directory: process.env.VIDEO_DIR ?? path.resolve(dirname, '.video-files') },
              ...videoOptions,
            }),
            // Here only administrators create video tags (editors choose among them): the upload
            // modal offers "Create" where Payload's permissions allow it, and not elsewhere.
            (incoming: Config): Config => ({
              ...incoming,
              collections: incoming.collections?.map((collection) =>
                collection.slug === 'video-tags'
                  ? {
                      ...collection,
                      access: {
                        ...collection.access,
                        create: ({ req }) =>
                          Boolean(
                            (req.user as { roles?: string[] } | null)?.roles?.includes('admin'),
                          ),
                      },
                    }
                  : collection,
              ),
            }),
          ]
        : []),
    ],
    // The demo provider's staff member exists from the start, so its button signs someone in.
    // (`npm run dev` asks for it with SSO_DEMO_STAFF=1; tests bring accounts of their own.)
    ...(withBackoffice && process.env.SSO_DEMO_STAFF === '1' && !process.env.SSO_CORPORATE_ISSUER
      ? {
          onInit: async (payload) => {
            const { totalDocs } = await payload.count({
              collection: 'users',
              where: { email: { equals: demoStaff.email } },
            })
            if (totalDocs === 0) {
              await payload.create({
                collection: 'users',
                data: {
                  email: demoStaff.email,
                  identityProvider: 'corporate',
                  name: demoStaff.name,
                  // Never used: the account signs in at its provider (the plugin voids it).
                  password: randomBytes(32).toString('base64url'),
                  roles: ['admin'],
                },
              })
            }
          },
        }
      : {}),
    secret: required(
      'PAYLOAD_SECRET',
      'Start the sandbox with `npm run dev`, or set PAYLOAD_SECRET.',
    ),
    serverURL: process.env.SERVER_URL ?? 'http://localhost:3000',
    sharp,
    typescript: {
      // dev/payload-types.ts describes the whole sandbox, and the app's type check (`next build`)
      // reads it for the plugin's sources too. Payload regenerates it in a child process at every
      // start outside production, which outlives a short script such as the schema push: a variant
      // without the plugin or the video plugin (bench:bundle's vanilla build) would overwrite it
      // with types lacking their collections and fields, mid-build.
      // Off under the tests (vitest sets VITEST in its workers): each Payload they start would spawn
      // a `payload generate:types` child of 11–14 s of CPU that nothing reads. CI checks instead that
      // the committed file is current, as it does for the import map.
      autoGenerate: withBackoffice && withVideo && !process.env.VITEST,
      outputFile: path.resolve(dirname, 'payload-types.ts'),
    },
  })
}
