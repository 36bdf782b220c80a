/**
 * `npm run bench:overview`: the security overview's server time at scale, next to the audit list's.
 * With 1,000,000 audit entries (a year of them, sign-ins the most common) and 10,000 accounts (roles,
 * second factors, passkeys, sign-in methods, some locked or suspended), it times the overview's data
 * request (`GET /api/users/security-overview`: every count of the page, in SQL) and the audit list's
 * own REST request (`GET /api/audit-log?limit=10`, what the admin list runs), p95 over N runs each,
 * with the load average beside each figure (the machine is shared). Goal: the overview under 300 ms.
 *
 * Both go through the REST route handlers the app mounts at /api, in this process (RestClient), so the
 * figure is the server's time, not the network's. Rows are inserted with INSERT … SELECT from
 * generate_series, bypassing Payload. OVERVIEW_AUDIT_ROWS and OVERVIEW_ACCOUNTS change the sizes
 * (say, a smaller run on a busy machine); `--runs N` the number of timed requests.
 */
import type { Payload, SanitizedConfig } from 'payload'

import { sql } from '@payloadcms/db-postgres'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { performance } from 'node:perf_hooks'
import { getPayload } from 'payload'
import pg from 'pg'

import { closePayload } from '../dev/database/closePayload.js'
import { adoption } from '../src/adminViews/securityOverview/adoption.js'
import { currentNumbers } from '../src/adminViews/securityOverview/currentNumbers.js'
import { overviewWindows } from '../src/adminViews/securityOverview/overviewWindows.js'
import { rolesSource } from '../src/adminViews/securityOverview/rolesSource.js'
import { signInsPerDay } from '../src/adminViews/securityOverview/signInsPerDay.js'
import { signInsPerDayStatement } from '../src/adminViews/securityOverview/signInsPerDayStatement.js'
import { sqlFor } from '../src/shared/db/sql.js'
import { getPluginOptions } from '../src/shared/options/getPluginOptions.js'
import { RestClient } from '../test/helpers/restClient.js'
import { startTemporaryPostgres } from '../test/helpers/temporaryPostgres.js'
import { countFlag } from './lib/flags.js'
import { ms, summarize, table } from './lib/stats.js'

const sizeFrom = (name: string, fallback: number) => {
  const value = process.env[name] === undefined ? fallback : Number(process.env[name])
  if (!Number.isInteger(value) || value < 1) {
    throw new Error(`${name} takes a whole number of at least 1`)
  }
  return value
}
const ROWS = sizeFrom('OVERVIEW_AUDIT_ROWS', 1_000_000)
const ACCOUNTS = sizeFrom('OVERVIEW_ACCOUNTS', 10_000)
const RUNS = countFlag('--runs', 60)
const GOAL_MS = 300
const password = 'a-long-and-unusual-passphrase-42'

const load = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(' ')
const seconds = (started: number) => `${((performance.now() - started) / 1000).toFixed(1)} s`

/** Drops a table's indexes (but its constraints'), runs `fill`, and builds them again. */
const withIndexesRebuilt = async (db: pg.Client, tableName: string, fill: () => Promise<void>) => {
  const { rows: indexes } = await db.query<{ indexdef: string; indexname: string }>(
    `SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = current_schema() AND tablename = $1
       AND indexname NOT IN (SELECT conname FROM pg_constraint WHERE conrelid = $1::regclass)`,
    [tableName],
  )
  for (const { indexname } of indexes) {
    await db.query(`DROP INDEX "${indexname}"`)
  }
  await fill()
  for (const { indexdef } of indexes) {
    await db.query(indexdef)
  }
  await db.query(`VACUUM ANALYZE "${tableName}"`)
}

const mediaDir = mkdtempSync(path.join(os.tmpdir(), 'backoffice-bench-media-'))
const server = await startTemporaryPostgres('backoffice-bench-overview-')
let payload: Payload | undefined
let db: pg.Client | undefined
let failed = false
try {
  const runStarted = performance.now()
  const databaseUrl = await server.createDatabase('bench_overview')
  process.env.DATABASE_URL = databaseUrl
  process.env.PAYLOAD_SECRET = randomBytes(32).toString('hex')
  process.env.MEDIA_DIR = mediaDir
  process.env.SERVER_URL = 'http://localhost:3000'
  process.env.DISABLE_PAYLOAD_HMR = 'true'
  const { default: configPromise } = await import('../dev/payload.config.js')
  const config: SanitizedConfig = await configPromise
  // drizzle's schema push draws a spinner on stdout; it would only clutter the figures below.
  const write = process.stdout.write.bind(process.stdout)
  process.stdout.write = (() => true) as typeof process.stdout.write
  try {
    payload = await getPayload({ config })
  } finally {
    process.stdout.write = write
  }
  console.log(
    `bench:overview — ${os.cpus().length} CPU(s) (${os.cpus()[0]?.model ?? 'unknown'}), ${ROWS.toLocaleString('en')} audit entries, ${ACCOUNTS.toLocaleString('en')} accounts, load average ${load()}`,
  )
  db = new pg.Client({ connectionString: databaseUrl })
  await db.connect()
  const client = db
  await client.query(`SET maintenance_work_mem = '256MB'`)
  // Enum types as Payload named them, read back rather than guessed.
  const { rows: enumRows } = await client.query<{ column: string; table: string; type: string }>(
    `SELECT table_name AS table, column_name AS column, udt_name AS type FROM information_schema.columns
     WHERE table_schema = current_schema() AND data_type = 'USER-DEFINED'`,
  )
  const enumOf = (tableName: string, column: string) => {
    const type = enumRows.find((row) => row.table === tableName && row.column === column)?.type
    if (!type) {
      throw new Error(`No enum type for ${tableName}.${column}`)
    }
    return `"${type}"`
  }

  // --- The administrator who asks, through Payload, then the other accounts straight into the tables.
  await payload.create({
    collection: 'users',
    data: { email: 'admin@bench.example', password, roles: ['admin'] },
  })
  const seedStarted = performance.now()
  await withIndexesRebuilt(client, 'users', async () => {
    await client.query(
      `INSERT INTO users (email, name, identity_provider, totp_config_status, security_status,
         lockout_until, consecutive_failed_logins, updated_at, created_at)
       SELECT 'person' || g || '@bench.example', 'Person ' || g,
         CASE WHEN g % 10 = 0 THEN 'corporate' ELSE 'local' END,
         (CASE WHEN g % 5 < 2 THEN 'enabled' ELSE NULL END)::${enumOf('users', 'totp_config_status')},
         (CASE WHEN g % 100 = 0 THEN 'suspended' ELSE 'active' END)::${enumOf('users', 'security_status')},
         CASE WHEN g % 200 = 0 THEN now() + interval '10 minutes' END,
         CASE WHEN g % 200 = 0 THEN 6 ELSE 0 END,
         now(), now()
       FROM generate_series(1, $1::int) AS g`,
      [ACCOUNTS - 1],
    )
  })
  await withIndexesRebuilt(client, 'users_roles', async () => {
    // One role each, two for every seventh: editors the most, then reviewers, a few administrators.
    await client.query(
      `INSERT INTO users_roles ("order", parent_id, value)
       SELECT 1, id, (CASE WHEN id % 20 = 0 THEN 'admin' WHEN id % 3 = 0 THEN 'reviewer' ELSE 'editor' END)::${enumOf('users_roles', 'value')}
       FROM users WHERE email LIKE '%@bench.example' AND email <> 'admin@bench.example'
       UNION ALL
       SELECT 2, id, 'reviewer'::${enumOf('users_roles', 'value')} FROM users WHERE id % 7 = 0 AND id % 3 <> 0 AND id % 20 <> 0`,
    )
  })
  await withIndexesRebuilt(client, 'passkeys', async () => {
    await client.query(
      `INSERT INTO passkeys (user_id, name, credential_id, public_key, user_handle, counter, updated_at, created_at)
       SELECT id, 'Laptop', 'credential-' || id, 'key', 'handle-' || id, 0, now(), now()
       FROM users WHERE id % 5 = 3`,
    )
  })
  await withIndexesRebuilt(client, 'sessions', async () => {
    await client.query(
      `INSERT INTO sessions (user_id, sid, expires_at, revoked_at, authentication_level, updated_at, created_at)
       SELECT 1 + (g % $1::int), 'sid-' || g, now() + (g % 24 - 12) * interval '1 hour',
         CASE WHEN g % 4 = 0 THEN now() END, 'password'::${enumOf('sessions', 'authentication_level')}, now(), now()
       FROM generate_series(1, $1::int) AS g`,
      [ACCOUNTS],
    )
  })
  await client.query(
    `INSERT INTO two_factor_reset_requests (requester_id, reason, status, expires_at, pending_key, updated_at, created_at)
     SELECT id, 'Lost my phone', 'pending'::${enumOf('two_factor_reset_requests', 'status')}, now() + interval '7 days', id::text, now(), now()
     FROM users WHERE id % 500 = 1`,
  )
  // A year of audit entries: sign-ins the most common (password, single sign-on, passkey; one in
  // four refused), the rest other events the overview does not count but must read past.
  await withIndexesRebuilt(client, 'audit_log', async () => {
    await client.query(
      `WITH generated AS (
         SELECT g, now() - random() * interval '365 days' AS at, random() AS pick, random() AS how
         FROM generate_series(1, $1::int) AS g
       )
       INSERT INTO audit_log (timestamp, event, category, actor, "user", data, ip_address, updated_at, created_at)
       SELECT at,
         (CASE WHEN pick < 0.40 THEN 'login.succeeded' WHEN pick < 0.52 THEN 'login.failed'
               WHEN pick < 0.5205 THEN 'account.guessingDetected' WHEN pick < 0.60 THEN 'session.revoked'
               ELSE 'content.updated' END)::${enumOf('audit_log', 'event')},
         (CASE WHEN pick < 0.5205 THEN 'authentication' WHEN pick < 0.60 THEN 'session' ELSE 'content' END)::${enumOf('audit_log', 'category')},
         'person' || (g % $2::int) || '@bench.example', 'person' || (g % $2::int) || '@bench.example',
         CASE WHEN pick < 0.52 THEN
           CASE WHEN how < 0.80 THEN '{"factor":"password"}'::jsonb
                WHEN how < 0.95 THEN '{"factor":"sso","provider":"corporate"}'::jsonb
                ELSE '{"factor":"passkeySignIn"}'::jsonb END
         END,
         '203.0.113.' || (g % 250), at, at
       FROM generated
       -- In time order, as an append-only log is written: the last 30 days sit together on disk.
       ORDER BY at`,
      [ROWS, ACCOUNTS],
    )
  })
  const { rows: sizes } = await client.query<{ accounts: string; entries: string }>(
    `SELECT (SELECT count(*) FROM users) AS accounts, (SELECT count(*) FROM audit_log) AS entries`,
  )
  console.log(
    `Seeded ${Number(sizes[0]!.entries).toLocaleString('en')} audit entries and ${Number(sizes[0]!.accounts).toLocaleString('en')} accounts in ${seconds(seedStarted)}.`,
  )

  // --- The two requests, signed in as the administrator.
  const admin = new RestClient(config)
  const signedIn = await admin.post('/users/login', { email: 'admin@bench.example', password })
  if (signedIn.status !== 200) {
    throw new Error(`Login answered ${signedIn.status}: ${JSON.stringify(signedIn.body)}`)
  }
  const timed = async (pathname: string) => {
    for (let index = 0; index < 5; index++) {
      await admin.get(pathname) // warm-up: plan cache, buffers
    }
    const timings: number[] = []
    const loads: number[] = []
    for (let index = 0; index < RUNS; index++) {
      const started = performance.now()
      const response = await admin.get(pathname)
      timings.push(performance.now() - started)
      if (response.status !== 200) {
        throw new Error(`${pathname} answered ${response.status}: ${JSON.stringify(response.body)}`)
      }
      loads.push(os.loadavg()[0]!)
    }
    return { loads, stats: summarize(timings) }
  }
  const overview = await timed('/users/security-overview')
  const auditList = await timed('/audit-log?limit=10')
  const overviewBody = (await admin.get('/users/security-overview')).body as {
    current: Record<string, number>
  }
  const loadRange = (loads: number[]) =>
    `${Math.min(...loads).toFixed(2)}–${Math.max(...loads).toFixed(2)}`
  console.log(
    `\nServer time of each request, ${RUNS} runs after 5 warm-up (REST route handlers, in process):`,
  )
  console.log(
    table([
      ['request', 'p50', 'p95', 'max', '1-min load during'],
      [
        'GET /api/users/security-overview',
        ms(overview.stats.median),
        ms(overview.stats.p95),
        ms(overview.stats.max),
        loadRange(overview.loads),
      ],
      [
        'GET /api/audit-log?limit=10',
        ms(auditList.stats.median),
        ms(auditList.stats.p95),
        ms(auditList.stats.max),
        loadRange(auditList.loads),
      ],
    ]),
  )
  console.log(`"Right now" as counted: ${JSON.stringify(overviewBody.current)}`)
  console.log(
    `Goal: the overview's p95 under ${GOAL_MS} ms — ${overview.stats.p95 < GOAL_MS ? 'met' : 'NOT met'}.`,
  )

  // Each of the overview's three statements alone (they run side by side in the request), so a
  // reader can see which one the p95 waits for.
  const options = getPluginOptions(payload)
  const parts = {
    'adoption (accounts by factor, method, role)': () =>
      adoption(payload!, options, rolesSource(payload!, options)),
    'right now (locks, suspensions, sessions, alerts)': () =>
      currentNumbers(payload!, options, overviewWindows(new Date())),
    'sign-ins per day (the chart)': () =>
      signInsPerDay(payload!, options, overviewWindows(new Date())),
  }
  const partRows: string[][] = []
  for (const [name, run] of Object.entries(parts)) {
    const timings: number[] = []
    for (let index = 0; index < 20; index++) {
      const started = performance.now()
      await run()
      timings.push(performance.now() - started)
    }
    const stats = summarize(timings)
    partRows.push([name, ms(stats.median), ms(stats.p95), load()])
  }
  console.log(
    '\nEach part alone, 20 runs (what the request waits for is the slowest, plus the pool):',
  )
  console.log(table([['part', 'p50', 'p95', 'load average'], ...partRows]))

  // The chart's statement, exactly as the overview sends it, for its plan.
  const plan = await sqlFor(payload, options.audit.slug).execute<{ 'QUERY PLAN': string }>(
    sql`EXPLAIN (ANALYZE, BUFFERS) ${signInsPerDayStatement(payload, options, overviewWindows(new Date()))}`,
  )
  console.log(`\nPlan of the chart's scan (sign-ins of the last 30 days):`)
  console.log(plan.map((row) => `  ${row['QUERY PLAN']}`).join('\n'))
  console.log(`\nTotal run time: ${seconds(runStarted)}. Load average now ${load()}.`)
  if (overview.stats.p95 >= GOAL_MS) {
    failed = true
  }
} catch (error) {
  failed = true
  console.error(error)
} finally {
  await db?.end().catch(() => {})
  if (payload) {
    await closePayload(payload)
  }
  await server.stop()
  rmSync(mediaDir, { force: true, recursive: true })
}
// closePayload leaves one pooled connection checked out for good (see there): exit explicitly.
process.exit(failed ? 1 : 0)
