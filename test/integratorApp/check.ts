/**
 * The integrator-app check: packs the plugin and proves that an app shaped like Payload's blank
 * template (test/integratorApp/app) works with the tarball, as a new integrator would use it.
 *
 * 1. `npm pack`: nothing but dist/, docs and the package's texts ship; every export target is a file.
 * 2. The app installs the tarball (not the source) beside payload and @payloadcms/* 3.90.1,
 *    @payloadcms/richtext-lexical among them, with npm from the registry.
 * 3. The package imports at run time; `payload generate:importmap` maps the plugin's components
 *    (and, in a second small config, the video field's); `tsc` checks the app and all five entry points.
 * 4. On an empty embedded PostgreSQL: `payload migrate:create`, then `payload migrate`.
 * 5. `next build`, `next start` on a free loopback port, and a Chromium walk (walk.ts).
 *
 * Every process it starts is stopped at the end, also on failure or on SIGINT/SIGTERM; it exits
 * non-zero on any failure. Run it with `npm run test:integrator`; CI runs it (.ci/run).
 */
import { type ChildProcess, spawn } from 'node:child_process'
import {
  cpSync,
  createWriteStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import pg from 'pg'

import { freePort } from '../../dev/database/embeddedPostgres.js'
import { startTemporaryPostgres } from '../helpers/temporaryPostgres.js'
import { walkThroughTheApp } from './walk.js'

const root = path.resolve(import.meta.dirname, '../..')
const own = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
  allowScripts: Record<string, boolean>
  devDependencies: Record<string, string>
  exports: Record<string, Record<string, string>>
}
const work = mkdtempSync(path.join(tmpdir(), 'backoffice-integrator-'))
const app = path.join(work, 'app')

const started = Date.now()
const seconds = () => ((Date.now() - started) / 1000).toFixed(0)
const step = (name: string) => console.log(`\n▶ ${name}  (+${seconds()} s)`)
const done = (line: string) => console.log(`✔ ${line}`)

/** The processes still running that this check started, stopped by `stopAll`. */
const running = new Set<ChildProcess>()
let stopDatabase: (() => Promise<void>) | undefined

/**
 * Runs a command to its end: resolves with its standard output, rejects with its output when it
 * exits non-zero.
 */
const run = (
  command: string,
  args: string[],
  { cwd = app, env = {} }: { cwd?: string; env?: Record<string, string> } = {},
): Promise<string> =>
  new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd,
      detached: true,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    running.add(child)
    // Its standard output is the answer; both streams, in order, are the report when it fails.
    let stdout = ''
    let output = ''
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk
      output += chunk
    })
    child.stderr.on('data', (chunk: Buffer) => (output += chunk))
    child.on('error', reject)
    child.on('close', (code, signal) => {
      running.delete(child)
      if (code === 0) {
        resolve(stdout)
      } else {
        reject(
          new Error(
            `${command} ${args.join(' ')} failed (${signal ?? `exit ${code}`}):\n${output.slice(-6000)}`,
          ),
        )
      }
    })
  })

/**
 * Payload's CLI (payload/bin.js) starts its command with `void start()` and loads the TypeScript
 * config through tsx's loader thread. While that thread compiles (a cold tsx cache, a busy machine),
 * the main thread has nothing to keep it alive, so Node ends the process with exit code 0 having done
 * nothing and printed nothing: one cold call in three here, and twice in a row on a loaded machine.
 * This runner does what bin.js does (tsx's `tsImport`, and dropping `module.registerHooks` on Node
 * 23.5+ as bin.js does for payloadcms/payload#16949) with a timer that keeps the process alive until
 * the command has finished.
 */
const payloadRunner = `import nodeModule from 'node:module'

if (typeof nodeModule.registerHooks === 'function') {
  nodeModule.registerHooks = undefined
}
const keepAlive = setInterval(() => {}, 60_000)
try {
  const { tsImport } = await import('tsx/esm/api')
  const binUrl = new URL('./node_modules/payload/dist/bin/index.js', import.meta.url).href
  const { bin } = await tsImport(binUrl, import.meta.url)
  await bin()
} finally {
  clearInterval(keepAlive)
}
`

/** A Payload CLI command, checked by what it leaves behind (it exits 0 when it did its work). */
const payloadCli = async (
  args: string[],
  env: Record<string, string>,
  didIt: () => Promise<boolean> | boolean,
) => {
  const said = await run('node', ['payload-cli.mjs', ...args], { env })
  if (!(await didIt())) {
    throw new Error(`payload ${args.join(' ')} exited 0 and did nothing; it said:\n${said}`)
  }
}

const stopAll = async () => {
  await Promise.all(
    [...running].map(
      (child) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) {
            resolve()
            return
          }
          const kill = setTimeout(() => signalGroup(child, 'SIGKILL'), 10_000)
          child.once('exit', () => {
            clearTimeout(kill)
            resolve()
          })
          signalGroup(child, 'SIGTERM')
        }),
    ),
  )
  running.clear()
  await stopDatabase?.()
  stopDatabase = undefined
}

/**
 * Every command runs detached, as the leader of its own process group, so that the processes it
 * starts (npx's node, next start's workers) stop with it.
 */
const signalGroup = (child: ChildProcess, signal: NodeJS.Signals) => {
  try {
    process.kill(-child.pid!, signal)
  } catch {
    // Already gone.
  }
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    console.error(`\n✘ ${signal}: stopping what the check started`)
    void stopAll().finally(() => {
      rmSync(work, { force: true, recursive: true })
      process.exit(1)
    })
  })
}

const pack = async (): Promise<string> => {
  step('Pack the plugin (prepack builds dist/)')
  const [packed] = JSON.parse(
    await run('npm', ['pack', '--json', '--loglevel=error', '--pack-destination', work], {
      cwd: root,
    }),
  ) as [{ filename: string; files: { path: string }[]; size: number; unpackedSize: number }]
  const files = packed.files.map((file) => file.path)
  const leaked = files.filter((file) => /^(src|dev|test|scripts|bench)\//.test(file))
  if (leaked.length > 0) {
    throw new Error(`The tarball ships files it should not: ${leaked.join(', ')}`)
  }
  for (const entry of Object.values(own.exports)) {
    for (const target of Object.values(entry)) {
      if (!target.startsWith('./dist/') || !files.includes(target.slice(2))) {
        throw new Error(`Export target ${target} is not a file in dist/ of the tarball`)
      }
    }
  }
  done(
    `${packed.filename}: ${(packed.size / 1024).toFixed(1)} kB packed, ${(packed.unpackedSize / 1024).toFixed(1)} kB unpacked, ${files.length} files; every export target is in dist/`,
  )
  return path.join(work, packed.filename)
}

const install = async (tarball: string) => {
  step('Install the tarball into the integrator app (npm install from the registry)')
  cpSync(path.join(root, 'test/integratorApp/app'), app, { recursive: true })
  // The sandbox's versions: payload and every @payloadcms package exactly as the repository pins them.
  const payloadVersion = own.devDependencies.payload!
  const pinned = (name: string) => [name, own.devDependencies[name]!]
  writeFileSync(
    path.join(app, 'package.json'),
    JSON.stringify(
      {
        // As the repository's: npm 11 runs no dependency's install script unless listed here.
        allowScripts: own.allowScripts,
        dependencies: Object.fromEntries([
          pinned('@payloadcms/db-postgres'),
          pinned('@payloadcms/next'),
          ['@payloadcms/richtext-lexical', payloadVersion],
          pinned('@payloadcms/ui'),
          pinned('graphql'),
          pinned('next'),
          pinned('payload'),
          ['payload-backoffice', `file:${tarball}`],
          pinned('react'),
          pinned('react-dom'),
          pinned('sharp'),
        ]),
        devDependencies: Object.fromEntries([
          pinned('@types/node'),
          pinned('@types/react'),
          pinned('@types/react-dom'),
          pinned('typescript'),
        ]),
        name: 'integrator-app',
        private: true,
        type: 'module',
      },
      null,
      2,
    ),
  )
  await run('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error'])
  const installed = JSON.parse(
    readFileSync(path.join(app, 'node_modules/payload-backoffice/package.json'), 'utf8'),
  ) as { version: string }
  done(
    `installed payload-backoffice ${installed.version} from the tarball, payload ${payloadVersion}`,
  )
}

/** The package's runtime imports, its components in the import map, and the app's types. */
const importsAndTypes = async () => {
  step('Imports at run time, the import map, and the types of the app and all five entry points')
  await run('node', [
    '--input-type=module',
    '-e',
    [
      "const m = await import('payload-backoffice')",
      "if (typeof m.backofficePlugin !== 'function' || typeof m.assertPasswordAllowed !== 'function') process.exit(1)",
      // The video entry alone, as an app without the back-office imports it; its client entry is
      // only resolved (its components import Payload's CSS, which only the app's bundler loads).
      "const video = await import('payload-backoffice/video')",
      "if (typeof video.videoPlugin !== 'function') process.exit(2)",
      "if (!import.meta.resolve('payload-backoffice/video/client').endsWith('/dist/exports/videoClient.js')) process.exit(3)",
    ].join('\n'),
  ])
  done('payload-backoffice and /video import from dist/; /video/client resolves')

  const offline = { DATABASE_URL: 'postgres://offline', PAYLOAD_SECRET: 'offline' }
  const importMapFile = path.join(app, 'src/app/(payload)/admin/importMap.js')
  writeFileSync(path.join(app, 'payload-cli.mjs'), payloadRunner)
  await payloadCli(['generate:importmap'], offline, () => existsSync(importMapFile))
  if (!readFileSync(importMapFile, 'utf8').includes("'payload-backoffice/client'")) {
    throw new Error("The app's import map loads no component from payload-backoffice/client")
  }
  done("payload generate:importmap maps the plugin's components from payload-backoffice/client")

  // The video plugin beside the back-office, in a config of its own (the template has no video).
  const videoCheck = path.join(app, 'video-check')
  mkdirSync(videoCheck)
  writeFileSync(
    path.join(videoCheck, 'payload.config.ts'),
    `import { postgresAdapter } from '@payloadcms/db-postgres'
import path from 'node:path'
import { buildConfig } from 'payload'
import { backofficePlugin } from 'payload-backoffice'
import { videoField, videoPlugin } from 'payload-backoffice/video'

const dirname = path.dirname(new URL(import.meta.url).pathname)

export default buildConfig({
  admin: { importMap: { baseDir: dirname, importMapFile: path.join(dirname, 'importMap.js') } },
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
  const videoImportMap = path.join(videoCheck, 'importMap.js')
  await payloadCli(
    ['generate:importmap'],
    { PAYLOAD_CONFIG_PATH: path.join(videoCheck, 'payload.config.ts') },
    () => existsSync(videoImportMap),
  )
  if (!readFileSync(videoImportMap, 'utf8').includes("'payload-backoffice/video/client'")) {
    throw new Error(
      'The import map does not load the video field from payload-backoffice/video/client',
    )
  }
  done('with videoPlugin beside it, the import map loads the video field from /video/client')

  await run('npx', ['tsc', '-p', 'tsconfig.json'])
  done('tsc: the app, and payload-backoffice, /client, /rsc, /video and /video/client, check')
}

/** `payload migrate:create` then `payload migrate` on an empty database; returns its URL. */
const migrate = async (): Promise<string> => {
  step('An empty PostgreSQL: payload migrate:create, then payload migrate')
  const database = await startTemporaryPostgres('backoffice-integrator-pg-')
  stopDatabase = database.stop
  const url = await database.createDatabase('integrator_app')
  // Outside production the Postgres adapter pushes the schema itself; an operator's migration runs
  // with that off.
  const env = { DATABASE_URL: url, NODE_ENV: 'production', PAYLOAD_SECRET: 'integrator-check' }
  const migrations = path.join(app, 'src/migrations')
  const written = () =>
    existsSync(migrations)
      ? readdirSync(migrations).filter((file) => /_initial\.ts$/.test(file))
      : []
  await payloadCli(['migrate:create', 'initial', '--skip-empty'], env, () => written().length > 0)
  const [migration] = written()
  if (!migration) {
    throw new Error('payload migrate:create wrote no migration')
  }
  const sql = readFileSync(path.join(migrations, migration), 'utf8')
  const [up] = sql.split(/export async function down/)
  if (/\bDROP\b/i.test(up!)) {
    throw new Error(`The first migration drops something: ${migration}`)
  }
  // users_roles holds the roles field the plugin adds to the template's users (a select, hasMany).
  for (const table of ['users', 'users_roles', 'audit_log', 'posts', 'media']) {
    if (!up!.includes(`CREATE TABLE "${table}"`)) {
      throw new Error(`The migration creates no "${table}" table`)
    }
  }
  done(
    `payload migrate:create wrote ${migration} (users with the plugin's roles, audit log, posts, media; no DROP)`,
  )
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    const applied = async () =>
      (
        await client
          .query<{ name: string }>('SELECT name FROM payload_migrations')
          .catch(() => ({ rows: [] }))
      ).rows.map((row) => row.name)
    const name = migration.replace(/\.ts$/, '')
    await payloadCli(['migrate'], env, async () => (await applied()).includes(name))
    const tables = await client.query(
      "SELECT 1 FROM information_schema.tables WHERE table_schema = 'public'",
    )
    done(`payload migrate applied it to the empty database: ${tables.rowCount} tables`)
  } finally {
    await client.end()
  }
  return url
}

const buildAndStart = async (databaseUrl: string): Promise<string> => {
  const port = await freePort()
  const appUrl = `http://127.0.0.1:${port}`
  const env = {
    DATABASE_URL: databaseUrl,
    NEXT_TELEMETRY_DISABLED: '1',
    PAYLOAD_SECRET: 'integrator-check',
    SERVER_URL: appUrl,
  }
  step('next build')
  await run('npx', ['next', 'build'], { env })
  done('next build')

  step(`next start on ${appUrl}`)
  const log = path.join(work, 'next-start.log')
  const out = createWriteStream(log)
  const server = spawn(
    path.join(app, 'node_modules/.bin/next'),
    ['start', '-H', '127.0.0.1', '-p', String(port)],
    {
      cwd: app,
      detached: true,
      env: { ...process.env, ...env, NODE_ENV: 'production' },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  )
  running.add(server)
  server.stdout.pipe(out)
  server.stderr.pipe(out)
  server.on('exit', () => running.delete(server))
  const deadline = Date.now() + 90_000
  for (;;) {
    if (server.exitCode !== null) {
      throw new Error(`next start exited (${server.exitCode}):\n${readFileSync(log, 'utf8')}`)
    }
    const status = await fetch(`${appUrl}/admin/login`).then(
      (response) => response.status,
      () => 0,
    )
    if (status === 200) {
      break
    }
    if (Date.now() > deadline) {
      throw new Error(
        `next start did not answer /admin/login with 200 (${status}):\n${readFileSync(log, 'utf8')}`,
      )
    }
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  done('the admin answers')
  return appUrl
}

let failed = false
try {
  const tarball = await pack()
  await install(tarball)
  await importsAndTypes()
  const databaseUrl = await migrate()
  const appUrl = await buildAndStart(databaseUrl)
  step(
    'Chromium walk: first user, TOTP, sign-out, sign-in with a code, overview, audit log, Lexical',
  )
  await walkThroughTheApp(appUrl, done)
} catch (error) {
  failed = true
  console.error(`\n✘ ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`)
  const log = path.join(work, 'next-start.log')
  try {
    console.error(`\nnext start's last lines:\n${readFileSync(log, 'utf8').slice(-4000)}`)
  } catch {
    // The server had not started.
  }
} finally {
  await stopAll()
}
if (failed) {
  console.error(`\nThe integrator app is kept in ${app} for a look.`)
  process.exit(1)
}
rmSync(work, { force: true, recursive: true })
console.log(`\n✔ The integrator-app check passed in ${seconds()} s`)
