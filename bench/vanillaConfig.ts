/**
 * The dev app's config without `backofficePlugin`: the baseline the login benchmark compares against.
 * It mirrors dev/payload.config.ts line for line (same collections, editor, localization, email and
 * SEO plugin, same users collection with its hooks) so that the only difference between the two sides
 * is the plugin. Keep it in step with that file.
 */
import { postgresAdapter } from '@payloadcms/db-postgres'
import { nodemailerAdapter } from '@payloadcms/email-nodemailer'
import { seoPlugin } from '@payloadcms/plugin-seo'
import { ar } from '@payloadcms/translations/languages/ar'
import { de } from '@payloadcms/translations/languages/de'
import { en } from '@payloadcms/translations/languages/en'
import { fr } from '@payloadcms/translations/languages/fr'
import { nl } from '@payloadcms/translations/languages/nl'
import nodemailer from 'nodemailer'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { buildConfig } from 'payload'
import sharp from 'sharp'

import { Media } from '../dev/collections/Media.js'
import { Pages } from '../dev/collections/Pages.js'
import { Posts } from '../dev/collections/Posts.js'
import { richTextEditor } from '../dev/collections/richText.js'
import { Users } from '../dev/collections/Users.js'
import { consoleTransport } from '../dev/email/consoleTransport.js'
import { generateDescription, generateImage, generateTitle, generateURL } from '../dev/seo/generators.js'

const devDirname = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dev')

const required = (name: string): string => {
  const value = process.env[name]
  if (!value) {
    throw new Error(`${name} is not set: bench/login.ts sets it for each side.`)
  }
  return value
}

export default buildConfig({
  admin: {
    avatar: 'default',
    importMap: { baseDir: devDirname },
    meta: { titleSuffix: ' · Backoffice' },
    theme: 'all',
    user: Users.slug,
  },
  collections: [Pages, Posts, Media, Users],
  db: postgresAdapter({ pool: { connectionString: required('DATABASE_URL') } }),
  editor: richTextEditor,
  email: nodemailerAdapter({
    defaultFromAddress: 'backoffice@localhost',
    defaultFromName: 'Backoffice',
    skipVerify: true,
    transport: nodemailer.createTransport(consoleTransport),
  }),
  i18n: { fallbackLanguage: 'en', supportedLanguages: { ar, de, en, fr, nl } },
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
      generateDescription,
      generateImage,
      generateTitle,
      generateURL,
      tabbedUI: true,
      uploadsCollection: 'media',
    }),
  ],
  secret: required('PAYLOAD_SECRET'),
  serverURL: process.env.SERVER_URL ?? 'http://localhost:3000',
  sharp,
})
