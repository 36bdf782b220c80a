/**
 * `npm run bench:login`: the median time of a successful login with the plugin, divided by vanilla
 * Payload's, measured on the same machine in the same run. Goal: at most 1.03. And the SQL statements
 * one successful password-only sign-in sends on each side, counted as they are sent (BEGIN and
 * COMMIT included, on both sides alike), and listed for the plugin. Goal: at most 5 more than vanilla.
 * Both goals are for the everyday sign-in: the staff member's own browser, which keeps its cookies
 * between sign-ins (the plugin's device cookie among them). Sign-ins from a browser the account has
 * not used, which the plugin records and tells the owner about, are timed and counted beside them.
 *
 * Flags: `--sql` lists every statement in full (else each is cut to one line); `--statements-only`
 * stops after the statement counts (a few seconds instead of minutes); `--cpu-prof DIR` has each
 * worker write a V8 CPU profile into DIR/vanilla and DIR/plugin.
 *
 * One embedded PostgreSQL with two databases; one worker process per side (bench/loginWorker.ts:
 * Payload allows one instance per process behind its REST handlers), each running the real
 * `REST_POST` handler the Next app mounts. The two sides run in alternating blocks, so whatever else
 * the machine is doing hits both alike; the order within each round alternates too.
 *
 * Also reported, outside the ratio: failed logins (the plugin answers every refusal after
 * `failureResponseMs`, 1000 ms by default, on purpose) and a profile of where a login's time goes.
 */
import { type ChildProcess, fork } from 'node:child_process'
import crypto, { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

import type { Browser, Side, Tally, WorkerCommand, WorkerReply } from './lib/loginProtocol.js'

import { startTemporaryPostgres } from '../test/helpers/temporaryPostgres.js'
import { ms, summarize, table } from './lib/stats.js'

const GOAL = 1.03
/** At most this many more SQL statements per successful sign-in than vanilla Payload. */
const STATEMENTS_GOAL = 5
const fullSql = process.argv.includes('--sql')
const statementsOnly = process.argv.includes('--statements-only')
/** `--cpu-prof DIR`: each worker writes a V8 CPU profile there (open it in Chrome's DevTools). */
const cpuProfileDir = process.argv.includes('--cpu-prof')
  ? path.resolve(process.argv[process.argv.indexOf('--cpu-prof') + 1] ?? 'cpu-profiles')
  : undefined
const WARMUP = 20
const LOGINS = 200
const NEW_BROWSER_LOGINS = 100
const BLOCK = 20
const FAILED = 8
const PROFILED = 40
const PROFILE_BLOCK = 10

const benchDir = path.dirname(fileURLToPath(import.meta.url))
const repoRoot = path.resolve(benchDir, '..')

/** A worker process and a way to send it one command at a time and await its answer. */
class Worker {
  private readonly output: string[] = []
  private pending:
    { reject: (error: Error) => void; resolve: (reply: WorkerReply) => void } | undefined
  private readonly child: ChildProcess
  private exited = false

  constructor(
    readonly side: Side,
    env: Record<string, string>,
  ) {
    this.child = fork(path.join(benchDir, 'loginWorker.ts'), [], {
      cwd: repoRoot,
      env: { ...process.env, ...env, BENCH_SIDE: side, DISABLE_PAYLOAD_HMR: 'true' },
      execArgv: [
        '--import',
        'tsx',
        ...(cpuProfileDir ? ['--cpu-prof', `--cpu-prof-dir=${cpuProfileDir}/${side}`] : []),
      ],
      // Payload's start-up and schema-push chatter would drown the figures: kept, shown on failure.
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    })
    const keep = (chunk: Buffer) => {
      this.output.push(...chunk.toString('utf8').split('\n'))
      this.output.splice(0, Math.max(0, this.output.length - 200))
    }
    this.child.stdout!.on('data', keep)
    this.child.stderr!.on('data', keep)
    this.child.on('message', (reply: WorkerReply) => {
      const pending = this.pending
      this.pending = undefined
      if (reply.type === 'error') {
        pending?.reject(new Error(`${side} worker: ${reply.message}`))
      } else {
        pending?.resolve(reply)
      }
    })
    this.child.on('exit', (code, signal) => {
      this.exited = true
      this.pending?.reject(new Error(`${side} worker exited (${signal ?? code}):\n${this.log()}`))
      this.pending = undefined
    })
  }

  private next(): Promise<WorkerReply> {
    return new Promise((resolve, reject) => {
      this.pending = { reject, resolve }
    })
  }

  ready(): Promise<WorkerReply> {
    return this.next()
  }

  send(command: WorkerCommand): Promise<WorkerReply> {
    const answer = this.next()
    this.child.send(command)
    return answer
  }

  /** CPU milliseconds the worker spent on the `logins` commands so far. */
  cpuMs = 0

  async timings(command: WorkerCommand): Promise<number[]> {
    const reply = await this.send(command)
    if (reply.type !== 'timings') {
      throw new Error(`${this.side} worker answered ${reply.type}`)
    }
    this.cpuMs += reply.cpuMs
    return reply.ms
  }

  /** Error lines Payload logged (a failed audit write is logged, not thrown). */
  errorLines(): string[] {
    return this.output.filter((line) => /\bERROR\b|"level":50/.test(line))
  }

  log(): string {
    return this.output.join('\n')
  }

  async stop(): Promise<void> {
    if (this.exited) {
      return
    }
    const exited = new Promise<void>((resolve) => this.child.once('exit', () => resolve()))
    try {
      await Promise.race([this.send({ type: 'stop' }), exited])
    } catch {
      // Stopping after a failure: killing it below is all that is left to do.
    }
    // It exits by itself once it has answered (writing its CPU profile first, with --cpu-prof).
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 15_000).unref())])
    if (!this.exited) {
      this.child.kill('SIGKILL')
    }
    await exited
  }
}

const mergeTally = (into: Tally, from: Tally) => {
  for (const [key, { count, ms: elapsed }] of Object.entries(from)) {
    const entry = (into[key] ??= { count: 0, ms: 0 })
    entry.count += count
    entry.ms += elapsed
  }
}

/** One line per statement: whitespace folded, cut at `width` unless `--sql`. */
const statementLine = (text: string, width = 150): string => {
  const line = text.replace(/\s+/g, ' ').trim()
  return fullSql || line.length <= width ? line : `${line.slice(0, width - 1)}…`
}

const statementsOf = async (worker: Worker, browser: Browser): Promise<string[]> => {
  const reply = await worker.send({ browser, type: 'statements' })
  if (reply.type !== 'statements') {
    throw new Error(`${worker.side} worker answered ${reply.type}`)
  }
  return reply.statements
}

/** Median time of Payload 3.90's password hash (pbkdf2-sha256, 600,000 iterations, 32 bytes). */
const passwordHashMs = async (runs: number): Promise<number> => {
  const timings: number[] = []
  for (let index = 0; index < runs; index++) {
    const started = performance.now()
    await new Promise<void>((resolve, reject) =>
      crypto.pbkdf2(
        'a benchmark password',
        randomBytes(32).toString('hex'),
        600_000,
        32,
        'sha256',
        (error) => (error ? reject(error) : resolve()),
      ),
    )
    timings.push(performance.now() - started)
  }
  return summarize(timings).median
}

/** `withTotal`: only for tallies whose entries do not overlap (SQL statements, not nested steps). */
const formatTally = (
  vanilla: Tally | undefined,
  plugin: Tally,
  logins: number,
  withTotal = true,
): string => {
  const keys = [...new Set([...Object.keys(vanilla ?? {}), ...Object.keys(plugin)])].sort(
    (a, b) => (plugin[b]?.ms ?? 0) - (plugin[a]?.ms ?? 0) || a.localeCompare(b),
  )
  const cell = (tally: Tally | undefined, key: string) => {
    const entry = tally?.[key]
    return entry ? [(entry.count / logins).toFixed(1), ms(entry.ms / logins, 2)] : ['-', '-']
  }
  const total = (tally: Tally | undefined) => {
    const entries = Object.values(tally ?? {})
    return [
      (entries.reduce((sum, entry) => sum + entry.count, 0) / logins).toFixed(1),
      ms(entries.reduce((sum, entry) => sum + entry.ms, 0) / logins, 2),
    ]
  }
  const header = vanilla
    ? ['', 'vanilla n', 'vanilla time', 'plugin n', 'plugin time']
    : ['', 'n', 'time']
  return table([
    header,
    ...keys.map((key) => [key, ...(vanilla ? cell(vanilla, key) : []), ...cell(plugin, key)]),
    ...(withTotal ? [['total', ...(vanilla ? total(vanilla) : []), ...total(plugin)]] : []),
  ])
}

/** Thrown to end the run early under `--statements-only`, through the usual clean-up. */
class StatementsOnly extends Error {}

const mediaDir = mkdtempSync(path.join(os.tmpdir(), 'backoffice-bench-media-'))
const server = await startTemporaryPostgres('backoffice-bench-login-')
const workers: Worker[] = []
let failed = false
try {
  const started = performance.now()
  const sideEnv = async (side: Side) => ({
    DATABASE_URL: await server.createDatabase(`bench_login_${side}`),
    MEDIA_DIR: mediaDir,
    PAYLOAD_SECRET: randomBytes(32).toString('hex'),
    SERVER_URL: 'http://localhost:3000',
    // The back-office plugin is the only difference: the sandbox's video plugin (its own entry, its
    // own `npm run bench:video`) would poll its transcode queue in the background of the timings.
    ...(side === 'plugin' ? { SANDBOX_WITHOUT_VIDEO: '1' } : {}),
  })
  const vanilla = new Worker('vanilla', await sideEnv('vanilla'))
  const plugin = new Worker('plugin', await sideEnv('plugin'))
  workers.push(vanilla, plugin)
  const boots = await Promise.all([vanilla.ready(), plugin.ready()])

  console.log(
    `bench:login — ${os.cpus().length} CPU(s) (${os.cpus()[0]?.model ?? 'unknown'}), load average ${os
      .loadavg()
      .map((load) => load.toFixed(2))
      .join(' ')}`,
  )
  console.log(
    `Payload started: vanilla ${boots[0].type === 'ready' ? ms(boots[0].bootMs, 0) : '?'}, plugin ${boots[1].type === 'ready' ? ms(boots[1].bootMs, 0) : '?'} (schema push included)`,
  )

  // Warm-up: JIT, first-use caches, PostgreSQL's plan and buffer caches.
  for (const worker of workers) {
    await worker.timings({
      browser: 'returning',
      count: statementsOnly ? 1 : WARMUP,
      type: 'logins',
    })
  }

  // Deterministic, unlike the timings: what one more sign-in sends, statement by statement.
  const sent = {
    plugin: await statementsOf(plugin, 'returning'),
    vanilla: await statementsOf(vanilla, 'returning'),
  }
  const fromNewBrowser = await statementsOf(plugin, 'new')
  const extra = sent.plugin.length - sent.vanilla.length
  console.log(
    `\nSQL statements per successful sign-in (password only, no 2FA, the staff member's own browser; BEGIN/COMMIT included on both sides):`,
  )
  console.log(
    table([
      ['', 'statements'],
      ['vanilla', String(sent.vanilla.length)],
      ['plugin', String(sent.plugin.length)],
      ['plugin, from a browser the account has not used', String(fromNewBrowser.length)],
    ]),
  )
  console.log(
    `plugin − vanilla: ${extra} (goal ≤ ${STATEMENTS_GOAL}): ${extra <= STATEMENTS_GOAL ? 'goal met' : 'goal missed'}`,
  )
  for (const side of ['vanilla', 'plugin'] as const) {
    console.log(`\nThe ${sent[side].length} statements of one ${side} sign-in, in order:`)
    sent[side].forEach((text, index) =>
      console.log(`${String(index + 1).padStart(3)}. ${statementLine(text)}`),
    )
  }
  if (statementsOnly) {
    throw new StatementsOnly()
  }

  // Most of a successful login, on either side, is this hash: measured before and after the timed
  // rounds, so a reader can tell the fixed cost from the plugin's added work under this run's load.
  const hashBefore = await passwordHashMs(3)
  const timings: Record<Side, number[]> = { plugin: [], vanilla: [] }
  // Only the timed rounds count towards CPU per login.
  vanilla.cpuMs = 0
  plugin.cpuMs = 0
  for (let round = 0; round < LOGINS / BLOCK; round++) {
    const order = round % 2 === 0 ? [vanilla, plugin] : [plugin, vanilla]
    for (const worker of order) {
      timings[worker.side].push(
        ...(await worker.timings({ browser: 'returning', count: BLOCK, type: 'logins' })),
      )
    }
  }
  // For information: every sign-in from a browser the account has not used, which the plugin
  // records and tells the owner about by email (sent after the answer, in the same process).
  const newBrowserTimings: Record<Side, number[]> = { plugin: [], vanilla: [] }
  for (let round = 0; round < NEW_BROWSER_LOGINS / BLOCK; round++) {
    for (const worker of round % 2 === 0 ? [vanilla, plugin] : [plugin, vanilla]) {
      newBrowserTimings[worker.side].push(
        ...(await worker.timings({ browser: 'new', count: BLOCK, type: 'logins' })),
      )
    }
  }

  const cpuPerLogin = { plugin: plugin.cpuMs / LOGINS, vanilla: vanilla.cpuMs / LOGINS }
  const hashAfter = await passwordHashMs(3)
  const failedTimings: Record<Side, number[]> = {
    plugin: await plugin.timings({ count: FAILED, type: 'failedLogins' }),
    vanilla: await vanilla.timings({ count: FAILED, type: 'failedLogins' }),
  }

  // Profiled in alternating blocks too, so both sides' breakdowns see the same machine.
  const profiles: Record<Side, { ms: number[]; spans: Tally; sql: Tally }> = {
    plugin: { ms: [], spans: {}, sql: {} },
    vanilla: { ms: [], spans: {}, sql: {} },
  }
  for (let round = 0; round < PROFILED / PROFILE_BLOCK; round++) {
    for (const worker of round % 2 === 0 ? [vanilla, plugin] : [plugin, vanilla]) {
      const reply = await worker.send({ count: PROFILE_BLOCK, type: 'profile' })
      if (reply.type !== 'profile') {
        throw new Error(`${worker.side} worker answered ${reply.type}`)
      }
      const profile = profiles[worker.side]
      profile.ms.push(...reply.ms)
      mergeTally(profile.sql, reply.sql)
      mergeTally(profile.spans, reply.spans)
    }
  }

  const stats = { plugin: summarize(timings.plugin), vanilla: summarize(timings.vanilla) }
  const ratio = stats.plugin.median / stats.vanilla.median
  console.log(
    `\nSuccessful logins through REST_POST /api/users/login: ${LOGINS} per side after ${WARMUP} warm-up, blocks of ${BLOCK}, sides alternating`,
  )
  console.log(
    table([
      ['', 'median', 'p95', 'mean', 'min', 'max'],
      ...(['vanilla', 'plugin'] as const).map((side) => [
        side,
        ms(stats[side].median),
        ms(stats[side].p95),
        ms(stats[side].mean),
        ms(stats[side].min),
        ms(stats[side].max),
      ]),
    ]),
  )
  console.log(
    `\nplugin / vanilla, medians: ${ratio.toFixed(3)} (goal ≤ ${GOAL}): ${ratio <= GOAL ? 'goal met' : 'goal missed'}`,
  )
  console.log(
    `plugin − vanilla, medians: ${ms(stats.plugin.median - stats.vanilla.median)} per login`,
  )
  const newBrowserStats = {
    plugin: summarize(newBrowserTimings.plugin),
    vanilla: summarize(newBrowserTimings.vanilla),
  }
  console.log(
    `From a browser the account has not used (${NEW_BROWSER_LOGINS} per side, for information, not in the goal): ` +
      `medians vanilla ${ms(newBrowserStats.vanilla.median)}, plugin ${ms(newBrowserStats.plugin.median)}, ` +
      `ratio ${(newBrowserStats.plugin.median / newBrowserStats.vanilla.median).toFixed(3)}`,
  )
  console.log(
    `Worker CPU per login (user + system of the worker process, hash included, PostgreSQL's own CPU not): vanilla ${ms(cpuPerLogin.vanilla)}, ` +
      `plugin ${ms(cpuPerLogin.plugin)}, ratio ${(cpuPerLogin.plugin / cpuPerLogin.vanilla).toFixed(3)}. Less sensitive to other load than the wall times above.`,
  )
  console.log(
    `Payload's password hash alone (pbkdf2-sha256, 600,000 iterations), median of 3 in this process: ` +
      `${ms(hashBefore)} before the rounds, ${ms(hashAfter)} after. The ratio depends on it: the plugin adds a ` +
      'roughly fixed amount of database work to a login whose bulk is this hash.',
  )

  const failedStats = {
    plugin: summarize(failedTimings.plugin),
    vanilla: summarize(failedTimings.vanilla),
  }
  console.log(
    `\nFailed logins (wrong password, ${FAILED} per side, each on a fresh account), for information, not in the ratio:`,
  )
  console.log(
    table([
      ['', 'median', 'min', 'max'],
      ...(['vanilla', 'plugin'] as const).map((side) => [
        side,
        ms(failedStats[side].median),
        ms(failedStats[side].min),
        ms(failedStats[side].max),
      ]),
    ]),
  )
  console.log(
    '(The plugin answers every refusal after failureResponseMs, 1000 ms by default, so that timing tells no account apart.)',
  )

  const { plugin: pluginProfile, vanilla: vanillaProfile } = profiles
  console.log(
    `\nProfile: ${PROFILED} more logins per side, alternating blocks of ${PROFILE_BLOCK}, with every SQL statement and the plugin's steps timed ` +
      `(instrumented, so slightly slower: medians vanilla ${ms(summarize(vanillaProfile.ms).median)}, plugin ${ms(summarize(pluginProfile.ms).median)}).`,
  )
  console.log(
    'SQL statements per login (n = statements per login, time = per login, from send to result):',
  )
  console.log(formatTally(vanillaProfile.sql, pluginProfile.sql, PROFILED))
  console.log(
    "\nSteps per login (nested: a hook's time includes the Local API calls it makes, and those their SQL):",
  )
  console.log(formatTally(vanillaProfile.spans, pluginProfile.spans, PROFILED, false))

  for (const worker of workers) {
    const errors = worker.errorLines()
    if (errors.length > 0) {
      console.log(
        `\n${worker.side}: Payload logged ${errors.length} error line(s), first: ${errors[0]}`,
      )
    }
  }
  console.log(
    `\nTotal run time: ${((performance.now() - started) / 1000).toFixed(0)} s. Load average now ${os
      .loadavg()
      .map((load) => load.toFixed(2))
      .join(' ')}.`,
  )
} catch (error) {
  if (!(error instanceof StatementsOnly)) {
    failed = true
    console.error(error)
  }
} finally {
  await Promise.all(workers.map((worker) => worker.stop()))
  await server.stop()
  rmSync(mediaDir, { force: true, recursive: true })
}
// Nothing else should be left running, but an embedded PostgreSQL handle must not keep us waiting.
process.exit(failed ? 1 : 0)
