/**
 * Packs the package and proves a separate Payload app can use the tarball: its exports point into
 * dist/ and resolve, the types of all five entry points check, its config loads with both plugins,
 * and `payload generate:importmap` runs and maps the video field's component to
 * `payload-backoffice/video/client`. Prints the tarball's size. Used by CI; run it with
 * `node scripts/verify-tarball.mjs`.
 */
import { execFileSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

const root = path.resolve(import.meta.dirname, '..')
const own = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'))
const work = mkdtempSync(path.join(tmpdir(), 'backoffice-tarball-'))
const sh = (command, args, cwd, env = {}) =>
  execFileSync(command, args, {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  })

// 1. Pack (prepack builds dist/) and look inside.
const [packed] = JSON.parse(sh('npm', ['pack', '--json', '--pack-destination', work], root))
const tarball = path.join(work, packed.filename)
const files = packed.files.map((file) => file.path)
const leaked = files.filter((file) => /^(src|dev|test|scripts)\//.test(file))
if (leaked.length > 0)
  throw new Error(`The tarball ships files it should not: ${leaked.join(', ')}`)
for (const entry of Object.values(own.exports)) {
  for (const target of Object.values(entry)) {
    if (!target.startsWith('./dist/') || !files.includes(target.slice(2))) {
      throw new Error(`Export target ${target} is not a file in dist/ of the tarball`)
    }
  }
}
console.log(
  `✔ ${packed.filename}: ${(packed.size / 1024).toFixed(1)} kB packed, ${(packed.unpackedSize / 1024).toFixed(1)} kB unpacked, ${files.length} files`,
)

// 2. A scratch Payload app that depends on the tarball, with the versions the sandbox uses.
const app = path.join(work, 'app')
mkdirSync(path.join(app, 'app', '(payload)', 'admin'), { recursive: true })
const pin = (name) => own.devDependencies[name]
writeFileSync(
  path.join(app, 'package.json'),
  JSON.stringify(
    {
      dependencies: Object.fromEntries(
        [
          '@payloadcms/db-postgres',
          '@payloadcms/next',
          '@payloadcms/ui',
          'graphql',
          'next',
          'payload',
          'react',
          'react-dom',
          'typescript',
          '@types/react',
        ]
          .map((name) => [name, pin(name)])
          .concat([['payload-backoffice', `file:${tarball}`]]),
      ),
      name: 'scratch-payload-app',
      private: true,
      type: 'module',
    },
    null,
    2,
  ),
)
writeFileSync(
  path.join(app, 'payload.config.ts'),
  `import { postgresAdapter } from '@payloadcms/db-postgres'
import path from 'node:path'
import { buildConfig } from 'payload'
import { backofficePlugin } from 'payload-backoffice'
import { videoField, videoPlugin } from 'payload-backoffice/video'

const dirname = path.dirname(new URL(import.meta.url).pathname)

export default buildConfig({
  admin: { importMap: { baseDir: dirname, importMapFile: path.join(dirname, 'app/(payload)/admin/importMap.js') } },
  collections: [
    { slug: 'users', auth: true, fields: [] },
    { slug: 'posts', fields: [videoField({ name: 'video' })] },
  ],
  db: postgresAdapter({ pool: { connectionString: 'postgres://127.0.0.1:1/unused' } }),
  plugins: [backofficePlugin(), videoPlugin()],
  secret: 'scratch',
})
`,
)
writeFileSync(
  path.join(app, 'entries.ts'),
  `import { backofficePlugin, type BackofficePluginOptions, errorCatalogue } from 'payload-backoffice'
import { useBackofficeTranslation } from 'payload-backoffice/client'
import { getBackofficeTranslation } from 'payload-backoffice/rsc'
import { videoErrorCatalogue, videoPlugin, type VideoPluginOptions } from 'payload-backoffice/video'
import { VideoField } from 'payload-backoffice/video/client'

const options: BackofficePluginOptions = { enabled: true, usersCollection: 'users' }
const video: VideoPluginOptions = { mount: 'video' }
export const checks = [backofficePlugin(options), errorCatalogue.MFA_REQUIRED.status, useBackofficeTranslation, getBackofficeTranslation, videoPlugin(video), videoErrorCatalogue.VIDEO_NOT_FOUND.status, VideoField]
`,
)
writeFileSync(
  path.join(app, 'tsconfig.json'),
  JSON.stringify({
    compilerOptions: {
      jsx: 'react-jsx',
      module: 'NodeNext',
      moduleResolution: 'NodeNext',
      noEmit: true,
      skipLibCheck: true,
      strict: true,
      target: 'ES2022',
    },
    include: ['entries.ts', 'payload.config.ts'],
  }),
)
sh('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error'], app)
console.log('✔ installed into a scratch Payload app')

// 3. Types of all five entry points, the runtime imports, and Payload's import map generation.
sh('npx', ['tsc', '-p', 'tsconfig.json'], app)
console.log('✔ types of payload-backoffice, /client, /rsc, /video and /video/client check')
sh(
  'node',
  [
    '--input-type=module',
    '-e',
    "const m = await import('payload-backoffice'); if (typeof m.backofficePlugin !== 'function') process.exit(1)",
  ],
  app,
)
console.log('✔ the package imports at run time from dist/')
// The video entry alone, as an app without the back-office imports it; its client entry is only
// resolved (its components import Payload's CSS, which only the app's bundler can load).
sh(
  'node',
  [
    '--input-type=module',
    '-e',
    [
      "const m = await import('payload-backoffice/video')",
      "if (typeof m.videoPlugin !== 'function') process.exit(1)",
      "const client = import.meta.resolve('payload-backoffice/video/client')",
      "if (!client.endsWith('/dist/exports/videoClient.js')) process.exit(2)",
    ].join('\n'),
  ],
  app,
)
console.log('✔ payload-backoffice/video imports and /video/client resolves from dist/')
sh('npx', ['payload', 'generate:importmap'], app, {
  PAYLOAD_CONFIG_PATH: path.join(app, 'payload.config.ts'),
})
const importMap = readFileSync(path.join(app, 'app', '(payload)', 'admin', 'importMap.js'), 'utf8')
if (!importMap.includes("'payload-backoffice/video/client'")) {
  throw new Error(
    'The import map does not load the video field from payload-backoffice/video/client',
  )
}
console.log('✔ payload generate:importmap runs with both plugins and maps the video field')
