// An integrator's app as Payload's blank template lays it out (templates/blank in payloadcms/payload):
// users with no roles field, media, Lexical as the editor, no email adapter, on PostgreSQL, with the
// plugin added as the README says. test/integratorApp/check.ts installs it beside the packed tarball.
import { postgresAdapter } from '@payloadcms/db-postgres'
import { lexicalEditor } from '@payloadcms/richtext-lexical'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { buildConfig } from 'payload'
import { backofficePlugin } from 'payload-backoffice'
import sharp from 'sharp'

import { Media } from './collections/Media'
import { Posts } from './collections/Posts'
import { Users } from './collections/Users'

const dirname = path.dirname(fileURLToPath(import.meta.url))

export default buildConfig({
  admin: {
    // Payload's default asks a remote avatar service, which a closed network cannot reach.
    avatar: 'default',
    importMap: { baseDir: path.resolve(dirname) },
    user: Users.slug,
  },
  collections: [Users, Media, Posts],
  db: postgresAdapter({ pool: { connectionString: process.env.DATABASE_URL || '' } }),
  editor: lexicalEditor(),
  plugins: [
    // The audit log follows the posts too: their creation, changes and publishing.
    backofficePlugin({ audit: { collections: ['posts'] }, usersCollection: 'users' }),
  ],
  secret: process.env.PAYLOAD_SECRET || '',
  serverURL: process.env.SERVER_URL || '',
  sharp,
  typescript: { outputFile: path.resolve(dirname, 'payload-types.ts') },
})
