/**
 * `npm run bench:attack`: what an online guessing attack on one account costs everyone else, on the
 * dev app under `next start`. Side by side in one run: a legitimate staff member's sign-in idle, and
 * the same sign-in while 200 concurrent clients guess at another account's password. Goal: the p95
 * under attack at most 2x the idle p95. Also the audit log rows the attack adds per minute (goal: a
 * handful, not one per refused guess) and how many guesses the app answered. And a floor: the same
 * sign-in while as many clients each send one request a second that does no sign-in work, which is
 * what Next.js and Payload cost under that load before any of the plugin's refusals.
 *
 * Flags: `--clients N` (200), `--seconds N` (60, the attack's length), `--build` (build the app into
 * its own directory even when one is there), `--cpu-prof DIR` (the server's V8 CPU profile).
 *
 * The app is built once into `dev/.next-bench-attack` (reused on later runs; `--build` after a
 * change to the code), served by `next start`
 * on loopback against a database of its own on an embedded PostgreSQL.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import pg from 'pg'

import { freePort } from '../dev/database/embeddedPostgres.js'
import { startTemporaryPostgres } from '../test/helpers/temporaryPostgres.js'
import { countFlag } from './lib/flags.js'
import { cpuSnapshot } from './lib/processCpu.js'
import { ms, summarize, table } from './lib/stats.js'

const GOAL_RATIO = 2
const CLIENTS = countFlag('--clients', 200)
const ATTACK_SECONDS = countFlag('--seconds', 60)
/** As many as the attack phase measures (about 110), so both p95s rest on as many samples. */
const IDLE_SIGN_INS = 100
/** A legitimate sign-in every this often while the attack runs. */
const SIGN_IN_EVERY_MS = 500

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const appDir = path.join(repoRoot, 'dev')
const distDir = '.next-bench-attack'
const importMapFile = path.join(appDir, 'app/(payload)/admin/importMap.js')
const typesFile = path.join(appDir, 'payload-types.ts')
const password = 'a-long-and-unusual-passphrase-42'

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

const startApp = async (env: NodeJS.ProcessEnv, port: number): Promise<ChildProcess> => {
  // `--cpu-prof DIR`: the server writes a V8 CPU profile there when it stops.
  const profileDir = process.argv.includes('--cpu-prof')
    ? process.argv[process.argv.indexOf('--cpu-prof') + 1]
    : undefined
  const server = spawn(
    process.execPath,
    [
      ...(profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []),
      path.join(repoRoot, 'node_modules/next/dist/bin/next'),
      'start',
      appDir,
      '--port',
      String(port),
      '--hostname',
      '127.0.0.1',
    ],
    { cwd: repoRoot, detached: true, env: { ...env, NODE_ENV: 'production' }, stdio: 'ignore' },
  )
  const deadline = Date.now() + 120_000
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${env.SERVER_URL}/api/users/me`)).status < 500) {
        return server
      }
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
  throw new Error(`next start did not answer on port ${port}`)
}

/**
 * CPU time spent per background request from now on: by the app server's process tree, by
 * PostgreSQL, and by this process (which sends them), from /proc.
 */
const cpuCounter = (serverPid: number, requests: () => number) => {
  const startRequests = requests()
  const startSnapshot = cpuSnapshot(serverPid)
  const startOwn = process.cpuUsage()
  return {
    perRequest: () => {
      const count = Math.max(1, requests() - startRequests)
      const snapshot = cpuSnapshot(serverPid)
      const own = process.cpuUsage(startOwn)
      const per = (ms: number) => (ms / count).toFixed(2)
      return {
        clients: per((own.user + own.system) / 1000),
        postgres: per(snapshot.postgresMs - startSnapshot.postgresMs),
        server: per(snapshot.treeMs - startSnapshot.treeMs),
      }
    },
  }
}

/** One sign-in as a script would send it; its time in milliseconds and its status. */
const signIn = async (serverUrl: string, email: string, secret: string) => {
  const startedAt = performance.now()
  const response = await fetch(`${serverUrl}/api/users/login`, {
    body: JSON.stringify({ email, password: secret }),
    headers: { 'content-type': 'application/json' },
    method: 'POST',
  })
  await response.arrayBuffer()
  return { ms: performance.now() - startedAt, status: response.status }
}

const legitimateSignIns = async (serverUrl: string, count: number, everyMs = 0) => {
  const times: number[] = []
  for (let index = 0; index < count; index++) {
    const { ms: took, status } = await signIn(serverUrl, 'staff@example.com', password)
    if (status !== 200) {
      throw new Error(`the legitimate sign-in answered ${status}`)
    }
    times.push(took)
    if (everyMs > took) {
      await new Promise((resolve) => setTimeout(resolve, everyMs - took))
    }
  }
  return times
}

const main = async () => {
  const postgres = await startTemporaryPostgres('backoffice-bench-attack-pg-')
  let server: ChildProcess | undefined
  try {
    const databaseUrl = await createDatabase(postgres.url, 'bench_attack')
    const port = await freePort()
    const serverUrl = `http://127.0.0.1:${port}`
    const { SMTP_URL: _smtp, ...inherited } = process.env
    const env: NodeJS.ProcessEnv = {
      ...inherited,
      DATABASE_URL: databaseUrl,
      MEDIA_DIR: mkdtempSync(path.join(tmpdir(), 'backoffice-bench-media-')),
      NEXT_DIST_DIR: distDir,
      NEXT_TELEMETRY_DISABLED: '1',
      PAYLOAD_SECRET: randomBytes(32).toString('hex'),
      SERVER_URL: serverUrl,
    }
    await run('npx', ['tsx', 'dev/scripts/pushSchema.ts'], env, 'schema push')
    if (process.argv.includes('--build') || !existsSync(path.join(appDir, distDir, 'BUILD_ID'))) {
      console.log('Building the app (next build)…')
      const committedImportMap = readFileSync(importMapFile, 'utf8')
      const committedTypes = readFileSync(typesFile, 'utf8')
      try {
        await run('npx', ['next', 'build', appDir], env, 'next build')
      } finally {
        writeFileSync(importMapFile, committedImportMap)
        writeFileSync(typesFile, committedTypes)
      }
    }
    server = await startApp(env, port)

    const admin = await fetch(`${serverUrl}/api/users/first-register`, {
      body: JSON.stringify({ email: 'admin@example.com', password }),
      headers: { 'content-type': 'application/json' },
      method: 'POST',
    })
    const token = ((await admin.json()) as { token?: string }).token
    for (const [email, roles] of [
      ['staff@example.com', ['editor']],
      ['target@example.com', ['admin']],
    ] as const) {
      const created = await fetch(`${serverUrl}/api/users`, {
        body: JSON.stringify({ email, password, roles }),
        headers: { authorization: `JWT ${token}`, 'content-type': 'application/json' },
        method: 'POST',
      })
      if (created.status !== 201) {
        throw new Error(`creating ${email} answered ${created.status}: ${await created.text()}`)
      }
    }

    console.log(`Idle: ${IDLE_SIGN_INS} sign-ins…`)
    // Warm-up: the first requests after a start compile and cache what later ones reuse.
    await legitimateSignIns(serverUrl, 20)
    const idle = summarize(await legitimateSignIns(serverUrl, IDLE_SIGN_INS))

    const database = new pg.Client({ connectionString: databaseUrl })
    await database.connect()
    // The legitimate sign-ins are audited too; only what the attack adds counts.
    const auditRows = async () =>
      Number(
        (
          await database.query(
            `SELECT count(*) AS n FROM audit_log WHERE "user" IS DISTINCT FROM 'staff@example.com'`,
          )
        ).rows[0].n,
      )

    // The floor: the same number of clients each sending one request a second that does no sign-in
    // work at all (Payload's `/me` without a token). What the app costs under that load, before any
    // of the plugin's refusals.
    console.log(`Floor: ${CLIENTS} clients each asking /api/users/me once a second…`)
    let flooding = true
    let floorRequests = 0
    const background = async () => {
      while (flooding) {
        const startedAt = Date.now()
        await (await fetch(`${serverUrl}/api/users/me`)).arrayBuffer()
        floorRequests++
        await new Promise((resolve) =>
          setTimeout(resolve, Math.max(0, 1000 - (Date.now() - startedAt))),
        )
      }
    }
    const backgroundClients = Array.from({ length: CLIENTS }, background)
    await new Promise((resolve) => setTimeout(resolve, 5000))
    const floorTimes: number[] = []
    const floorCpu = cpuCounter(server.pid!, () => floorRequests)
    const floorStartedAt = Date.now()
    while (Date.now() - floorStartedAt < (ATTACK_SECONDS * 1000) / 2) {
      floorTimes.push(...(await legitimateSignIns(serverUrl, 1, SIGN_IN_EVERY_MS)))
    }
    const floorCost = floorCpu.perRequest()
    flooding = false
    await Promise.all(backgroundClients)
    const floor = summarize(floorTimes)

    console.log(`Attack: ${CLIENTS} clients guessing for ${ATTACK_SECONDS} s…`)
    const auditBefore = await auditRows()
    const statuses = new Map<number, number>()
    let attacking = true
    const attacker = async (client: number) => {
      for (let guess = 0; attacking; guess++) {
        const { status } = await signIn(serverUrl, 'target@example.com', `guess-${client}-${guess}`)
        statuses.set(status, (statuses.get(status) ?? 0) + 1)
      }
    }
    const attackers = Array.from({ length: CLIENTS }, (_, client) => attacker(client))
    const attackStartedAt = Date.now()
    // Let the attack reach its pace before measuring.
    await new Promise((resolve) => setTimeout(resolve, 5000))
    const answered = () => [...statuses.values()].reduce((sum, count) => sum + count, 0)
    const attackCpu = cpuCounter(server.pid!, answered)
    const underAttackTimes: number[] = []
    while (Date.now() - attackStartedAt < ATTACK_SECONDS * 1000) {
      underAttackTimes.push(...(await legitimateSignIns(serverUrl, 1, SIGN_IN_EVERY_MS)))
    }
    const attackCost = attackCpu.perRequest()
    attacking = false
    await Promise.all(attackers)
    const attackSeconds = (Date.now() - attackStartedAt) / 1000
    const auditAdded = (await auditRows()) - auditBefore
    await database.end()
    const underAttack = summarize(underAttackTimes)

    const guesses = [...statuses.values()].reduce((sum, count) => sum + count, 0)
    const ratio = underAttack.p95 / idle.p95
    console.log('')
    console.log(
      table([
        ['legitimate sign-in', 'n', 'median', 'p95', 'max'],
        ['idle', String(idle.count), ms(idle.median), ms(idle.p95), ms(idle.max)],
        [
          `while ${CLIENTS} clients ask /me once a second (no sign-in work)`,
          String(floor.count),
          ms(floor.median),
          ms(floor.p95),
          ms(floor.max),
        ],
        [
          `while ${CLIENTS} clients guess at another account`,
          String(underAttack.count),
          ms(underAttack.median),
          ms(underAttack.p95),
          ms(underAttack.max),
        ],
      ]),
    )
    console.log('')
    console.log(
      `p95 under attack / idle: ${ratio.toFixed(2)} (goal: at most ${GOAL_RATIO}) ${ratio <= GOAL_RATIO ? 'PASS' : 'MISS'}; ` +
        `under the same number of requests doing no sign-in work: ${(floor.p95 / idle.p95).toFixed(2)}`,
    )
    console.log(
      `guesses answered: ${guesses} in ${attackSeconds.toFixed(0)} s (${(guesses / attackSeconds).toFixed(0)}/s), by status: ${[
        ...statuses,
      ]
        .map(([status, count]) => `${status}×${count}`)
        .join(', ')}`,
    )
    console.log(
      `CPU per request answered in the background, in ms (server: next start and its children; PostgreSQL: all its processes; clients: this process, the legitimate sign-ins included): ` +
        `/me: server ${floorCost.server}, PostgreSQL ${floorCost.postgres}, clients ${floorCost.clients}; ` +
        `guess: server ${attackCost.server}, PostgreSQL ${attackCost.postgres}, clients ${attackCost.clients}`,
    )
    console.log(
      `audit rows added by the attack: ${auditAdded} (${((auditAdded * 60) / attackSeconds).toFixed(1)} per minute; goal: a handful)`,
    )
  } finally {
    if (server?.pid && server.exitCode === null) {
      // Waited for (at most 15 s), so a CPU profile is written before the database goes.
      const exited = new Promise((resolve) => server!.once('exit', resolve))
      process.kill(-server.pid, 'SIGTERM')
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 15_000))])
    }
    await postgres.stop()
  }
}

await main()
