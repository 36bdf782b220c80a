import { afterAll, beforeAll, expect, it } from 'vitest'

import { capturedLog } from '../helpers/capturedLog.js'
import { startTestPayload, type TestPayload } from '../helpers/testPayload.js'

// Metrics without a token, and audit log lines turned off (`audit.log: false`): there is no metrics
// endpoint at all, and audit entries stay in the audit log collection only.
const log = capturedLog()
const password = 'a-long-and-unusual-passphrase-42'
const email = 'operator-off@example.com'
let app: TestPayload

beforeAll(async () => {
  app = await startTestPayload({
    backofficeOptions: { audit: { log: false } },
    logger: log.logger as never,
  })
  await app.payload.create({
    collection: 'users',
    data: { email, password, roles: ['editor'] } as never,
  })
})
afterAll(async () => {
  await app?.close()
})

it('answers 404 at the metrics path when no metrics token is set (finding: no metrics, off by default)', async () => {
  const scrape = await app.client().get('/metrics', { authorization: 'Bearer anything-at-all' })
  expect(scrape.status).toBe(404)
})

it('with audit.log false, a sign-in is stored in the audit log and writes no audit log line', async () => {
  expect((await app.client().post('/users/login', { email, password })).status).toBe(200)
  const stored = await app.payload.count({
    collection: 'audit-log' as never,
    where: { event: { equals: 'login.succeeded' } },
  })
  expect(stored.totalDocs).toBe(1)
  expect(log.lines.filter((line) => 'audit' in line)).toEqual([])
})
