import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { capturedLog } from '../helpers/capturedLog.js'
import { startTestPayload, type TestPayload } from '../helpers/testPayload.js'

// Operators' findings on a production run: logs were coloured multi-line text, expected refusals were
// logged at ERROR with a stack, security events lived only in the audit_log table, and there were no
// metrics. Payload's logger here writes pino's JSON to a stream the test reads, as a log shipper would.
const log = capturedLog()
const metricsToken = randomBytes(32).toString('hex')
const password = 'a-long-and-unusual-passphrase-42'
const wrongPassword = 'not-the-passphrase-but-close-41'
const email = 'operator-editor@example.com'
let app: TestPayload
let accountId: number | string

beforeAll(async () => {
  app = await startTestPayload({
    backofficeOptions: { metrics: { token: metricsToken } },
    logger: log.logger as never,
  })
  const created = await app.payload.create({
    collection: 'users',
    data: { email, password, roles: ['editor'] } as never,
  })
  accountId = created.id
})
afterAll(async () => {
  await app?.close()
})

const scrape = () =>
  app.client().get('/metrics', { authorization: `Bearer ${metricsToken}` }) as Promise<{
    body: string
    headers: Headers
    status: number
  }>

/** The samples of one metric family, `name{labels} value` lines. */
const samples = (text: string, family: string) =>
  text.split('\n').filter((line) => line.startsWith(`${family}{`) || line.startsWith(`${family} `))

const auditLines = (event: string) =>
  log.lines.filter((line) => (line.audit as { event?: string } | undefined)?.event === event)

describe('metrics endpoint (finding: no metrics)', () => {
  it('refuses a scrape without a token or with a wrong one, and answers the text format with the right one', async () => {
    const without = await app.client().get('/metrics')
    expect(without.status).toBe(401)
    expect(without.body.errors[0].data.code).toBe('AUTHENTICATION_REQUIRED')
    expect(without.headers.get('www-authenticate')).toBe('Bearer')

    const wrong = await app
      .client()
      .get('/metrics', { authorization: `Bearer ${randomBytes(32).toString('hex')}` })
    expect(wrong.status).toBe(401)
    expect(wrong.body.errors[0].data.code).toBe('AUTHENTICATION_REQUIRED')
    // A session is no way in either: only the token opens the figures.
    const notBasic = await app.client().get('/metrics', { authorization: `Basic ${metricsToken}` })
    expect(notBasic.status).toBe(401)

    const right = await scrape()
    expect(right.status).toBe(200)
    expect(right.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8')
    expect(right.headers.get('cache-control')).toBe('no-store')
    expect(right.body).toContain('# TYPE backoffice_sign_ins_total counter')
    expect(right.body).toContain('# TYPE backoffice_video_encode_duration_seconds histogram')
    expect(right.body).toContain('# TYPE process_cpu_seconds_total counter')
  })

  it('after one successful and one refused password sign-in, the counters show exactly those', async () => {
    const before = await scrape()
    expect(samples(before.body, 'backoffice_sign_ins_total')).toEqual([])

    const refused = await app.client().post('/users/login', { email, password: wrongPassword })
    expect(refused.status).toBe(401)
    expect(refused.body.errors[0].data.code).toBe('INVALID_CREDENTIALS')
    const signedIn = await app.client().post('/users/login', { email, password })
    expect(signedIn.status).toBe(200)

    const after = (await scrape()).body
    expect(samples(after, 'backoffice_sign_ins_total').sort()).toEqual([
      'backoffice_sign_ins_total{method="password",outcome="refused"} 1',
      'backoffice_sign_ins_total{method="password",outcome="succeeded"} 1',
    ])
    expect(samples(after, 'backoffice_refusals_total')).toContain(
      'backoffice_refusals_total{code="INVALID_CREDENTIALS"} 1',
    )
    expect(samples(after, 'backoffice_lockouts_total')).toEqual(['backoffice_lockouts_total 0'])
  })
})

describe('audit entries as log lines (finding: security events only in the audit_log table)', () => {
  it('writes each audit entry as one JSON log line with its event, and no secret', async () => {
    const browser = app.client()
    const linesBefore = auditLines('login.succeeded').length
    const signedIn = await browser.post(
      '/users/login',
      { email, password },
      { 'user-agent': 'OperatorsTest/1.0' },
    )
    expect(signedIn.status).toBe(200)

    const succeeded = auditLines('login.succeeded')
    expect(succeeded).toHaveLength(linesBefore + 1)
    const line = succeeded.at(-1)!
    expect(line.level).toBe(30)
    expect(line.audit).toMatchObject({
      actorId: String(accountId),
      category: 'authentication',
      data: { factor: 'password' },
      event: 'login.succeeded',
      targetObject: String(accountId),
      targetSlug: 'users',
      userAgent: 'OperatorsTest/1.0',
    })
    // The refused attempt earlier has its line too, with the address tried and nothing else of it.
    expect(auditLines('login.failed')).toHaveLength(1)

    const everything = log.raw.join('\n')
    const sessionToken = browser.cookies.get('payload-token')
    expect(sessionToken).toBeTruthy()
    for (const secret of [password, wrongPassword, sessionToken!, metricsToken]) {
      expect(everything).not.toContain(secret)
    }
  })
})

describe('expected refusals in the log (finding: refusals logged at ERROR with a stack)', () => {
  it('logs a catalogue refusal thrown inside a Payload operation at info, never at error', async () => {
    const browser = app.client()
    expect((await browser.post('/users/login', { email, password })).status).toBe(200)
    const from = log.lines.length
    // Payload's update operation, refused by the plugin's hook: one's own password changes only
    // through change password.
    const update = await browser.request('PATCH', `/users/${accountId}`, {
      body: { password: 'another-long-and-unusual-passphrase-7' },
    })
    expect(update.status).toBe(400)
    expect(update.body.errors[0].data.code).toBe('CURRENT_PASSWORD_REQUIRED')

    const lines = log.lines.slice(from)
    const refusal = lines.filter(
      (line) =>
        (line.refusal as { code?: string } | undefined)?.code === 'CURRENT_PASSWORD_REQUIRED',
    )
    expect(refusal).toHaveLength(1)
    expect(refusal[0]).toMatchObject({
      level: 30,
      refusal: { method: 'PATCH', path: `/api/users/${accountId}`, status: 400 },
    })
    expect(refusal[0]).not.toHaveProperty('err')
    expect(lines.filter((line) => line.level >= 50)).toEqual([])
  })

  it("logs a refusal of the plugin's own endpoints (a wrong password) at info, never at error", async () => {
    const from = log.lines.length
    const refused = await app.client().post('/users/login', { email, password: wrongPassword })
    expect(refused.status).toBe(401)
    const lines = log.lines.slice(from)
    expect(
      lines.filter(
        (line) => (line.refusal as { code?: string } | undefined)?.code === 'INVALID_CREDENTIALS',
      ),
    ).toMatchObject([{ level: 30 }])
    expect(lines.filter((line) => line.level >= 50)).toEqual([])
  })

  it('finding: an attacker could fill the log with refusals: 60 refusals in a second leave at most 10 lines of their code and one line counting the rest; the metrics count all 60', async () => {
    const code = (line: (typeof log.lines)[number]) =>
      (line.refusal as { code?: string } | undefined)?.code
    const counted = async () =>
      Number(
        samples((await scrape()).body, 'backoffice_refusals_total')
          .find((line) => line.includes('code="EMAIL_INVALID"'))
          ?.split(' ')
          .at(-1) ?? 0,
      )
    const countedBefore = await counted()
    // Start at the top of a second, so the 60 fall into one or at most two seconds.
    await new Promise((resolve) => setTimeout(resolve, 1000 - (Date.now() % 1000)))
    const from = log.lines.length
    const refusals = await Promise.all(
      Array.from({ length: 60 }, () =>
        app.client().post('/users/login', { email: 'not-an-address', password: 'x' }),
      ),
    )
    expect(refusals.every((refused) => refused.status === 400)).toBe(true)
    // The line that counts the rest comes once their second is over.
    await new Promise((resolve) => setTimeout(resolve, 2100))
    const lines = log.lines.slice(from)
    const oneByOne = lines.filter((line) => code(line) === 'EMAIL_INVALID')
    const notLogged = lines
      .map((line) => line.refusalsNotLogged as { code: string; count: number } | undefined)
      .filter((summary) => summary?.code === 'EMAIL_INVALID')
    const seconds = new Set(oneByOne.map((line) => Math.floor(Number(line.time) / 1000))).size
    expect(oneByOne.length).toBeLessThanOrEqual(10 * seconds)
    expect(notLogged.length).toBeGreaterThanOrEqual(1)
    // Every refusal is in the log: one by one, or in a count.
    expect(oneByOne.length + notLogged.reduce((sum, summary) => sum + summary!.count, 0)).toBe(60)
    expect(await counted()).toBe(countedBefore + 60)
  })

  it('keeps an unexpected failure (500) at error, once, with its stack and cause', async () => {
    const hooks = app.payload.collections.users!.config.hooks
    const failing = () => {
      throw new Error('an app hook failed unexpectedly')
    }
    hooks.beforeLogin.push(failing)
    const from = log.lines.length
    try {
      const response = await app.client().post('/users/login', { email, password })
      expect(response.status).toBe(500)
      expect(response.body.errors[0].data.code).toBe('INTERNAL_ERROR')
    } finally {
      hooks.beforeLogin.splice(hooks.beforeLogin.indexOf(failing), 1)
    }
    const errors = log.lines.slice(from).filter((line) => line.level >= 50)
    expect(errors).toHaveLength(1)
    const err = errors[0]!.err as { message: string; stack: string; type: string }
    expect(err.type).toBe('BackofficeError')
    expect(err.stack).toContain('an app hook failed unexpectedly')
  })
})
