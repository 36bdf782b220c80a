/**
 * `npm run bench:scale`: the sign-in limits of the dev app served by 1, 2 and 10 `next start`
 * processes on one database behind a real HAProxy (round robin, `option forwardfor`), with
 * `trustProxy` on (TRUST_PROXY=1), in one run:
 * - passwords checked against the per-client-address limit (`clientFailureLimit`, 100) when one
 *   address sprays `--guesses` (1,000) sign-ins at unknown accounts, `--concurrency` (50) at a time.
 *   A limit kept per process lets N processes check N times as many; the goal is the limit, within
 *   a few percent, whatever N;
 * - a staff member's sign-in p95 at 1 and 2 processes under the same load: `--clients` (40) clients,
 *   each from an address of its own, guessing at unknown accounts one after another.
 * The load average is printed with each figure (the machine is shared; read them together).
 *
 * Flags: `--guesses N`, `--concurrency N`, `--clients N`, `--sign-ins N` (40), `--dist-dir DIR`
 * (`.next-bench-scale`; built when it has no build, or with `--build`; `.next` reuses the browser
 * tests' build). Needs Debian's haproxy (`apt-get install -y haproxy`) or `HAPROXY_PATH`.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import os, { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import pg from 'pg'

import { freePort } from '../dev/database/embeddedPostgres.js'
import { fromAddress } from '../test/helpers/fromAddress.js'
import { startHaproxy } from '../test/helpers/haproxy.js'
import { inBatches } from '../test/helpers/inBatches.js'
import { startTemporaryPostgres } from '../test/helpers/temporaryPostgres.js'
import { countFlag } from './lib/flags.js'
import { ms, summarize, table } from './lib/stats.js'

const LIMIT = 100
/** Within this share of the limit counts as holding it. */
const TOLERANCE = 0.05
const GUESSES = countFlag('--guesses', 1000)
const CONCURRENCY = countFlag('--concurrency', 50)
const CLIENTS = countFlag('--clients', 40)
const SIGN_INS = countFlag('--sign-ins', 40)
const distFlag = process.argv.indexOf('--dist-dir')
const distDir = distFlag === -1 ? '.next-bench-scale' : process.argv[distFlag + 1]!
const PROCESS_COUNTS = [1, 2, 10]
const TIMED_PROCESS_COUNTS = new Set([1, 2])

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const appDir = path.join(repoRoot, 'dev')
const importMapFile = path.join(appDir, 'app/(payload)/admin/importMap.js')
const typesFile = path.join(appDir, 'payload-types.ts')
const password = 'a-long-and-unusual-passphrase-42'
const staffAddress = '127.0.0.5'
const sprayAddress = '127.0.0.10'

const load = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(' ')

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

/** `count` app processes on the database, each on a port of its own, once all answer. */
const startApps = async (env: NodeJS.ProcessEnv, count: number) => {
  const ports = await Promise.all(Array.from({ length: count }, () => freePort()))
  const servers: ChildProcess[] = ports.map((port) =>
    spawn('npx', ['next', 'start', appDir, '--port', String(port), '--hostname', '127.0.0.1'], {
      cwd: repoRoot,
      detached: true,
      env: {
        ...env,
        NODE_ENV: 'production',
        SERVER_URL: `http://127.0.0.1:${port}`,
        TRUST_PROXY: '1',
      },
      stdio: 'ignore',
    }),
  )
  const stop = async () => {
    await Promise.all(
      servers.map(
        (server) =>
          new Promise<void>((resolve) => {
            if (server.exitCode !== null || server.signalCode !== null) {
              return resolve()
            }
            server.once('exit', () => resolve())
            process.kill(-server.pid!, 'SIGTERM')
          }),
      ),
    )
  }
  const urls = ports.map((port) => `http://127.0.0.1:${port}`)
  const deadline = Date.now() + 600_000
  for (const url of urls) {
    for (;;) {
      try {
        if ((await fetch(`${url}/api/health`)).status === 200) {
          break
        }
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) {
        await stop()
        throw new Error(`next start did not answer at ${url}`)
      }
      await new Promise((resolve) => setTimeout(resolve, 500))
    }
  }
  return { stop, urls }
}

const signIn = async (base: string, from: string, email: string, secret: string) => {
  const startedAt = performance.now()
  const answer = await fromAddress(from, `${base}/api/users/login`, {
    body: { email, password: secret },
    method: 'POST',
  })
  return { ms: performance.now() - startedAt, status: answer.status }
}

type Figures = {
  blocked: number
  checked: number
  loadDuringSpray: string
  loadDuringTiming?: string
  processes: number
  signIn?: ReturnType<typeof summarize>
}

const main = async () => {
  const postgres = await startTemporaryPostgres('backoffice-bench-scale-pg-')
  const admin = new pg.Client({ connectionString: postgres.url })
  await admin.connect()
  await admin.query('CREATE DATABASE bench_scale')
  await admin.end()
  const databaseUrl = new URL(postgres.url)
  databaseUrl.pathname = '/bench_scale'
  const { SMTP_URL: _smtp, ...inherited } = process.env
  const env: NodeJS.ProcessEnv = {
    ...inherited,
    DATABASE_URL: databaseUrl.toString(),
    MEDIA_DIR: mkdtempSync(path.join(tmpdir(), 'backoffice-bench-media-')),
    NEXT_DIST_DIR: distDir,
    NEXT_TELEMETRY_DISABLED: '1',
    PAYLOAD_SECRET: randomBytes(32).toString('hex'),
  }
  const database = new pg.Client({ connectionString: env.DATABASE_URL })
  const figures: Figures[] = []
  try {
    await run('npx', ['tsx', 'dev/scripts/pushSchema.ts'], env, 'schema push')
    if (process.argv.includes('--build') || !existsSync(path.join(appDir, distDir, 'BUILD_ID'))) {
      console.log(`Building the app into dev/${distDir} (next build)…`)
      const committedImportMap = readFileSync(importMapFile, 'utf8')
      const committedTypes = readFileSync(typesFile, 'utf8')
      try {
        await run('npx', ['next', 'build', appDir, '--webpack'], env, 'next build')
      } finally {
        writeFileSync(importMapFile, committedImportMap)
        writeFileSync(typesFile, committedTypes)
      }
    }
    await database.connect()

    for (const processes of PROCESS_COUNTS) {
      console.log(`${processes} process(es): starting… (load average ${load()})`)
      const apps = await startApps(env, processes)
      const proxy = await startHaproxy(apps.urls)
      try {
        if (figures.length === 0) {
          const first = await fetch(`${apps.urls[0]}/api/users/first-register`, {
            body: JSON.stringify({ email: 'admin@example.com', password }),
            headers: { 'content-type': 'application/json' },
            method: 'POST',
          })
          const { token } = (await first.json()) as { token?: string }
          const created = await fetch(`${apps.urls[0]}/api/users`, {
            body: JSON.stringify({ email: 'staff@example.com', password, roles: ['editor'] }),
            headers: { authorization: `JWT ${token}`, 'content-type': 'application/json' },
            method: 'POST',
          })
          if (created.status !== 201) {
            throw new Error(`creating the staff account answered ${created.status}`)
          }
        }
        // Every run starts with no address counted.
        await database.query('DELETE FROM login_client_attempts')
        // Warm every process up (its first requests compile routes and open pools).
        await inBatches(processes * 4, processes, () =>
          signIn(proxy.url, '127.0.0.4', 'warm-up@example.com', 'warm-up'),
        )
        await database.query('DELETE FROM login_client_attempts')

        console.log(`  spray: ${GUESSES} guesses from ${sprayAddress}…`)
        let sprayLoad = ''
        const sampler = setTimeout(() => (sprayLoad = load()), 5000)
        const spray = await inBatches(GUESSES, CONCURRENCY, (guess) =>
          signIn(proxy.url, sprayAddress, `nobody-${processes}-${guess}@example.com`, 'guess'),
        )
        clearTimeout(sampler)
        const result: Figures = {
          blocked: spray.filter((answer) => answer.status === 403).length,
          checked: spray.filter((answer) => answer.status === 401).length,
          loadDuringSpray: sprayLoad || load(),
          processes,
        }

        if (TIMED_PROCESS_COUNTS.has(processes)) {
          console.log(`  timing: ${SIGN_INS} sign-ins while ${CLIENTS} clients guess…`)
          let guessing = true
          const guesser = async (client: number) => {
            // Each guesser from an address of its own, under the limit for this run's length.
            const from = `127.0.1.${client + 1}`
            for (let guess = 0; guessing; guess++) {
              await signIn(proxy.url, from, `nobody-${client}-${guess}@example.com`, 'guess')
            }
          }
          const guessers = Array.from({ length: CLIENTS }, (_, client) => guesser(client))
          await new Promise((resolve) => setTimeout(resolve, 3000))
          const times: number[] = []
          for (let index = 0; index < SIGN_INS; index++) {
            const { ms: took, status } = await signIn(
              proxy.url,
              staffAddress,
              'staff@example.com',
              password,
            )
            if (status !== 200) {
              throw new Error(`the staff sign-in answered ${status}`)
            }
            times.push(took)
          }
          result.loadDuringTiming = load()
          guessing = false
          await Promise.all(guessers)
          result.signIn = summarize(times)
        }
        figures.push(result)
      } finally {
        await proxy.stop()
        await apps.stop()
      }
    }
  } finally {
    await database.end().catch(() => undefined)
    await postgres.stop()
  }

  console.log('')
  console.log(
    table([
      ['processes', 'passwords checked', 'refused', 'vs limit', 'load avg (1/5/15 min)'],
      ...figures.map((figure) => [
        String(figure.processes),
        String(figure.checked),
        String(figure.blocked),
        `${((figure.checked / LIMIT - 1) * 100).toFixed(1)} %`,
        figure.loadDuringSpray,
      ]),
    ]),
  )
  console.log('')
  console.log(
    table([
      [`staff sign-in, ${CLIENTS} clients guessing`, 'n', 'median', 'p95', 'max', 'load avg'],
      ...figures
        .filter((figure) => figure.signIn)
        .map((figure) => [
          `${figure.processes} process(es)`,
          String(figure.signIn!.count),
          ms(figure.signIn!.median),
          ms(figure.signIn!.p95),
          ms(figure.signIn!.max),
          figure.loadDuringTiming ?? '',
        ]),
    ]),
  )
  const holds = figures.every((figure) => Math.abs(figure.checked - LIMIT) <= LIMIT * TOLERANCE)
  console.log('')
  console.log(
    `per-client limit ${LIMIT} held within ${TOLERANCE * 100} % at ${PROCESS_COUNTS.join(', ')} processes: ${holds ? 'PASS' : 'MISS'}`,
  )
}

await main()
