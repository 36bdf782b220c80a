/**
 * `npm run bench:attack`: what an online guessing attack on one account costs everyone else, on the
 * dev app under `next start`. Side by side in one run: a legitimate staff member's sign-in idle, and
 * the same sign-in while 200 concurrent clients guess at another account's password, each by both
 * paths a sign-in takes: from the staff member's usual browser (its device cookie sent, a known
 * browser), and from a browser the account has not used (no device cookie, so the new-browser notice
 * runs: the browser's record, the audit entries, and the email, delivered to a real SMTP server on
 * loopback in this process). The app runs with `trustProxy` (TRUST_PROXY=1; `next start` writes the
 * connection's address into X-Forwarded-For as the recommended proxy would), so the per-client limit
 * is on: the attack comes from 127.0.0.1 and soon uses up that address's budget, while the staff
 * member signs in from another loopback address, as a real one is elsewhere than the attacker. The
 * background clients run on a thread of their own. Goal: each path's p95 under attack at most 2x
 * its idle p95. Also the
 * audit log rows the attack adds per minute (goal: a handful, not one per refused guess), how many
 * guesses the app answered, and how many notices arrived. And a floor: the same sign-ins while as many
 * clients each send one request a second that does no sign-in work, which is what Next.js and Payload
 * cost under that load before any of the plugin's refusals. Each phase's figures come with the load
 * average (1 minute) at its end: the machine may be busy with more than this bench.
 *
 * Flags: `--clients N` (200), `--seconds N` (60, the attack's length), `--build` (build the app into
 * its own directory even when one is there), `--cpu-prof DIR` (the server's V8 CPU profile),
 * `--activity` (what the app's database connections do during the attack, from pg_stat_activity).
 *
 * The app is built once into `dev/.next-bench-attack` (reused on later runs; `--build` after a
 * change to the code), served by `next start`
 * on loopback against a database of its own on an embedded PostgreSQL.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import http from 'node:http'
import os, { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { Worker } from 'node:worker_threads'
import pg from 'pg'

import { freePort } from '../dev/database/embeddedPostgres.js'
import { startSmtpInbox } from '../test/helpers/smtpInbox.js'
import { startTemporaryPostgres } from '../test/helpers/temporaryPostgres.js'
import { countFlag } from './lib/flags.js'
import { cpuSnapshot } from './lib/processCpu.js'
import { ms, summarize, table } from './lib/stats.js'

const GOAL_RATIO = 2
/** Sign-ins by a path under attack below which its p95 (then its slowest) is not judged. */
const MIN_SAMPLES = 20
const CLIENTS = countFlag('--clients', 200)
const ATTACK_SECONDS = countFlag('--seconds', 60)
/**
 * Rounds of one sign-in by each path, as many as the attack phase measures (about 55), so both p95s
 * rest on as many samples.
 */
const IDLE_ROUNDS = 55
/**
 * A legitimate sign-in every this often, idle and under attack, alternately by each path: a notice's
 * background work (its audit entry, its email) is done before the next sign-in in both phases alike.
 */
const SIGN_IN_EVERY_MS = 500
/** The new-browser notice's subject (en), to count the notices that reached the SMTP server. */
const NOTICE_SUBJECT = 'New sign-in to your account from a browser it has not used before'

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

/**
 * The staff member is at another address than the attacker (127.0.0.1), as a real one is: the
 * legitimate sign-ins leave from other loopback addresses (Linux routes all of 127.0.0.0/8 to the
 * loopback interface), and `next start` puts the connection's address into X-Forwarded-For, which
 * the per-client limit counts under (`trustProxy`, see src/shared/request/clientInfo.ts). One address per
 * phase: a sign-in from a new browser counts on its address's budget (`lockout.clientFailureLimit`,
 * 100 in 10 minutes), and the bench's 150 or so of them in a few minutes would run one address out
 * of it, which an office does not.
 */
const staffAddresses = { attack: '127.0.0.4', floor: '127.0.0.3', idle: '127.0.0.2' } as const
type Phase = keyof typeof staffAddresses
/** The usual browser's connection, kept open between its sign-ins as a browser keeps it. */
const usualBrowserAgent = new http.Agent({ keepAlive: true, maxSockets: 1 })

/**
 * One legitimate sign-in from the phase's address, with `cookie` when given: from the usual browser on
 * its kept connection (`agent`), or from a browser that has never reached the app (`agent: false`:
 * a TCP connection of its own, as a fresh browser has none to reuse, closed after the answer).
 */
const staffSignIn = (
  serverUrl: string,
  { agent, cookie, phase }: { agent: false | http.Agent; cookie?: string; phase: Phase },
) =>
  new Promise<{ ms: number; setCookies: string[]; status: number }>((resolve, reject) => {
    const startedAt = performance.now()
    const body = JSON.stringify({ email: 'staff@example.com', password })
    const request = http.request(
      `${serverUrl}/api/users/login`,
      {
        agent,
        headers: {
          'content-length': Buffer.byteLength(body),
          'content-type': 'application/json',
          ...(cookie ? { cookie } : {}),
        },
        localAddress: staffAddresses[phase],
        method: 'POST',
      },
      (response) => {
        response.resume()
        response.on('end', () =>
          resolve({
            ms: performance.now() - startedAt,
            setCookies: response.headers['set-cookie'] ?? [],
            status: response.statusCode ?? 0,
          }),
        )
      },
    )
    request.on('error', reject)
    request.end(body)
  })

/** The two paths of a legitimate sign-in, measured side by side. */
type Paths = { known: number[]; new: number[] }
const signInPaths = ['known', 'new'] as const

/**
 * The staff member's usual browser: signs in once and keeps the plugin's device cookie
 * (`…-known-browser-…`), which it sends with every later sign-in, as the browser would.
 */
const usualBrowserCookie = async (serverUrl: string): Promise<string> => {
  const { setCookies, status } = await staffSignIn(serverUrl, {
    agent: usualBrowserAgent,
    phase: 'idle',
  })
  const device = setCookies.find((cookie) => cookie.includes('-known-browser-'))
  if (status !== 200 || !device) {
    throw new Error(`the first sign-in answered ${status} without a device cookie`)
  }
  return device.split(';')[0]!
}

/**
 * `rounds` rounds of one sign-in from the usual browser (`deviceCookie`) and one from a browser the
 * account has not used (no cookie: a new browser every time, so each is noticed and emailed), each
 * padded to `everyMs`.
 */
const legitimateSignIns = async (
  serverUrl: string,
  { deviceCookie, phase }: { deviceCookie: string; phase: Phase },
  rounds: number,
  everyMs = 0,
): Promise<Paths> => {
  const times: Paths = { known: [], new: [] }
  for (let round = 0; round < rounds; round++) {
    for (const path of signInPaths) {
      const { ms: took, status } =
        path === 'known'
          ? await staffSignIn(serverUrl, { agent: usualBrowserAgent, cookie: deviceCookie, phase })
          : await staffSignIn(serverUrl, { agent: false, phase })
      if (status !== 200) {
        throw new Error(`the legitimate sign-in (${path} browser) answered ${status}`)
      }
      times[path].push(took)
      if (everyMs > took) {
        await new Promise((resolve) => setTimeout(resolve, everyMs - took))
      }
    }
  }
  return times
}

/** Sign-ins by each path, one round at a time, for `seconds` (counted from `since`). */
const legitimateSignInsFor = async (
  serverUrl: string,
  staff: { deviceCookie: string; phase: Phase },
  since: number,
  seconds: number,
): Promise<Paths> => {
  const times: Paths = { known: [], new: [] }
  while (Date.now() - since < seconds * 1000) {
    const round = await legitimateSignIns(serverUrl, staff, 1, SIGN_IN_EVERY_MS)
    times.known.push(...round.known)
    times.new.push(...round.new)
  }
  return times
}

/**
 * `--activity`: the app's database connections during the attack, sampled every 100 ms from
 * pg_stat_activity (state, what each waits for, the statement's start): how many connections it
 * holds, and how many on average are busy, idle in a transaction, or waiting for a lock.
 */
const sampleActivity = async (databaseUrl: string) => {
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  const seen = new Map<string, number>()
  let samples = 0
  let mostConnections = 0
  let sampling = true
  const loop = (async () => {
    while (sampling) {
      const { rows } = await client.query<{ query: string; state: string; wait: null | string }>(
        `SELECT state, wait_event_type || ':' || wait_event AS wait, left(regexp_replace(query, '\\s+', ' ', 'g'), 70) AS query
         FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()`,
      )
      samples++
      mostConnections = Math.max(mostConnections, rows.length)
      for (const row of rows) {
        const key = `${row.state}${row.wait ? ` (${row.wait})` : ''}${row.state === 'idle' ? '' : `: ${row.query}`}`
        seen.set(key, (seen.get(key) ?? 0) + 1)
      }
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
  })()
  return async () => {
    sampling = false
    await loop
    await client.end()
    return [
      `\nThe app's database connections during the attack (${samples} samples of pg_stat_activity; at most ${mostConnections} connections), on average:`,
      ...[...seen]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 15)
        .map(([key, count]) => `  ${(count / samples).toFixed(2).padStart(6)}  ${key}`),
    ]
  }
}

/**
 * The background clients, the floor's (`/me` once a second each) or the attack's (guesses at
 * target@example.com, from 127.0.0.1, one after another each), on a thread of their own: handling
 * 200 clients' answers on the thread that times the legitimate sign-ins would add that thread's
 * own queueing to their figures, a cost of the bench and not of the app. Plain JavaScript, as a
 * worker thread is not run through tsx. `answered` counts the answers as they come; `stop` ends
 * every client after its current request and gives the answers by status (a connection the
 * loaded server reset counts as status 0, and the client goes on).
 */
const backgroundClientsSource = `
const { parentPort, workerData } = require('node:worker_threads')
const { clients, mode, serverUrl } = workerData
const answered = new Int32Array(workerData.answered)
const statuses = new Map()
let running = true
parentPort.once('message', () => (running = false))
const answer = (status) => {
  statuses.set(status, (statuses.get(status) ?? 0) + 1)
  Atomics.add(answered, 0, 1)
}
const asking = async () => {
  while (running) {
    const startedAt = Date.now()
    answer(await fetch(serverUrl + '/api/users/me')
      .then(async (response) => (await response.arrayBuffer(), response.status))
      .catch(() => 0))
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, 1000 - (Date.now() - startedAt))))
  }
}
const guessing = async (client) => {
  for (let guess = 0; running; guess++) {
    answer(await fetch(serverUrl + '/api/users/login', {
      body: JSON.stringify({ email: 'target@example.com', password: 'guess-' + client + '-' + guess }),
      headers: { 'content-type': 'application/json' },
      method: 'POST',
    })
      .then(async (response) => (await response.arrayBuffer(), response.status))
      .catch(() => 0))
  }
}
Promise.all(Array.from({ length: clients }, (_, client) => (mode === 'attack' ? guessing(client) : asking())))
  .then(() => parentPort.postMessage([...statuses]))
`

const startBackgroundClients = (serverUrl: string, mode: 'attack' | 'floor') => {
  const answered = new SharedArrayBuffer(4)
  const count = new Int32Array(answered)
  const worker = new Worker(backgroundClientsSource, {
    eval: true,
    workerData: { answered, clients: CLIENTS, mode, serverUrl },
  })
  const finished = new Promise<Map<number, number>>((resolve, reject) => {
    worker.once('message', (entries: [number, number][]) => resolve(new Map(entries)))
    worker.once('error', reject)
  })
  return {
    answered: () => Atomics.load(count, 0),
    stop: async () => {
      worker.postMessage('stop')
      const statuses = await finished
      await worker.terminate()
      return statuses
    },
  }
}

/** The 1-minute load average, as printed beside each phase's figures. */
const loadNow = () => os.loadavg()[0]!.toFixed(2)

const main = async () => {
  console.log(
    `bench:attack — ${os.cpus().length} CPU(s), load average ${os
      .loadavg()
      .map((load) => load.toFixed(2))
      .join(' ')} at the start`,
  )
  const postgres = await startTemporaryPostgres('backoffice-bench-attack-pg-')
  // A real SMTP server on loopback, in this process, that takes the new-browser notices.
  const inbox = await startSmtpInbox()
  let server: ChildProcess | undefined
  try {
    const databaseUrl = await createDatabase(postgres.url, 'bench_attack')
    const port = await freePort()
    const serverUrl = `http://127.0.0.1:${port}`
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      DATABASE_URL: databaseUrl,
      MEDIA_DIR: mkdtempSync(path.join(tmpdir(), 'backoffice-bench-media-')),
      NEXT_DIST_DIR: distDir,
      NEXT_TELEMETRY_DISABLED: '1',
      PAYLOAD_SECRET: randomBytes(32).toString('hex'),
      SERVER_URL: serverUrl,
      SMTP_URL: inbox.url,
      // The per-client-address limit on, as behind the recommended proxy: the attack's address
      // runs out of it, the staff member's (`staffAddresses`) do not.
      TRUST_PROXY: '1',
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

    // The account's first sign-in ever is not noticed (no earlier browser): this one, which makes
    // the usual browser known.
    const deviceCookie = await usualBrowserCookie(serverUrl)
    console.log(`Idle: ${IDLE_ROUNDS} sign-ins by each path…`)
    // Warm-up: the first requests after a start compile and cache what later ones reuse.
    await legitimateSignIns(serverUrl, { deviceCookie, phase: 'idle' }, 10)
    const idleTimes = await legitimateSignIns(
      serverUrl,
      { deviceCookie, phase: 'idle' },
      IDLE_ROUNDS,
      SIGN_IN_EVERY_MS,
    )
    const idleLoad = loadNow()

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
    const staffAuditRows = async () =>
      Number(
        (
          await database.query(
            `SELECT count(*) AS n FROM audit_log WHERE "user" = 'staff@example.com'`,
          )
        ).rows[0].n,
      )

    // The floor: the same number of clients each sending one request a second that does no sign-in
    // work at all (Payload's `/me` without a token). What the app costs under that load, before any
    // of the plugin's refusals.
    console.log(`Floor: ${CLIENTS} clients each asking /api/users/me once a second…`)
    const floor = startBackgroundClients(serverUrl, 'floor')
    await new Promise((resolve) => setTimeout(resolve, 5000))
    const floorCpu = cpuCounter(server.pid!, floor.answered)
    const floorTimes = await legitimateSignInsFor(
      serverUrl,
      { deviceCookie, phase: 'floor' },
      Date.now(),
      ATTACK_SECONDS / 2,
    )
    const floorCost = floorCpu.perRequest()
    const floorLoad = loadNow()
    await floor.stop()

    console.log(`Attack: ${CLIENTS} clients guessing for ${ATTACK_SECONDS} s…`)
    const auditBefore = await auditRows()
    // Transactions the database committed (each statement outside a transaction is one), to tell how
    // many of the guesses reached it at all.
    const commits = async () =>
      Number(
        (
          await database.query(
            `SELECT xact_commit AS n FROM pg_stat_database WHERE datname = current_database()`,
          )
        ).rows[0].n,
      )
    const commitsBefore = await commits()
    const staffAuditBefore = await staffAuditRows()
    const attack = startBackgroundClients(serverUrl, 'attack')
    const attackStartedAt = Date.now()
    // Let the attack reach its pace before measuring.
    await new Promise((resolve) => setTimeout(resolve, 5000))
    const activity = process.argv.includes('--activity')
      ? await sampleActivity(databaseUrl)
      : undefined
    const attackCpu = cpuCounter(server.pid!, attack.answered)
    const underAttackTimes = await legitimateSignInsFor(
      serverUrl,
      { deviceCookie, phase: 'attack' },
      attackStartedAt,
      ATTACK_SECONDS,
    )
    const attackCost = attackCpu.perRequest()
    const attackLoad = loadNow()
    const activityLines = (await activity?.()) ?? []
    const statuses = await attack.stop()
    const attackSeconds = (Date.now() - attackStartedAt) / 1000
    const auditAdded = (await auditRows()) - auditBefore
    const commitsAdded = (await commits()) - commitsBefore
    const staffAuditAdded = (await staffAuditRows()) - staffAuditBefore

    // Every sign-in from a new browser is told by email: the notices are sent in the background,
    // so the last ones may still be on their way.
    const newBrowserSignIns =
      idleTimes.new.length + floorTimes.new.length + underAttackTimes.new.length + 10
    const notices = () =>
      inbox.received.filter(
        (email) => email.subject === NOTICE_SUBJECT && email.to.includes('staff@example.com'),
      ).length
    const deliveryDeadline = Date.now() + 30_000
    while (notices() < newBrowserSignIns && Date.now() < deliveryDeadline) {
      await new Promise((resolve) => setTimeout(resolve, 200))
    }
    const noticesAudited = Number(
      (
        await database.query(
          `SELECT count(*) AS n FROM audit_log WHERE event = 'login.newBrowserNoticed' AND "user" = 'staff@example.com' AND data->>'sent' = 'true'`,
        )
      ).rows[0].n,
    )
    await database.end()

    const guesses = [...statuses.values()].reduce((sum, count) => sum + count, 0)
    const label = { known: 'usual browser (known)', new: 'a browser the account has not used' }
    const rows: string[][] = [
      ['legitimate sign-in', 'n', 'median', 'p95', 'max', 'p95 / idle', 'load (1 min)'],
    ]
    const verdicts: string[] = []
    for (const signInPath of signInPaths) {
      const idle = summarize(idleTimes[signInPath])
      const floor = summarize(floorTimes[signInPath])
      const underAttack = summarize(underAttackTimes[signInPath])
      const row = (name: string, summary: typeof idle, load: string) => [
        `${label[signInPath]}: ${name}`,
        String(summary.count),
        ms(summary.median),
        ms(summary.p95),
        ms(summary.max),
        (summary.p95 / idle.p95).toFixed(2),
        load,
      ]
      rows.push(
        row('idle', idle, idleLoad),
        row(`while ${CLIENTS} clients ask /me once a second (no sign-in work)`, floor, floorLoad),
        row(`while ${CLIENTS} clients guess at another account`, underAttack, attackLoad),
      )
      const ratio = underAttack.p95 / idle.p95
      // A p95 of a handful of sign-ins is their slowest one: a machine that cannot keep up with the
      // clients (see the floor's ratio) judges nothing.
      const verdict =
        underAttack.count < MIN_SAMPLES
          ? `NOT JUDGED (${underAttack.count} sign-ins under attack, fewer than ${MIN_SAMPLES})`
          : ratio <= GOAL_RATIO
            ? 'PASS'
            : 'MISS'
      verdicts.push(
        `${label[signInPath]}: p95 under attack / idle ${ratio.toFixed(2)} (goal: at most ${GOAL_RATIO}) ${verdict}; ` +
          `under the same number of requests doing no sign-in work: ${(floor.p95 / idle.p95).toFixed(2)}`,
      )
    }
    console.log('')
    console.log(table(rows))
    console.log('')
    verdicts.forEach((verdict) => console.log(verdict))
    console.log(
      `guesses answered: ${guesses} in ${attackSeconds.toFixed(0)} s (${(guesses / attackSeconds).toFixed(0)}/s), by status: ${[
        ...statuses,
      ]
        .map(([status, count]) => `${status || 'connection reset'}×${count}`)
        .join(', ')}`,
    )
    console.log(
      `CPU per request answered in the background, in ms (server: next start and its children; PostgreSQL: all its processes; clients: this process, the legitimate sign-ins and the SMTP server included): ` +
        `/me: server ${floorCost.server}, PostgreSQL ${floorCost.postgres}, clients ${floorCost.clients}; ` +
        `guess: server ${attackCost.server}, PostgreSQL ${attackCost.postgres}, clients ${attackCost.clients}`,
    )
    console.log(
      `database transactions during the attack: ${commitsAdded}, ${(commitsAdded / Math.max(1, guesses)).toFixed(3)} per guess answered (the legitimate sign-ins', the app's job runner's and this bench's own queries included, --activity's 10 a second among them)`,
    )
    console.log(
      `audit rows added by the attack: ${auditAdded} (${((auditAdded * 60) / attackSeconds).toFixed(1)} per minute; goal: a handful); ` +
        `by the legitimate sign-ins meanwhile: ${staffAuditAdded} (${((staffAuditAdded * 60) / attackSeconds).toFixed(1)} per minute)`,
    )
    console.log(
      `new-browser notices: ${newBrowserSignIns} sign-ins from a new browser, ${notices()} emails received by the SMTP server, ${noticesAudited} audited as sent` +
        (notices() === newBrowserSignIns ? '' : ' (MISSING NOTICES)'),
    )
    activityLines.forEach((line) => console.log(line))
    console.log(
      `Load average at the end: ${os
        .loadavg()
        .map((load) => load.toFixed(2))
        .join(' ')}`,
    )
  } finally {
    if (server?.pid && server.exitCode === null) {
      // Waited for (at most 15 s), so a CPU profile is written before the database goes.
      const exited = new Promise((resolve) => server!.once('exit', resolve))
      process.kill(-server.pid, 'SIGTERM')
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 15_000))])
    }
    await inbox.close()
    await postgres.stop()
  }
}

await main()
