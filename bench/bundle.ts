/**
 * `npm run bench:bundle`: what the plugin adds to the JavaScript a browser loads in the admin, on the
 * sign-in page and on a page with a new-password field (create first user), next to vanilla Payload
 * built from the same sandbox without the plugin, in the same run, and whether each goal is met.
 *
 * Two production builds of dev/ (the vanilla one with its own import map, so no plugin component is
 * even reachable from it), each started with `next start` on its own database; headless Chromium
 * opens each page with an empty cache and every script response is counted, raw and gzipped. On the
 * new-password page it then types one character, as a person setting a password does, and counts
 * again: what the keystroke adds (the meter asks the server for the strength, so no word list
 * reaches the browser; it downloaded 834 kB of them, gzipped, before issue 38).
 * uPlot (the security overview's chart library, imported when its chart mounts) must be fetched on
 * the overview, `/admin/security`, and on no other page measured; its gzip size there is printed.
 * `BENCH_BUNDLE_SCRIPTS=1` also lists every script with its gzipped size, to see what weighs.
 * On the plugin's new-password page it also times the meter: from a keystroke in the empty field to
 * zxcvbn's feedback on the page (goal: 300 ms, issue 38), over `BENCH_METER_SAMPLES` keystrokes
 * (20), with the load average, since a busy machine slows both the browser and the server.
 */
import type { Page } from 'playwright-core'

import { type ChildProcess, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { lstatSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
import pg from 'pg'

import { freePort } from '../dev/database/embeddedPostgres.js'
import { launchBrowser } from '../test/helpers/browser.js'
import { startTemporaryPostgres } from '../test/helpers/temporaryPostgres.js'
import { ms, summarize, table } from './lib/stats.js'

type Side = 'plugin' | 'vanilla'

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const appDir = path.join(repoRoot, 'dev')
const importMapFile = path.join(appDir, 'app/(payload)/admin/importMap.js')
const typesFile = path.join(appDir, 'payload-types.ts')
/**
 * Strings each zxcvbn-ts language's word lists carry through minification: the keys English and
 * French give their lists, the Dutch list's own key, and the first words of the German common list
 * (German names its lists without a suffix).
 */
const dictionaryMarkers = {
  de: 'ich,sie,das,ist,du,nicht,die',
  en: 'commonWords-en',
  fr: 'commonWords-fr',
  nl: 'boysFirstnames',
} as const
type DictionaryLanguage = keyof typeof dictionaryMarkers
/** What the plugin may add, gzipped (goals set in the project's speed issues). */
const goals = {
  newPasswordPage: 500 * 1024,
  /** What typing the first character adds on a new-password page (issue 38). */
  newPasswordPageTyped: 150 * 1024,
  signInPage: 10 * 1024,
}
const password = 'a-long-and-unusual-passphrase-42'
/** An event name only uPlot's code holds (its device-pixel-ratio listener): it survives minification. */
const chartMarker = 'dppxchange'
/**
 * Turbopack refuses a node_modules that is a symlink leaving the project (a git worktree sharing the
 * main checkout's install): there both sides are built with webpack. Either way both sides use the
 * same bundler, so the difference stays the plugin's.
 */
const bundlerFlags = lstatSync(path.join(repoRoot, 'node_modules')).isSymbolicLink()
  ? ['--webpack']
  : []

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
    await run('npx', ['next', 'build', appDir, ...bundlerFlags], env, `next build (${side})`)
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

type Script = { gzip: number; raw: number; url: string }
type PageScripts = {
  /** Gzip bytes of the scripts holding uPlot. */
  chartGzip: number
  /** The languages whose strength word lists arrived. */
  dictionaries: DictionaryLanguage[]
  gzip: number
  raw: number
  scripts: Script[]
}

const summarise = (scripts: { body: Buffer; url: string }[]): PageScripts => {
  const counted = scripts.map(({ body, url }) => ({
    gzip: gzipSync(body).length,
    raw: body.length,
    url: new URL(url).pathname,
  }))
  return {
    chartGzip: counted
      .filter((_, index) => scripts[index]!.body.includes(chartMarker))
      .reduce((sum, script) => sum + script.gzip, 0),
    dictionaries: (Object.keys(dictionaryMarkers) as DictionaryLanguage[]).filter((language) =>
      scripts.some(({ body }) => body.includes(dictionaryMarkers[language])),
    ),
    gzip: counted.reduce((sum, script) => sum + script.gzip, 0),
    raw: counted.reduce((sum, script) => sum + script.raw, 0),
    scripts: counted,
  }
}

/** Waits until the network is idle, lazily imported chunks included. */
const settle = async (page: Page) => {
  await page.waitForLoadState('networkidle')
  await page.waitForTimeout(1500)
  await page.waitForLoadState('networkidle')
}

/**
 * Every script the page loads from a cold cache, until the network is idle; with `typeInto`, also
 * everything loaded once one character is typed into that field.
 */
const measure = async (
  url: string,
  waitFor: string,
  typeInto?: string,
  signInAs?: { email: string; origin: string },
): Promise<{ afterTyping: null | PageScripts; atLoad: PageScripts }> => {
  const browser = await launchBrowser()
  try {
    const page = await browser.newPage()
    if (signInAs) {
      // Signed in through the login page first, whose scripts are not counted (and are then
      // cached: such a page's totals are not a cold load, its uPlot bytes are).
      await page.goto(`${signInAs.origin}/admin/login`)
      await page.waitForLoadState('networkidle')
      await page.locator('#field-email').fill(signInAs.email)
      await page.locator('#field-password').fill(password)
      await page.locator('button[type="submit"]').click()
      await page.waitForURL((address) => address.pathname === '/admin')
      await page.waitForLoadState('networkidle')
    }
    const responses: Promise<{ body: Buffer; url: string } | null>[] = []
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') {
        responses.push(
          response.body().then(
            (body) => ({ body, url: response.url() }),
            () => null,
          ),
        )
      }
    })
    const received = async () => (await Promise.all(responses)).filter((script) => script !== null)
    await page.goto(url)
    await page.locator(waitFor).first().waitFor()
    await settle(page)
    const atLoad = summarise(await received())
    if (!typeInto) {
      return { afterTyping: null, atLoad }
    }
    await page.locator(typeInto).pressSequentially('a')
    await settle(page)
    return { afterTyping: summarise(await received()), atLoad }
  } finally {
    await browser.close()
  }
}

/** A keystroke into the emptied field, to zxcvbn's feedback drawn under the meter, in ms. */
const meterLatencies = async (url: string, samples: number): Promise<number[]> => {
  const browser = await launchBrowser()
  try {
    const page = await browser.newPage()
    await page.goto(url)
    const field = page.locator('#field-password')
    await field.waitFor()
    await page.waitForLoadState('networkidle')
    const latencies: number[] = []
    for (let sample = 0; sample < samples; sample++) {
      await field.fill('')
      await page.locator('[data-password-suggestion]').waitFor({ state: 'detached' })
      const answered = page.evaluate(
        () =>
          new Promise<number>((resolve) => {
            const input = document.querySelector('#field-password')!
            let typedAt = 0
            input.addEventListener('keydown', () => (typedAt = performance.now()), { once: true })
            const observer = new MutationObserver(() => {
              if (typedAt > 0 && document.querySelector('[data-password-suggestion]')) {
                observer.disconnect()
                resolve(performance.now() - typedAt)
              }
            })
            observer.observe(document.body, { childList: true, subtree: true })
          }),
      )
      // A different letter each time, so no answer can come from a cache.
      await field.press(String.fromCharCode(97 + (sample % 26)))
      latencies.push(await answered)
    }
    return latencies
  } finally {
    await browser.close()
  }
}

const kB = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`

/** Any goal missed makes the run fail, after every figure is printed. */
const judge = (met: boolean) => {
  if (!met) {
    process.exitCode = 1
  }
  return met ? 'goal met' : 'goal missed'
}

const verdict = (added: number, goal: number) =>
  `${kB(added)} (goal ≤ ${kB(goal)}): ${judge(added <= goal)}`

const listScripts = (name: string, side: Side, scripts: Script[]) => {
  console.log(`\n${name}, ${side}: ${scripts.length} scripts`)
  for (const script of [...scripts].sort((a, b) => b.gzip - a.gzip)) {
    console.log(`  ${kB(script.gzip).padStart(10)}  ${script.url}`)
  }
}

const main = async () => {
  const postgres = await startTemporaryPostgres('backoffice-bench-bundle-pg-')
  const servers: ChildProcess[] = []
  try {
    const results = {
      'new password, at load': {} as Record<Side, PageScripts>,
      'new password, one character typed': {} as Record<Side, PageScripts>,
      'sign in': {} as Record<Side, PageScripts>,
    }
    let overview: null | PageScripts = null
    let meter: null | ReturnType<typeof summarize> = null
    let meterLoad = ''
    for (const side of ['plugin', 'vanilla'] as const) {
      const databaseUrl = await createDatabase(postgres.url, `bench_bundle_${side}`)
      const port = await freePort()
      const serverUrl = `http://127.0.0.1:${port}`
      const env = environment(side, databaseUrl, serverUrl)
      console.log(`Building the ${side} app…`)
      await build(side, env)
      servers.push(await start(env, port))
      // An empty database: the admin asks for the first user, a page with a new-password field.
      const firstUser = await measure(
        `${serverUrl}/admin/create-first-user`,
        '#field-password',
        '#field-password',
      )
      results['new password, at load'][side] = firstUser.atLoad
      results['new password, one character typed'][side] = firstUser.afterTyping!
      if (side === 'plugin') {
        meter = summarize(
          await meterLatencies(
            `${serverUrl}/admin/create-first-user`,
            Number(process.env.BENCH_METER_SAMPLES ?? 20),
          ),
        )
        meterLoad = loadavg()[0]!.toFixed(2)
      }
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
      results['sign in'][side] = (
        await measure(`${serverUrl}/admin/login`, '#field-password')
      ).atLoad
      if (side === 'plugin') {
        // The plugin's own page, signed in as the first user (an administrator): its chart's library.
        overview = (
          await measure(`${serverUrl}/admin/security`, '.backoffice-chart canvas', undefined, {
            email: 'bench@example.com',
            origin: serverUrl,
          })
        ).atLoad
      }
      process.kill(-servers.pop()!.pid!, 'SIGTERM')
      // BENCH_BUNDLE_KEEP_BUILDS=1 keeps them (dev/.next-bench-*), e.g. for the browser tests.
      if (process.env.BENCH_BUNDLE_KEEP_BUILDS !== '1') {
        rmSync(path.join(appDir, env.NEXT_DIST_DIR!), { force: true, recursive: true })
      }
    }

    if (process.env.BENCH_BUNDLE_SCRIPTS === '1') {
      for (const [name, sides] of Object.entries(results)) {
        listScripts(name, 'vanilla', sides.vanilla.scripts)
        listScripts(name, 'plugin', sides.plugin.scripts)
      }
    }
    console.log(
      `\nJavaScript loaded by a browser with an empty cache (all script responses, raw and gzipped; ${bundlerFlags.length ? 'webpack' : 'Turbopack'} builds):\n`,
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
        'strength word lists (plugin)',
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
        `${sides.vanilla.scripts.length}/${sides.plugin.scripts.length}`,
        sides.plugin.dictionaries.join(', ') || 'none',
      ])
    }
    console.log(table(rows))
    const added = (sides: Record<Side, PageScripts>) => sides.plugin.gzip - sides.vanilla.gzip
    console.log('\nGoals, what the plugin adds (gzip):')
    console.log(`  sign-in page: ${verdict(added(results['sign in']), goals.signInPage)}`)
    console.log(
      `  new-password page, at load: ${verdict(added(results['new password, at load']), goals.newPasswordPage)}`,
    )
    const typed = results['new password, one character typed'].plugin
    const loaded = results['new password, at load'].plugin
    console.log(
      `  new-password page, what the first character typed adds: ${verdict(typed.gzip - loaded.gzip, goals.newPasswordPageTyped)}`,
    )
    console.log(
      `  the meter, keystroke to zxcvbn's feedback on the page: median ${ms(meter!.median)}, p95 ${ms(meter!.p95)} over ${meter!.count} keystrokes, load average ${meterLoad} (goal: p95 ≤ 300 ms): ${judge(meter!.p95 <= 300)}`,
    )
    // The word lists: on no page, typed in or not (the server scores).
    const wordLists = [
      ['sign-in page', results['sign in'].plugin.dictionaries, []],
      ['new-password page, at load', results['new password, at load'].plugin.dictionaries, []],
      [
        'new-password page, once typed in',
        results['new password, one character typed'].plugin.dictionaries,
        [],
      ],
    ] as const
    for (const [page, loaded, expected] of wordLists) {
      const met = loaded.join() === expected.join()
      console.log(
        `  strength word lists on the ${page}: ${loaded.join(', ') || 'none'} (goal: ${expected.join(', ') || 'none'}): ${judge(met)}`,
      )
    }
    const chartOn = (page: PageScripts) => kB(page.chartGzip)
    console.log(
      `\nuPlot (the security overview's chart library), gzipped: ${chartOn(overview!)} on the overview, ` +
        `${chartOn(results['sign in'].plugin)} on the sign-in page, ${chartOn(results['new password, at load'].plugin)} on create first user.`,
    )
    const chartOnlyThere =
      overview!.chartGzip > 0 &&
      results['sign in'].plugin.chartGzip === 0 &&
      results['new password, at load'].plugin.chartGzip === 0
    console.log(`  uPlot only on the overview: ${judge(chartOnlyThere)}`)
  } finally {
    for (const server of servers) {
      process.kill(-server.pid!, 'SIGTERM')
    }
    await postgres.stop()
  }
}

await main()
