/**
 * `npm run bench:audit`: the audit log at scale.
 * 1. With 1,000,000 entries in PostgreSQL, the admin list's query ("one person's history": filtered by
 *    user and event, newest first, 10 a page): p95 under 50 ms is the goal. Its plan is printed once.
 * 2. The cost of the entry a login writes (`recordAuditEvent`, event `login.succeeded`), into that
 *    same 1,000,000-row table; and, for information, login times with and without that write.
 *
 * Runs the dev app's config (with the plugin) on a throw-away embedded PostgreSQL. The rows are
 * inserted with one INSERT … SELECT from generate_series, bypassing Payload: a million Local API
 * creates would take hours and measure nothing this benchmark is about.
 */
import type { CollectionSlug, Payload, PayloadRequest, SanitizedConfig, Where } from 'payload'

import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { performance } from 'node:perf_hooks'
import { createLocalReq, getPayload } from 'payload'
import pg from 'pg'

import { closePayload } from '../dev/database/closePayload.js'
import { type AuditEventName, auditEvents } from '../src/shared/audit/auditEvents.js'
import { recordAuditEvent } from '../src/shared/audit/recordAuditEvent.js'
import { RestClient } from '../test/helpers/restClient.js'
import { startTemporaryPostgres } from '../test/helpers/temporaryPostgres.js'
import { ms, summarize, table } from './lib/stats.js'

const ROWS = 1_000_000
const USERS = 2_000
const QUERIES = 200
const HEAVIEST_QUERIES = 50
const QUERY_GOAL_MS = 50
const WRITES = 200
const LOGINS_PER_SIDE = 60
const LOGIN_BLOCK = 10

/**
 * How often each event occurs: sign-ins and content edits dominate a real log, lockouts and
 * suspensions are rare. Typed over every event, so a new event cannot be left out.
 */
const eventWeights: Record<AuditEventName, number> = {
  'account.apiKeyDisabled': 0.0005,
  'account.signInMethodChanged': 0.0001,
  'sso.linked': 0.0005,
  'sso.reauthenticated': 0.0005,
  'account.emailChangeUndone': 0.00001,
  'account.intruderEvicted': 0.00001,
  'account.recoveryReviewApproved': 0.000005,
  'account.signInChangeReported': 0.000005,
  'account.emailChanged': 0.0005,
  'account.locked': 0.005,
  'account.guessingDetected': 0.0005,
  'account.suspended': 0.001,
  'account.unblocked': 0.002,
  'content.created': 0.06,
  'content.deleted': 0.02,
  'content.published': 0.07,
  'content.restored': 0.006,
  'content.updated': 0.2,
  'invitation.accepted': 0.002,
  'invitation.revoked': 0.0005,
  'invitation.sent': 0.003,
  'login.failed': 0.12,
  'login.newBrowserNoticed': 0.01,
  'login.newBrowserReported': 0.00001,
  'login.refusalsSummarised': 0.001,
  'login.succeeded': 0.4,
  'password.changeFailed': 0.002,
  'password.changed': 0.01,
  'password.confirmFailed': 0.0005,
  'password.confirmed': 0.003,
  'password.reset': 0.005,
  'password.resetRequested': 0.006,
  'session.revoked': 0.08,
  'twoFactor.challengeFailed': 0.004,
  'twoFactor.challengeStarted': 0.05,
  'twoFactor.challengeSucceeded': 0.045,
  'twoFactor.deviceRemoved': 0.0005,
  'twoFactor.deviceTrusted': 0.002,
  'twoFactor.passkeyAdded': 0.0005,
  'twoFactor.passkeyRemoved': 0.0002,
  'twoFactor.passkeyRenamed': 0.0001,
  'twoFactor.recoveryCodesGenerated': 0.0005,
  'twoFactor.recoveryCodeUsed': 0.0002,
  'twoFactor.enrolled': 0.001,
  'twoFactor.appReplaced': 0.0002,
  'twoFactor.appRemoved': 0.0001,
  'twoFactor.misuseReported': 0.00001,
  'twoFactor.rateLimited': 0.0002,
  'twoFactor.secretUnreadable': 0.00001,
  'twoFactor.replayRejected': 0.0002,
  'twoFactor.resetApproved': 0.00005,
  'twoFactor.resetDenied': 0.00002,
  'twoFactor.resetExpired': 0.00001,
  'twoFactor.resetRequested': 0.0001,
  'user.created': 0.005,
  'user.deleted': 0.002,
  'user.roleChanged': 0.002,
  'user.updated': 0.01,
}

const browserHeaders = {
  'user-agent':
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  'x-forwarded-for': '203.0.113.7',
}

type DrizzleAdapter = {
  tableNameMap: Map<string, string>
  tables: Record<string, Record<string, { name: string }>>
}

const quote = (identifier: string) => `"${identifier.replace(/"/g, '""')}"`
const literal = (value: string) => `'${value.replace(/'/g, "''")}'`
const seconds = (started: number) => `${((performance.now() - started) / 1000).toFixed(1)} s`

/**
 * Records the SQL Payload sends while `run` runs, with its parameters: the plan printed below is
 * the plan of the exact statements the admin's list query produces, not of a hand-written look-alike.
 */
const captureSql = async (
  run: () => Promise<unknown>,
): Promise<{ text: string; values: unknown[] }[]> => {
  const prototype = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown }
  const original = prototype.query
  const captured: { text: string; values: unknown[] }[] = []
  prototype.query = function (this: unknown, ...args: unknown[]) {
    const [first, second] = args
    const config =
      typeof first === 'string' ? { text: first } : (first as { text?: string; values?: unknown[] })
    const values = Array.isArray(second) ? second : (config.values ?? [])
    if (config.text) {
      captured.push({ text: config.text, values })
    }
    return original.apply(this, args)
  }
  try {
    await run()
  } finally {
    prototype.query = original
  }
  return captured
}

const mediaDir = mkdtempSync(path.join(os.tmpdir(), 'backoffice-bench-media-'))
const server = await startTemporaryPostgres('backoffice-bench-audit-')
let payload: Payload | undefined
let sqlClient: pg.Client | undefined
let failed = false
try {
  const runStarted = performance.now()
  const databaseUrl = await server.createDatabase('bench_audit')
  process.env.DATABASE_URL = databaseUrl
  process.env.PAYLOAD_SECRET = randomBytes(32).toString('hex')
  process.env.MEDIA_DIR = mediaDir
  process.env.SERVER_URL = 'http://localhost:3000'
  // No Next dev server to reload from: Payload would otherwise keep trying to reach its HMR socket.
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
  const auditSlug = 'audit-log' as CollectionSlug
  const auditCollection = payload.collections[auditSlug]!.config

  console.log(
    `bench:audit — ${os.cpus().length} CPU(s) (${os.cpus()[0]?.model ?? 'unknown'}), load average ${os
      .loadavg()
      .map((load) => load.toFixed(2))
      .join(' ')}`,
  )

  // --- 1,000,000 entries, straight into the table Payload created.
  const adapter = payload.db as unknown as DrizzleAdapter
  const tableName = adapter.tableNameMap.get('audit_log') ?? 'audit_log'
  const columns = adapter.tables[tableName]!
  const column = (field: string) => {
    const name = columns[field]?.name
    if (!name) {
      throw new Error(`No column for audit-log field "${field}" in table ${tableName}.`)
    }
    return quote(name)
  }
  sqlClient = new pg.Client({ connectionString: databaseUrl })
  await sqlClient.connect()
  const db = sqlClient
  const { rows: enumRows } = await db.query<{ column_name: string; udt_name: string }>(
    `SELECT column_name, udt_name FROM information_schema.columns WHERE table_name = $1 AND column_name IN ($2, $3)`,
    [tableName, columns.event!.name, columns.category!.name],
  )
  const enumType = (field: 'category' | 'event') =>
    quote(enumRows.find((row) => row.column_name === columns[field]!.name)!.udt_name)

  const totalWeight = Object.values(eventWeights).reduce((sum, weight) => sum + weight, 0)
  let cumulative = 0
  const eventRanges = Object.entries(eventWeights).map(([event, weight], index, all) => {
    const low = cumulative / totalWeight
    cumulative += weight
    // The last range is open-ended so that random() can never fall between the cracks.
    const high = index === all.length - 1 ? 2 : cumulative / totalWeight
    const { category } = auditEvents[event as AuditEventName]
    return `(${literal(event)}, ${literal(category)}, ${low}::float8, ${high}::float8)`
  })

  const insertStarted = performance.now()
  // Building indexes once over the loaded table is several times faster than updating them row by
  // row; they are re-created below from their own definitions, so the schema ends up as Payload made it.
  const { rows: indexes } = await db.query<{ indexdef: string; indexname: string }>(
    `SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = current_schema() AND tablename = $1
       AND indexname NOT IN (SELECT conname FROM pg_constraint WHERE conrelid = $1::regclass)`,
    [tableName],
  )
  await db.query(`SET maintenance_work_mem = '256MB'`)
  for (const { indexname } of indexes) {
    await db.query(`DROP INDEX ${quote(indexname)}`)
  }
  // Users are skewed (power 2): a few accounts, like a busy administrator's, have thousands of entries
  // each, most have a few hundred. Timestamps spread over the past year.
  await db.query(`
    WITH events (event, category, low, high) AS (VALUES ${eventRanges.join(', ')}),
    generated AS (
      SELECT g,
        now() - random() * interval '365 days' AS at,
        random() AS pick,
        1 + LEAST(${USERS - 1}, floor(${USERS} * power(random(), 2)))::int AS person
      FROM generate_series(1, ${ROWS}) AS g
    )
    INSERT INTO ${quote(tableName)} (
      ${column('timestamp')}, ${column('event')}, ${column('category')}, ${column('actor')}, ${column('user')},
      ${column('targetSlug')}, ${column('targetObject')}, ${column('data')}, ${column('ipAddress')},
      ${column('userAgent')}, ${column('updatedAt')}, ${column('createdAt')}
    )
    SELECT generated.at, events.event::${enumType('event')}, events.category::${enumType('category')},
      'user' || lpad(generated.person::text, 4, '0') || '@bench.example',
      'user' || lpad(generated.person::text, 4, '0') || '@bench.example',
      CASE WHEN events.category = 'content' THEN 'posts' ELSE 'users' END,
      (generated.g % 5000)::text,
      CASE WHEN events.category = 'authentication' THEN '{"factor":"password"}'::jsonb END,
      '203.0.113.' || (generated.g % 250)::text,
      ${literal(browserHeaders['user-agent'])},
      generated.at, generated.at
    FROM generated JOIN events ON generated.pick >= events.low AND generated.pick < events.high`)
  const insertedAt = performance.now()
  for (const { indexdef } of indexes) {
    await db.query(indexdef)
  }
  const indexedAt = performance.now()
  await db.query(`VACUUM ANALYZE ${quote(tableName)}`)
  const { rows: countRows } = await db.query<{ count: string }>(
    `SELECT count(*) FROM ${quote(tableName)}`,
  )
  console.log(
    `Inserted ${Number(countRows[0]!.count).toLocaleString('en')} audit entries (${USERS} users, ${Object.keys(eventWeights).length} events, one year): ` +
      `insert ${((insertedAt - insertStarted) / 1000).toFixed(1)} s, ${indexes.length} indexes ${((indexedAt - insertedAt) / 1000).toFixed(1)} s, ` +
      `VACUUM ANALYZE ${seconds(indexedAt)}.`,
  )

  // --- The admin list's query.
  const sort = auditCollection.defaultSort
  if (typeof sort !== 'string') {
    throw new Error(`The audit log's defaultSort is ${JSON.stringify(sort)}, expected one field.`)
  }
  // The admin's list shows `admin.pagination.defaultLimit` rows a page (Payload's default: 10).
  const limit = auditCollection.admin.pagination?.defaultLimit ?? 10
  const whereFor = (user: string, event: string): Where => ({
    and: [{ user: { equals: user } }, { event: { equals: event } }],
  })
  const listQuery = (user: string, event: string) =>
    payload!.find({
      collection: auditSlug,
      depth: 0,
      limit,
      overrideAccess: true,
      sort,
      where: whereFor(user, event),
    })

  const { rows: pairs } = await db.query<{ event: string; user: string }>(
    // Random entries: busy users and common events are drawn as often as they occur.
    `SELECT ${column('user')} AS user, ${column('event')}::text AS event FROM ${quote(tableName)} ORDER BY random() LIMIT ${QUERIES + 20}`,
  )
  const { rows: heaviest } = await db.query<{ count: string; event: string; user: string }>(
    `SELECT ${column('user')} AS user, ${column('event')}::text AS event, count(*) AS count FROM ${quote(tableName)}
     GROUP BY 1, 2 ORDER BY 3 DESC LIMIT 1`,
  )
  const heaviestPair = heaviest[0]!

  for (const pair of pairs.slice(QUERIES)) {
    await listQuery(pair.user, pair.event) // warm-up: plan cache, buffers, JIT
  }
  const queryTimings: number[] = []
  let matched = 0
  for (const pair of pairs.slice(0, QUERIES)) {
    const started = performance.now()
    const result = await listQuery(pair.user, pair.event)
    queryTimings.push(performance.now() - started)
    matched += result.totalDocs
  }
  const heaviestTimings: number[] = []
  for (let index = 0; index < HEAVIEST_QUERIES; index++) {
    const started = performance.now()
    await listQuery(heaviestPair.user, heaviestPair.event)
    heaviestTimings.push(performance.now() - started)
  }
  const queries = summarize(queryTimings)
  const heaviestStats = summarize(heaviestTimings)
  console.log(
    `\nAdmin list query: payload.find({ collection: '${auditSlug}', where: user = X AND event = Y, sort: '${sort}' (the collection's defaultSort), limit: ${limit}, depth: 0 })`,
  )
  console.log(
    table([
      ['', 'runs', 'p50', 'p95', 'max', 'matching entries'],
      [
        'random (user, event) from the table',
        String(queries.count),
        ms(queries.median, 2),
        ms(queries.p95, 2),
        ms(queries.max, 2),
        `${Math.round(matched / QUERIES)} on average`,
      ],
      [
        `heaviest pair (${heaviestPair.user}, ${heaviestPair.event})`,
        String(heaviestStats.count),
        ms(heaviestStats.median, 2),
        ms(heaviestStats.p95, 2),
        ms(heaviestStats.max, 2),
        heaviestPair.count,
      ],
    ]),
  )
  console.log(
    `p95 ${ms(queries.p95, 2)} (goal < ${QUERY_GOAL_MS} ms): ${queries.p95 < QUERY_GOAL_MS ? 'goal met' : 'goal missed'}`,
  )

  const statements = await captureSql(() => listQuery(heaviestPair.user, heaviestPair.event))
  console.log(
    `\nThe ${statements.length} statement(s) Payload sends for it, with EXPLAIN ANALYZE (heaviest pair):`,
  )
  for (const statement of statements) {
    console.log(`\n${statement.text}\n-- parameters: ${JSON.stringify(statement.values)}`)
    const { rows: plan } = await db.query<{ 'QUERY PLAN': string }>(
      `EXPLAIN (ANALYZE, BUFFERS) ${statement.text}`,
      statement.values,
    )
    console.log(plan.map((row) => `   ${row['QUERY PLAN']}`).join('\n'))
  }

  // --- The entry a login writes.
  const password = randomBytes(12).toString('base64url')
  const user = await payload.create({
    collection: 'users' as CollectionSlug,
    data: { email: 'editor@bench.example', password, roles: ['editor'] } as never,
    overrideAccess: true,
  })
  // What a login's request carries that the entry records: the peer address and the user agent.
  const req = await createLocalReq(
    { req: { headers: new Headers(browserHeaders) } as Partial<PayloadRequest> },
    payload,
  )
  const countEntries = async () =>
    Number(
      (await db.query<{ count: string }>(`SELECT count(*) FROM ${quote(tableName)}`)).rows[0]!
        .count,
    )
  const entriesBefore = await countEntries()
  const writeTimings: number[] = []
  for (let index = 0; index < WRITES + 20; index++) {
    const started = performance.now()
    await recordAuditEvent(req, {
      actor: user,
      data: { factor: 'password' },
      event: 'login.succeeded',
      user,
    })
    if (index >= 20) {
      writeTimings.push(performance.now() - started) // the first 20 were warm-up
    }
  }
  const written = (await countEntries()) - entriesBefore
  if (written !== WRITES + 20) {
    // recordAuditEvent never throws; a failed write only shows in the log and in this count.
    throw new Error(
      `recordAuditEvent wrote ${written} entries of ${WRITES + 20}: see the error log above.`,
    )
  }
  const writes = summarize(writeTimings)
  console.log(
    `\nOne login's audit entry: recordAuditEvent(req, { event: 'login.succeeded', … }) into the ${Math.round(entriesBefore / 1000).toLocaleString('en')}k-entry table, ${WRITES} runs after 20 warm-up`,
  )
  console.log(
    table([
      ['', 'p50', 'p95', 'mean', 'max'],
      [
        'recordAuditEvent',
        ms(writes.median, 2),
        ms(writes.p95, 2),
        ms(writes.mean, 2),
        ms(writes.max, 2),
      ],
    ]),
  )

  // --- For information: whole logins with and without that write, in alternating blocks. "Without"
  // skips the audit-log create inside recordAuditEvent (a stand-in for a plugin with no audit log;
  // everything else the plugin does stays).
  let skipAudit = false
  const create = payload.create.bind(payload)
  payload.create = (async (options: Parameters<Payload['create']>[0]) =>
    skipAudit && options.collection === auditSlug
      ? ({} as never)
      : create(options)) as Payload['create']
  const login = async (): Promise<number> => {
    const client = new RestClient(config)
    const started = performance.now()
    const response = await client.post(
      '/users/login',
      { email: 'editor@bench.example', password },
      browserHeaders,
    )
    const elapsed = performance.now() - started
    if (response.status !== 200) {
      throw new Error(`Login answered ${response.status}: ${JSON.stringify(response.body)}`)
    }
    // Signed out again, untimed: every login meets an account with no live sessions.
    const logout = await client.post('/users/logout', undefined, browserHeaders)
    if (logout.status !== 200) {
      throw new Error(`Logout answered ${logout.status}`)
    }
    return elapsed
  }
  for (let index = 0; index < 10; index++) {
    await login() // warm-up
  }
  const loginTimings = { with: [] as number[], without: [] as number[] }
  for (let round = 0; round < LOGINS_PER_SIDE / LOGIN_BLOCK; round++) {
    for (const side of round % 2 === 0
      ? (['with', 'without'] as const)
      : (['without', 'with'] as const)) {
      skipAudit = side === 'without'
      for (let index = 0; index < LOGIN_BLOCK; index++) {
        loginTimings[side].push(await login())
      }
    }
  }
  skipAudit = false
  const withAudit = summarize(loginTimings.with)
  const withoutAudit = summarize(loginTimings.without)
  console.log(
    `\nFor information: plugin logins through REST_POST with and without the audit write, ${LOGINS_PER_SIDE} each, alternating blocks of ${LOGIN_BLOCK}`,
  )
  console.log(
    table([
      ['', 'median', 'p95', 'mean'],
      ['with audit entry', ms(withAudit.median), ms(withAudit.p95), ms(withAudit.mean)],
      ['without', ms(withoutAudit.median), ms(withoutAudit.p95), ms(withoutAudit.mean)],
    ]),
  )
  console.log(`Difference of medians: ${ms(withAudit.median - withoutAudit.median)} per login.`)
  console.log(
    `\nTotal run time: ${seconds(runStarted)}. Load average now ${os
      .loadavg()
      .map((load) => load.toFixed(2))
      .join(' ')}.`,
  )
} catch (error) {
  failed = true
  console.error(error)
} finally {
  await sqlClient?.end().catch(() => {})
  if (payload) {
    await closePayload(payload)
  }
  await server.stop()
  rmSync(mediaDir, { force: true, recursive: true })
}
// closePayload leaves one pooled connection checked out for good (see there): exit explicitly.
process.exit(failed ? 1 : 0)
