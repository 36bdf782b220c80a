/**
 * `npm run bench:sso`: the server time of a single sign-on callback next to that of a password
 * sign-in, on the same Payload and database, in one run. Goal: the callback's median at most 5 ms
 * above the password sign-in's.
 *
 * - SSO: `GET /api/admin/oauth/callback/corporate` of a full, fresh sign-in (new transaction, new
 *   code) of an account linked already, the steady state, minus the time spent waiting on the
 *   provider: every request of the app's process to the provider's origin (the token and
 *   userinfo requests; discovery is cached by the first sign-in, a warm-up) is timed from the call
 *   to its last body byte, through a wrapped `globalThis.fetch`, which openid-client calls.
 * - Password: `POST /api/users/login` of a password account, minus its password hash: every
 *   `crypto.pbkdf2` the login calls (Payload's format, 600,000 iterations, see
 *   src/policies/passwords/matchesStoredPassword.ts) is timed from the call to its callback.
 *
 * Both go through the real REST handlers (test/helpers/restClient.ts), one after the other in each
 * iteration, their order alternating, so whatever else the machine does hits both alike. Each
 * sign-in is followed by an untimed logout, so every one meets an account without live sessions.
 * Also reported: the first sign-in of an identity (it links the account), outside the goal.
 *
 * Flags: `--iterations N`, timed sign-ins of each kind (default 100); `--first-links N` (default
 * 20).
 */
import { type ChildProcess, fork } from 'node:child_process'
import crypto, { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { syncBuiltinESMExports } from 'node:module'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

import type { DemoIdentity } from '../dev/sso/demoOidcProvider.js'
import type { ProviderCommand, ProviderReply } from './lib/ssoProtocol.js'

import { demoClientId } from '../dev/sso/sandboxProviders.js'
import { RestClient, type RestResponse } from '../test/helpers/restClient.js'
import { startTemporaryPostgres } from '../test/helpers/temporaryPostgres.js'
import { countFlag } from './lib/flags.js'
import { ms, summarize, table } from './lib/stats.js'

const GOAL_MS = 5
const WARMUP = 10

const ITERATIONS = countFlag('--iterations', 100)
const FIRST_LINKS = countFlag('--first-links', 20)

const benchDir = path.dirname(fileURLToPath(import.meta.url))
const repoRoot = path.resolve(benchDir, '..')
const appOrigin = 'http://localhost:3000'
const providerId = 'corporate'
const callbackPath = `/api/admin/oauth/callback/${providerId}`

// What a browser behind Next.js sends (as in bench/loginWorker.ts), on every request of both kinds.
const browserHeaders = {
  'user-agent':
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  'x-forwarded-for': '203.0.113.7',
}

/** The load `uptime` shows (1, 5, 15 minutes): the figures are only as quiet as the machine. */
const load = (): string =>
  `load average ${os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(', ')}`

/** Time and count of one kind of waiting inside the request being timed; none between requests. */
type Window = { count: number; ms: number }
let providerWait: undefined | Window
let hashing: undefined | Window

// --- The password hash. The plugin imports `pbkdf2` by name from node:crypto and Payload calls
// `crypto.pbkdf2`: replacing the property, then syncing the built-in's ESM exports, reaches both.
const originalPbkdf2 = crypto.pbkdf2
const timedPbkdf2 = (...args: unknown[]) => {
  const window = hashing
  const callback = args[args.length - 1] as (...results: unknown[]) => void
  const started = performance.now()
  args[args.length - 1] = (...results: unknown[]) => {
    if (window) {
      window.count += 1
      window.ms += performance.now() - started
    }
    callback(...results)
  }
  return (originalPbkdf2 as (...values: unknown[]) => void)(...args)
}
;(crypto as unknown as Record<string, unknown>).pbkdf2 = timedPbkdf2
syncBuiltinESMExports()

// --- The provider's requests. The callback's wait ends with the last byte of the provider's
// answer, not with its headers, so the answer is read here and handed on as a new Response.
let providerOrigin = ''
const originalFetch = globalThis.fetch
const nullBodyStatuses = new Set([101, 103, 204, 205, 304])
globalThis.fetch = async (input, init) => {
  const url = input instanceof Request ? input.url : String(input)
  const window = providerWait
  if (!window || new URL(url).origin !== providerOrigin) {
    return originalFetch(input, init)
  }
  const started = performance.now()
  try {
    const response = await originalFetch(input, init)
    const body = nullBodyStatuses.has(response.status) ? null : await response.arrayBuffer()
    return new Response(body, {
      headers: response.headers,
      status: response.status,
      statusText: response.statusText,
    })
  } finally {
    window.count += 1
    window.ms += performance.now() - started
  }
}

/** The provider process and a way to send it one command at a time and await its answer. */
class ProviderProcess {
  private readonly output: string[] = []
  private pending:
    { reject: (error: Error) => void; resolve: (reply: ProviderReply) => void } | undefined
  private readonly child: ChildProcess
  private exited = false

  constructor(env: Record<string, string>) {
    this.child = fork(path.join(benchDir, 'ssoProvider.ts'), [], {
      cwd: repoRoot,
      env: { ...process.env, ...env },
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    })
    const keep = (chunk: Buffer) => {
      this.output.push(...chunk.toString('utf8').split('\n'))
      this.output.splice(0, Math.max(0, this.output.length - 200))
    }
    this.child.stdout!.on('data', keep)
    this.child.stderr!.on('data', keep)
    this.child.on('message', (reply: ProviderReply) => {
      const pending = this.pending
      this.pending = undefined
      if (reply.type === 'error') {
        pending?.reject(new Error(`provider: ${reply.message}`))
      } else {
        pending?.resolve(reply)
      }
    })
    this.child.on('exit', (code, signal) => {
      this.exited = true
      this.pending?.reject(
        new Error(`provider exited (${signal ?? code}):\n${this.output.join('\n')}`),
      )
      this.pending = undefined
    })
  }

  private next(): Promise<ProviderReply> {
    return new Promise((resolve, reject) => {
      this.pending = { reject, resolve }
    })
  }

  async issuer(): Promise<string> {
    const reply = await this.next()
    if (reply.type !== 'ready') {
      throw new Error(`provider answered ${reply.type}`)
    }
    return reply.issuer
  }

  async authorize(identity: DemoIdentity, url: string): Promise<string> {
    const answer = this.next()
    this.child.send({ identity, type: 'authorize', url } satisfies ProviderCommand)
    const reply = await answer
    if (reply.type !== 'authorized') {
      throw new Error(`provider answered ${reply.type}`)
    }
    return reply.callbackUrl
  }

  async stop(): Promise<void> {
    if (this.exited) {
      return
    }
    const exited = new Promise<void>((resolve) => this.child.once('exit', () => resolve()))
    const answer = this.next().catch(() => undefined)
    this.child.send({ type: 'stop' } satisfies ProviderCommand)
    await Promise.race([answer, exited])
    if (!this.exited) {
      this.child.kill('SIGKILL')
    }
    await exited
  }
}

/** Wall time of `request`, and what was spent inside it waiting on the provider and hashing. */
const timed = async (request: () => Promise<RestResponse>) => {
  const provider: Window = { count: 0, ms: 0 }
  const hash: Window = { count: 0, ms: 0 }
  providerWait = provider
  hashing = hash
  const started = performance.now()
  try {
    const response = await request()
    return { hash, provider, response, wallMs: performance.now() - started }
  } finally {
    providerWait = undefined
    hashing = undefined
  }
}

/** One measured sign-in: its wall time, what is subtracted from it, and how many things were. */
type Sample = { count: number; serverMs: number; subtractedMs: number; wallMs: number }

const mediaDir = mkdtempSync(path.join(os.tmpdir(), 'backoffice-bench-media-'))
const server = await startTemporaryPostgres('backoffice-bench-sso-')
const clientSecret = randomBytes(16).toString('hex')
const provider = new ProviderProcess({
  BENCH_SSO_CLIENT_ID: demoClientId,
  BENCH_SSO_CLIENT_SECRET: clientSecret,
  BENCH_SSO_REDIRECT_URI: `${appOrigin}${callbackPath}`,
})
let closeApp: (() => Promise<void>) | undefined
let failed = false
try {
  const started = performance.now()
  const issuer = await provider.issuer()
  providerOrigin = new URL(issuer).origin
  // The dev app's own config, its `corporate` button pointed at the demo provider (as `npm run dev`
  // does; dev/sso/sandboxProviders.ts), and nothing else from this shell's environment.
  for (const name of Object.keys(process.env)) {
    if (/^SSO_|^SMTP_URL$/.test(name)) {
      delete process.env[name]
    }
  }
  Object.assign(process.env, {
    DATABASE_URL: await server.createDatabase('bench_sso'),
    DISABLE_PAYLOAD_HMR: 'true',
    MEDIA_DIR: mediaDir,
    PAYLOAD_SECRET: randomBytes(32).toString('hex'),
    SERVER_URL: appOrigin,
    SSO_DEMO_CLIENT_SECRET: clientSecret,
    SSO_DEMO_ISSUER: issuer,
  })
  const [{ getPayload }, { closePayload }, { default: configPromise }] = await Promise.all([
    import('payload'),
    import('../dev/database/closePayload.js'),
    import('../dev/payload.config.js'),
  ])
  const config = await configPromise
  const payload = await getPayload({ config })
  closeApp = () => closePayload(payload)

  const password = randomBytes(12).toString('base64url')
  let accounts = 0
  const createUser = async (email: string, identityProvider?: string) => {
    const user = await payload.create({
      collection: 'users',
      data: { email, identityProvider, password, roles: ['editor'] },
      overrideAccess: true,
    })
    return { email, id: user.id }
  }
  // The first account becomes the administrator (dev/collections/Users.ts); the benchmarked ones
  // are ordinary editors, like most people signing in.
  await createUser('admin@bench.example')
  const passwordEmail = 'password-editor@bench.example'
  await createUser(passwordEmail)
  const ssoStaff = await createUser('sso-editor@bench.example', providerId)
  const ssoIdentity: DemoIdentity = {
    email: ssoStaff.email,
    email_verified: true,
    name: 'Sam Bench',
    sub: 'bench-sso-editor',
  }

  const logout = async (client: RestClient) => {
    const answer = await client.post('/users/logout', undefined, browserHeaders)
    if (answer.status !== 200) {
      throw new Error(`logout answered ${answer.status}: ${JSON.stringify(answer.body)}`)
    }
  }

  /** A whole single sign-on as `identity`; only the app's callback is timed. */
  const ssoSignIn = async (identity: DemoIdentity): Promise<Sample> => {
    const client = new RestClient(config)
    const start = await client.get(
      `/admin/oauth/authorization/${providerId}?flow=default`,
      browserHeaders,
    )
    const authorizationUrl = start.headers.get('location')
    if (start.status !== 303 || !authorizationUrl) {
      throw new Error(`the authorization endpoint answered ${start.status}`)
    }
    const back = new URL(await provider.authorize(identity, authorizationUrl))
    if (back.origin + back.pathname !== `${appOrigin}${callbackPath}`) {
      throw new Error(`the provider sent the browser to ${back.href}`)
    }
    const path = `${back.pathname.replace(/^\/api/, '')}${back.search}`
    // The browser comes back from the provider's site: a cross-site, top-level navigation.
    const headers = { ...browserHeaders, 'sec-fetch-site': 'cross-site' }
    const { hash, provider: wait, response, wallMs } = await timed(() => client.get(path, headers))
    const signedIn =
      response.status === 303 &&
      new URL(response.headers.get('location') ?? '', appOrigin).pathname === '/admin' &&
      client.cookies.has('payload-token')
    if (!signedIn) {
      throw new Error(
        `the callback did not sign in: ${response.status} to ${response.headers.get('location')}`,
      )
    }
    if (hash.count > 0) {
      throw new Error('the callback hashed a password: this benchmark does not subtract that')
    }
    if (wait.count === 0) {
      throw new Error('no request to the provider seen: the wait would not be subtracted')
    }
    await logout(client)
    return {
      count: wait.count,
      serverMs: wallMs - wait.ms,
      subtractedMs: wait.ms,
      wallMs,
    }
  }

  /** A password sign-in of the password account; only the login is timed. */
  const passwordSignIn = async (): Promise<Sample> => {
    // A new cookie jar each time: a browser signing in carries no session cookie yet.
    const client = new RestClient(config)
    const { hash, response, wallMs } = await timed(() =>
      client.post('/users/login', { email: passwordEmail, password }, browserHeaders),
    )
    if (response.status !== 200) {
      throw new Error(`login answered ${response.status}: ${JSON.stringify(response.body)}`)
    }
    if (hash.count === 0) {
      throw new Error('no password hash seen: its time would not be subtracted')
    }
    await logout(client)
    return { count: hash.count, serverMs: wallMs - hash.ms, subtractedMs: hash.ms, wallMs }
  }

  const cpus = os.cpus()
  console.log(
    `bench:sso — Node ${process.version}, ${cpus.length} CPU(s) (${cpus[0]?.model ?? 'unknown'})`,
  )
  console.log(`At the start: ${load()} (1, 5, 15 min, as uptime shows it)`)
  console.log(
    `Payload, PostgreSQL and the demo provider started in ${ms(performance.now() - started, 0)}`,
  )

  // Warm-up: the first sign-in discovers the provider (cached from then on) and links the identity;
  // then JIT, first-use caches, PostgreSQL's plan and buffer caches, on both paths.
  await ssoSignIn(ssoIdentity)
  for (let index = 0; index < WARMUP; index++) {
    await ssoSignIn(ssoIdentity)
    await passwordSignIn()
  }

  const samples: { password: Sample[]; sso: Sample[] } = { password: [], sso: [] }
  for (let index = 0; index < ITERATIONS; index++) {
    if (index % 2 === 0) {
      samples.sso.push(await ssoSignIn(ssoIdentity))
      samples.password.push(await passwordSignIn())
    } else {
      samples.password.push(await passwordSignIn())
      samples.sso.push(await ssoSignIn(ssoIdentity))
    }
  }

  // The first sign-in of each identity links it to its account (see src/flows/sso/linkedUser.ts): more
  // work, once per person, so outside the goal.
  const firstLinks: Sample[] = []
  for (let index = 0; index < FIRST_LINKS; index++) {
    const staff = await createUser(`sso-new-${++accounts}@bench.example`, providerId)
    firstLinks.push(
      await ssoSignIn({ email: staff.email, email_verified: true, sub: `bench-new-${accounts}` }),
    )
  }

  const serverOf = (list: Sample[]) => summarize(list.map((sample) => sample.serverMs))
  const stats = {
    firstLink: serverOf(firstLinks),
    password: serverOf(samples.password),
    sso: serverOf(samples.sso),
  }
  const perSignIn = (list: Sample[], key: 'count' | 'subtractedMs' | 'wallMs') =>
    summarize(list.map((sample) => sample[key])).median
  const row = (label: string, list: Sample[], summary: ReturnType<typeof summarize>) => [
    label,
    String(list.length),
    ms(summary.median),
    ms(summary.p95),
    ms(perSignIn(list, 'wallMs')),
    `${ms(perSignIn(list, 'subtractedMs'))} (${perSignIn(list, 'count')}×)`,
  ]
  console.log(
    `\nServer time per sign-in: wall time through the REST handler minus what is subtracted; ` +
      `${ITERATIONS} of each after ${WARMUP} warm-up, interleaved, order alternating`,
  )
  console.log(
    table([
      ['', 'n', 'median', 'p95', 'wall, median', 'subtracted, median'],
      row('password sign-in, minus its hash', samples.password, stats.password),
      row('SSO callback, linked, minus provider wait', samples.sso, stats.sso),
    ]),
  )
  const difference = stats.sso.median - stats.password.median
  const signed = (value: number) => `${value >= 0 ? '+' : ''}${ms(value)}`
  console.log(
    `\nSSO − password, medians: ${signed(difference)} ` +
      `(p95s: ${signed(stats.sso.p95 - stats.password.p95)})`,
  )
  console.log(
    `Goal: the SSO callback's median at most ${GOAL_MS} ms above the password sign-in's: ` +
      (difference <= GOAL_MS ? 'goal met' : 'goal missed'),
  )
  console.log(
    'Subtracted: for SSO, the requests to the provider (token and userinfo), each from the call ' +
      "to the last byte of its answer; for the password, Payload's hash (pbkdf2-sha256, " +
      '600,000 iterations), from the call to its callback.',
  )
  console.log(`\nFor information, outside the goal: a first SSO sign-in, which links the identity`)
  console.log(
    table([
      ['', 'n', 'median', 'p95', 'wall, median', 'subtracted, median'],
      row('SSO callback, first link, minus provider wait', firstLinks, stats.firstLink),
    ]),
  )
  const runSeconds = (performance.now() - started) / 1000
  console.log(`\nAt the end: ${load()}. Total run time: ${runSeconds.toFixed(0)} s.`)
} catch (error) {
  failed = true
  console.error(error)
} finally {
  await closeApp?.()
  await provider.stop()
  await server.stop()
  rmSync(mediaDir, { force: true, recursive: true })
}
// Nothing else should be left running, but an embedded PostgreSQL handle must not keep us waiting.
process.exit(failed ? 1 : 0)
