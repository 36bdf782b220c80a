/**
 * `npm run bench:bundle`: what the plugin adds to the JavaScript a browser loads in the admin, on the
 * sign-in page and on a page with a new-password field (create first user), next to vanilla Payload
 * built from the same sandbox without the plugin, in the same run.
 *
 * Two production builds of dev/ (the vanilla one with its own import map, so no plugin component is
 * even reachable from it), each started with `next start` on its own database; headless Chromium
 * opens each page with an empty cache and every script response is counted, raw and gzipped. It also
 * checks that the password-strength dictionaries (megabytes of word lists) are fetched only where a
 * new-password field is shown, never on the sign-in page, and that uPlot (the security overview's
 * chart library, imported when its chart mounts) is fetched on the overview, `/admin/security`, and
 * on no other page measured, the sign-in page included; its gzip size on the overview is printed.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
import pg from 'pg'

import { freePort } from '../dev/database/embeddedPostgres.js'
import { launchBrowser } from '../test/helpers/browser.js'
import { startTemporaryPostgres } from '../test/helpers/temporaryPostgres.js'
import { table } from './lib/stats.js'

type Side = 'plugin' | 'vanilla'

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const appDir = path.join(repoRoot, 'dev')
const importMapFile = path.join(appDir, 'app/(payload)/admin/importMap.js')
const typesFile = path.join(appDir, 'payload-types.ts')
/** Keys of the zxcvbn-ts dictionaries: they survive minification as string literals. */
const dictionaryMarkers = ['commonWords-en', 'commonWords-de', 'commonWords-fr', 'commonWords-nl']
/** An event name only uPlot's code holds (its device-pixel-ratio listener): it survives minification. */
const chartMarker = 'dppxchange'
const password = 'a-long-and-unusual-passphrase-42'

/** A new, empty database on the benchmark's PostgreSQL. */
const createDatabase = async (serverUrl: string, name: string): Promise<string> => {
  const client = new pg.Client({ connectionString: serverUrl })
  await client.connect()
  try {
    await client.query(`CREATE DATABASE "${name}"`)
  } finally {
    await client.end()
  }
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  return url.toString()
}

const run = (command: string, args: string[], env: NodeJS.ProcessEnv, label: string) =>
  new Promise<void>((resolve, reject) => {
    const child = spawn(command, args, { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'pipe'] })
    let output = ''
    child.stdout.on('data', (chunk) => (output += chunk))
    child.stderr.on('data', (chunk) => (output += chunk))
    child.on('exit', (code) =>
      code === 0
        ? resolve()
        : reject(new Error(`${label} failed (exit ${code}):\n${output.slice(-3000)}`)),
    )
  })

const environment = (side: Side, databaseUrl: string, serverUrl: string): NodeJS.ProcessEnv => {
  const { SMTP_URL: _smtp, ...inherited } = process.env
  return {
    ...inherited,
    DATABASE_URL: databaseUrl,
    MEDIA_DIR: mkdtempSync(path.join(tmpdir(), 'backoffice-bench-media-')),
    NEXT_DIST_DIR: `.next-bench-${side}`,
    NEXT_TELEMETRY_DISABLED: '1',
    PAYLOAD_SECRET: randomBytes(32).toString('hex'),
    SANDBOX_WITHOUT_BACKOFFICE: side === 'vanilla' ? '1' : '',
    SERVER_URL: serverUrl,
  }
}

/**
 * Builds one side. The vanilla side gets the import map vanilla Payload generates, restored after.
 * Its schema push also regenerates dev/payload-types.ts without the plugin's fields (Payload writes
 * the types whenever it starts outside production), which the plugin's sources need to typecheck in
 * the build: the committed file is put back before building.
 */
const build = async (side: Side, env: NodeJS.ProcessEnv) => {
  const committedImportMap = readFileSync(importMapFile, 'utf8')
  const committedTypes = readFileSync(typesFile, 'utf8')
  try {
    if (side === 'vanilla') {
      await run(
        'npx',
        ['payload', 'generate:importmap'],
        { ...env, PAYLOAD_CONFIG_PATH: 'dev/payload.config.ts' },
        'generate:importmap',
      )
    }
    await run('npx', ['tsx', 'dev/scripts/pushSchema.ts'], env, `schema push (${side})`)
    writeFileSync(typesFile, committedTypes)
    await run('npx', ['next', 'build', appDir], env, `next build (${side})`)
  } finally {
    writeFileSync(importMapFile, committedImportMap)
    writeFileSync(typesFile, committedTypes)
  }
}

const start = async (env: NodeJS.ProcessEnv, port: number): Promise<ChildProcess> => {
  const server = spawn(
    'npx',
    ['next', 'start', appDir, '--port', String(port), '--hostname', '127.0.0.1'],
    {
      cwd: repoRoot,
      detached: true,
      env: { ...env, NODE_ENV: 'production' },
      stdio: 'ignore',
    },
  )
  const deadline = Date.now() + 120_000
  while (Date.now() < deadline) {
    try {
      if (
        (await fetch(`http://127.0.0.1:${port}/admin/login`, { redirect: 'manual' })).status < 500
      ) {
        return server
      }
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
  throw new Error(`next start did not answer on port ${port}`)
}

type PageScripts = {
  /** Gzip bytes of the scripts holding uPlot. */
  chartGzip: number
  dictionaries: boolean
  gzip: number
  raw: number
  scripts: number
}

/**
 * Every script the page loads from a cold cache, until the network is idle; with `signInAs`, after
 * signing in through the login page in the same browser (whose scripts are not counted, and are
 * then cached: such a page's totals are not a cold load, its uPlot bytes are).
 */
const measure = async (
  url: string,
  waitFor: string,
  signInAs?: { email: string; origin: string },
): Promise<PageScripts> => {
  const browser = await launchBrowser()
  try {
    const page = await browser.newPage()
    if (signInAs) {
      await page.goto(`${signInAs.origin}/admin/login`)
      await page.waitForLoadState('networkidle')
      await page.locator('#field-email').fill(signInAs.email)
      await page.locator('#field-password').fill(password)
      await page.locator('button[type="submit"]').click()
      await page.waitForURL((address) => address.pathname === '/admin')
      await page.waitForLoadState('networkidle')
    }
    const bodies: Promise<Buffer | null>[] = []
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') {
        bodies.push(response.body().catch(() => null))
      }
    })
    await page.goto(url)
    await page.locator(waitFor).first().waitFor()
    await page.waitForLoadState('networkidle')
    // Give lazily imported chunks (the strength dictionaries) time to arrive.
    await page.waitForTimeout(1500)
    await page.waitForLoadState('networkidle')
    const scripts = (await Promise.all(bodies)).filter((body): body is Buffer => body !== null)
    return {
      chartGzip: scripts
        .filter((body) => body.includes(chartMarker))
        .reduce((sum, body) => sum + gzipSync(body).length, 0),
      dictionaries: scripts.some((body) =>
        dictionaryMarkers.some((marker) => body.includes(marker)),
      ),
      gzip: scripts.reduce((sum, body) => sum + gzipSync(body).length, 0),
      raw: scripts.reduce((sum, body) => sum + body.length, 0),
      scripts: scripts.length,
    }
  } finally {
    await browser.close()
  }
}

const kB = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`

const main = async () => {
  const postgres = await startTemporaryPostgres('backoffice-bench-bundle-pg-')
  const servers: ChildProcess[] = []
  let overview: null | PageScripts = null
  try {
    const results: Record<string, Record<Side, PageScripts>> = {
      'create first user': {} as never,
      'sign in': {} as never,
    }
    for (const side of ['vanilla', 'plugin'] as const) {
      const databaseUrl = await createDatabase(postgres.url, `bench_bundle_${side}`)
      const port = await freePort()
      const serverUrl = `http://127.0.0.1:${port}`
      const env = environment(side, databaseUrl, serverUrl)
      console.log(`Building the ${side} app…`)
      await build(side, env)
      servers.push(await start(env, port))
      // An empty database: the admin asks for the first user, a page with a new-password field.
      results['create first user']![side] = await measure(
        `${serverUrl}/admin/create-first-user`,
        '#field-password',
      )
      const created = await fetch(`${serverUrl}/api/users/first-register`, {
        body: JSON.stringify({ email: 'bench@example.com', password }),
        headers: { 'Content-Type': 'application/json', Origin: serverUrl },
        method: 'POST',
      })
      if (!created.ok) {
        throw new Error(
          `first-register on the ${side} app answered ${created.status}: ${await created.text()}`,
        )
      }
      results['sign in']![side] = await measure(`${serverUrl}/admin/login`, '#field-password')
      if (side === 'plugin') {
        // The plugin's own page, signed in as the first user (an administrator): its chart's library.
        overview = await measure(`${serverUrl}/admin/security`, '.backoffice-chart canvas', {
          email: 'bench@example.com',
          origin: serverUrl,
        })
      }
      process.kill(-servers.pop()!.pid!, 'SIGTERM')
      rmSync(path.join(appDir, env.NEXT_DIST_DIR!), { force: true, recursive: true })
    }

    console.log(
      '\nJavaScript loaded by a browser with an empty cache (all script responses, raw and gzipped):\n',
    )
    const rows = [
      [
        'page',
        'vanilla gzip',
        'plugin gzip',
        'added gzip',
        'vanilla raw',
        'plugin raw',
        'scripts v/p',
        'strength dictionaries (plugin)',
      ],
    ]
    for (const [name, sides] of Object.entries(results)) {
      rows.push([
        name,
        kB(sides.vanilla.gzip),
        kB(sides.plugin.gzip),
        kB(sides.plugin.gzip - sides.vanilla.gzip),
        kB(sides.vanilla.raw),
        kB(sides.plugin.raw),
        `${sides.vanilla.scripts}/${sides.plugin.scripts}`,
        sides.plugin.dictionaries ? 'loaded' : 'not loaded',
      ])
    }
    console.log(table(rows))
    const chartOn = (page: PageScripts) => kB(page.chartGzip)
    console.log(
      `\nuPlot (the security overview's chart library), gzipped: ${chartOn(overview!)} on the overview, ` +
        `${chartOn(results['sign in']!.plugin)} on the sign-in page, ${chartOn(results['create first user']!.plugin)} on create first user.`,
    )
    if (overview!.chartGzip === 0) {
      throw new Error('uPlot was not loaded on the security overview: its chart cannot draw.')
    }
    if (
      results['sign in']!.plugin.chartGzip > 0 ||
      results['create first user']!.plugin.chartGzip > 0
    ) {
      throw new Error(
        'uPlot was loaded outside the security overview: it must load only with its chart.',
      )
    }
    if (results['sign in']!.plugin.dictionaries) {
      throw new Error(
        'The strength dictionaries were loaded on the sign-in page: they must load only with a new-password field.',
      )
    }
    if (!results['create first user']!.plugin.dictionaries) {
      throw new Error(
        'The strength dictionaries were not loaded on the create-first-user page: the meter cannot score.',
      )
    }
  } finally {
    for (const server of servers) {
      process.kill(-server.pid!, 'SIGTERM')
    }
    await postgres.stop()
  }
}

await main()
