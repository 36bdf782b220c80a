/**
 * One side of `npm run bench:login`, in a process of its own: Payload keeps one instance per process
 * (`global._payload`, keyed by `getPayload`'s `key`, and the REST handlers always ask for the default
 * key), so the plugin and vanilla Payload cannot both answer `REST_POST` in one process. The parent
 * starts one worker per side and drives both in alternating blocks over IPC.
 *
 * Environment (set by bench/login.ts): BENCH_SIDE, DATABASE_URL, PAYLOAD_SECRET, MEDIA_DIR.
 */
import type { Payload, SanitizedConfig } from 'payload'

import { randomBytes } from 'node:crypto'
import { performance } from 'node:perf_hooks'
import { getPayload } from 'payload'
import pg from 'pg'

import type { Browser, Side, Tally, WorkerCommand, WorkerReply } from './lib/loginProtocol.js'

import { closePayload } from '../dev/database/closePayload.js'
import { jsonLogger } from '../src/operations/observability/jsonLogger.js'
import { RestClient } from '../test/helpers/restClient.js'

const side = process.env.BENCH_SIDE as Side
if (side !== 'plugin' && side !== 'vanilla') {
  throw new Error('BENCH_SIDE must be "plugin" or "vanilla".')
}

/** Resolves once the message is handed to the IPC channel, so exiting right after loses nothing. */
const reply = (message: WorkerReply) =>
  new Promise<void>((resolve, reject) =>
    process.send!(message, undefined, {}, (error) => (error ? reject(error) : resolve())),
  )

// What a browser behind Next.js sends: Next puts the peer address into X-Forwarded-For, and the
// plugin parses the user agent for the session document, so both sides get the same realistic headers.
const browserHeaders = {
  'user-agent':
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  'x-forwarded-for': '203.0.113.7',
}

const bootStarted = performance.now()
const { default: configPromise } =
  side === 'plugin' ? await import('../dev/payload.config.js') : await import('./vanillaConfig.js')
const config: SanitizedConfig = await configPromise
// The logger of a production app on both sides. The workers run Payload in development mode (its
// schema push builds the tables), where Payload prints every line through pino-pretty; under
// `next start` (NODE_ENV=production) the plugin gives Payload a plain JSON logger instead
// (src/operations/observability), and each audit entry's log line costs what a production one does.
config.logger ??= jsonLogger() as SanitizedConfig['logger']
const payload: Payload = await getPayload({ config })

const password = randomBytes(12).toString('base64url')
const createUser = async (email: string) => {
  await payload.create({
    collection: 'users',
    data: { email, password, roles: ['editor'] },
    overrideAccess: true,
  })
}
// The first account becomes the administrator (dev/collections/Users.ts); the benchmarked one is an
// ordinary editor, like most people signing in.
await createUser('admin@bench.example')
const benchEmail = 'editor@bench.example'
await createUser(benchEmail)

/** The cookies a returning browser still holds after signing out (the plugin's device cookie). */
let returningBrowserCookies = new Map<string, string>()

/** One sign-in through the real REST handler, timed from the request to the parsed answer. */
const login = async (
  email: string,
  loginPassword: string,
  expectedStatus: number,
  browser: Browser = 'new',
) => {
  // A new cookie jar each time: a browser signing in carries no session cookie yet. A returning
  // browser carries what it kept from its last sign-in.
  const client = new RestClient(config)
  if (browser === 'returning') {
    returningBrowserCookies.forEach((value, name) => client.cookies.set(name, value))
  }
  const started = performance.now()
  const response = await client.post(
    '/users/login',
    { email, password: loginPassword },
    browserHeaders,
  )
  const elapsed = performance.now() - started
  if (response.status !== expectedStatus) {
    throw new Error(
      `${side}: login answered ${response.status}, expected ${expectedStatus}: ${JSON.stringify(response.body)}`,
    )
  }
  return { client, elapsed }
}

/**
 * Signs in and out again (the logout is not timed), so every measured login meets the same state: an
 * account with no live sessions. Without it one account would pile up hundreds of live sessions,
 * which no person has, and each login would rewrite an ever longer `sessions` array.
 */
const successfulLogins = async (
  count: number,
  browser: Browser,
): Promise<{ cpuMs: number; timings: number[] }> => {
  const timings: number[] = []
  let cpuMs = 0
  for (let index = 0; index < count; index++) {
    // CPU time is much less sensitive than wall time to what other processes on the machine do.
    const cpu = process.cpuUsage()
    const { client, elapsed } = await login(benchEmail, password, 200, browser)
    const { system, user } = process.cpuUsage(cpu)
    cpuMs += (system + user) / 1000
    timings.push(elapsed)
    const logout = await client.post('/users/logout', undefined, browserHeaders)
    if (logout.status !== 200) {
      throw new Error(`${side}: logout answered ${logout.status}: ${JSON.stringify(logout.body)}`)
    }
    if (browser === 'returning') {
      returningBrowserCookies = new Map(client.cookies)
    }
  }
  return { cpuMs, timings }
}

let failedAccounts = 0
/**
 * Wrong passwords, each on an account of its own that has never failed before: Payload locks an
 * account after 5 failures (and the plugin backs off after its threshold), which would turn later
 * attempts into a different, "locked" path.
 */
const failedLogins = async (count: number): Promise<number[]> => {
  const timings: number[] = []
  for (let index = 0; index < count; index++) {
    const email = `wrong-${++failedAccounts}@bench.example`
    await createUser(email)
    timings.push((await login(email, `${password}-wrong`, 401)).elapsed)
  }
  return timings
}

// --- Profiling: where a login's time goes. Installed only for the profile phase, after the timed
// comparison, so the measured figures carry no instrumentation overhead.

// Per profile command: the parent asks in alternating blocks and adds the blocks up.
let sql: Tally = {}
let spans: Tally = {}
const add = (tally: Tally, key: string, elapsed: number) => {
  const entry = (tally[key] ??= { count: 0, ms: 0 })
  entry.count += 1
  entry.ms += elapsed
}

/** "insert audit_log", "select users", "begin": what a statement does, and to which table. */
const statementKind = (text: string): string => {
  const verb = /^\s*(\w+)/.exec(text)?.[1]?.toLowerCase() ?? '?'
  const table = /\b(?:from|into|update)\s+"([^"]+)"/i.exec(text)?.[1]
  return table ? `${verb} ${table}` : verb
}

let profiling = false
let instrumented = false
/** While set, the full text of every statement sent, in order (the `statements` command). */
let captured: string[] | undefined

const instrument = () => {
  if (instrumented) {
    return
  }
  instrumented = true
  // Every statement of the app, Payload's and the plugin's alike, goes through pg's Client#query:
  // drizzle calls it with a promise, pg-pool's pool.query (the lockout's SQL) with a callback.
  const prototype = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown }
  const originalQuery = prototype.query
  prototype.query = function (this: unknown, ...args: unknown[]) {
    const first = args[0]
    const text =
      typeof first === 'string' ? first : ((first as { text?: string } | undefined)?.text ?? '')
    captured?.push(text)
    if (!profiling) {
      return originalQuery.apply(this, args)
    }
    const kind = statementKind(text)
    const started = performance.now()
    const done = () => add(sql, kind, performance.now() - started)
    const last = args[args.length - 1]
    if (typeof last === 'function') {
      args[args.length - 1] = function (this: unknown, ...callbackArgs: unknown[]) {
        done()
        return (last as (...values: unknown[]) => unknown).apply(this, callbackArgs)
      }
      return originalQuery.apply(this, args)
    }
    const result = originalQuery.apply(this, args)
    if (result && typeof (result as Promise<unknown>).then === 'function') {
      ;(result as Promise<unknown>).then(done, done)
    }
    return result
  }

  const wrap = <Target extends object>(
    target: Target,
    method: keyof Target & string,
    label: (args: unknown[]) => string,
  ) => {
    const original = (target[method] as (...args: unknown[]) => Promise<unknown>).bind(target)
    ;(target as Record<string, unknown>)[method] = async (...args: unknown[]) => {
      if (!profiling) {
        return original(...args)
      }
      const started = performance.now()
      try {
        return await original(...args)
      } finally {
        add(spans, label(args), performance.now() - started)
      }
    }
  }
  const collectionOf = (args: unknown[]) =>
    String((args[0] as { collection?: string } | undefined)?.collection)
  for (const method of ['create', 'find', 'update', 'count'] as const) {
    wrap(payload, method, (args) => `payload.${method}(${collectionOf(args)})`)
  }
  for (const method of ['findOne', 'updateOne'] as const) {
    wrap(payload.db, method, (args) => `db.${method}(${collectionOf(args)})`)
  }
  // Hooks are read from the collection's config at each operation, so wrapping them in place works.
  const hooks = payload.collections.users!.config.hooks as unknown as Record<
    string,
    ((...args: unknown[]) => unknown)[]
  >
  for (const name of ['beforeLogin', 'afterLogin', 'beforeOperation', 'afterRead', 'afterChange']) {
    const list = hooks[name] ?? []
    list.forEach((hook, index) => {
      list[index] = async (...args: unknown[]) => {
        if (!profiling) {
          return hook(...args)
        }
        const started = performance.now()
        try {
          return await hook(...args)
        } finally {
          add(spans, `users ${name} hook #${index + 1}`, performance.now() - started)
        }
      }
    })
  }
}

const profile = async (count: number): Promise<WorkerReply> => {
  instrument()
  sql = {}
  spans = {}
  profiling = true
  const timings: number[] = []
  for (let index = 0; index < count; index++) {
    const { client, elapsed } = await login(benchEmail, password, 200, 'returning')
    timings.push(elapsed)
    // Only the login is profiled: the untimed logout must not count.
    profiling = false
    const logout = await client.post('/users/logout', undefined, browserHeaders)
    if (logout.status !== 200) {
      throw new Error(`${side}: logout answered ${logout.status}`)
    }
    profiling = true
  }
  profiling = false
  return { ms: timings, spans, sql, type: 'profile' }
}

/**
 * The statements of one successful login, counted where every one of them goes through (see
 * `instrument`). BEGIN and COMMIT are statements like any other and are counted on both sides alike.
 */
const statements = async (browser: Browser): Promise<WorkerReply> => {
  instrument()
  captured = []
  let texts: string[]
  let client: RestClient
  try {
    ;({ client } = await login(benchEmail, password, 200, browser))
  } finally {
    // The logout below is not part of the sign-in.
    texts = captured
    captured = undefined
  }
  const logout = await client.post('/users/logout', undefined, browserHeaders)
  if (logout.status !== 200) {
    throw new Error(`${side}: logout answered ${logout.status}`)
  }
  return { statements: texts, type: 'statements' }
}

const handle = async (command: WorkerCommand): Promise<WorkerReply> => {
  switch (command.type) {
    case 'failedLogins':
      return { cpuMs: 0, ms: await failedLogins(command.count), type: 'timings' }
    case 'logins': {
      const { cpuMs, timings } = await successfulLogins(command.count, command.browser)
      return { cpuMs, ms: timings, type: 'timings' }
    }
    case 'profile':
      return profile(command.count)
    case 'statements':
      return statements(command.browser)
    case 'stop':
      await closePayload(payload)
      return { type: 'stopped' }
  }
}

process.on('message', (command: WorkerCommand) => {
  handle(command)
    .then(async (message) => {
      await reply(message)
      if (message.type === 'stopped') {
        // closePayload leaves one pooled connection checked out for good (see there): exit explicitly.
        process.exit(0)
      }
    })
    .catch((error: unknown) =>
      reply({
        message: error instanceof Error ? (error.stack ?? error.message) : String(error),
        type: 'error',
      }),
    )
})

await reply({ bootMs: performance.now() - bootStarted, type: 'ready' })
