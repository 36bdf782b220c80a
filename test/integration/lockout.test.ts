import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'

import { flushRefusalSummaries } from '../../src/shared/audit/recordRefusal.js'
import { oneGuessFromSuspension } from '../helpers/knownBrowser.js'
import { restHandlers } from '../helpers/restClient.js'
import { sqlOn } from '../helpers/sql.js'
import { startTestPayload, type TestPayload } from '../helpers/testPayload.js'

let app: TestPayload
const password = 'a-long-and-unusual-passphrase-42'
const adminEmail = 'admin@example.com'
let email = ''
let userId: number | string
let accounts = 0

const sql = sqlOn(() => app.payload)

const stored = async () => {
  const [row] = await sql(
    'SELECT consecutive_failed_logins::int AS failures, lockout_until, last_failed_login_at, security_status AS status, security_suspension_reason AS reason FROM users WHERE id = $1',
    [userId],
  )
  return row
}
/** Moves an active lock into the past, as waiting it out would. */
const expireLock = () =>
  sql("UPDATE users SET lockout_until = now() - interval '1 second' WHERE id = $1", [userId])
const login = (as: string, secret: string) =>
  app.client().post('/users/login', { email: as, password: secret })

beforeAll(async () => {
  // Every refusal waits out `failureResponseMs` (1 s by default) and this file makes dozens of them;
  // what is checked here is who is refused, how and what is stored, not when (test/timing times it).
  app = await startTestPayload({ backofficeOptions: { lockout: { failureResponseMs: 50 } } })
  await app.client().post('/users/first-register', { email: adminEmail, password })
})
afterAll(async () => {
  await app?.close()
})
beforeEach(async () => {
  // A fresh account per test, and throttles of unknown addresses forgotten.
  email = `target-${++accounts}@example.com`
  await sql('DELETE FROM login_throttles')
  const user = await app.payload.create({
    collection: 'users',
    data: { email, password, roles: ['editor'] },
  })
  userId = user.id
})

describe('lockout with exponential backoff', () => {
  it('locks after five failures for 30 s, then checks no password and counts nothing while locked', async () => {
    for (let attempt = 1; attempt <= 5; attempt++) {
      const response = await login(email, 'wrong-password')
      expect(response.status).toBe(401)
      expect(response.body.errors[0].data.code).toBe('INVALID_CREDENTIALS')
    }
    const locked = await stored()
    expect(locked.failures).toBe(5)
    const lockSeconds =
      (new Date(locked.lockout_until).getTime() - new Date(locked.last_failed_login_at).getTime()) /
      1000
    expect(lockSeconds).toBeGreaterThan(29)
    expect(lockSeconds).toBeLessThan(31)

    const whileLocked = await login(email, password)
    expect(whileLocked.status).toBe(403)
    expect(whileLocked.body.errors[0].data.code).toBe('LOGIN_TEMPORARILY_BLOCKED')
    expect(Number(whileLocked.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(Number(whileLocked.headers.get('retry-after'))).toBeLessThanOrEqual(30)
    expect((await stored()).failures).toBe(5)
  })

  it('finding "the lockout message gives no time to wait": it says how long, in the reader\'s language, and says the same of an address that has no account', async () => {
    for (let attempt = 1; attempt <= 5; attempt++) {
      expect((await login(email, 'wrong-password')).status).toBe(401)
    }
    const unknown = `nobody-${accounts}@example.com`
    for (let attempt = 1; attempt <= 5; attempt++) {
      expect((await login(unknown, 'wrong-password')).status).toBe(401)
    }
    for (const address of [email, unknown]) {
      const english = await app.client().post('/users/login', { email: address, password })
      expect(english.status).toBe(403)
      const wait = Number(english.headers.get('retry-after'))
      expect(wait).toBeGreaterThan(0)
      expect(english.body.errors[0].message).toMatch(
        /^Login temporarily blocked for this user\. Please try again in (\d+) seconds\.$/,
      )
      // The words give the same wait as the header (a second may pass between the two answers).
      const told = Number(/in (\d+) seconds/.exec(english.body.errors[0].message)![1])
      expect(Math.abs(told - wait)).toBeLessThanOrEqual(1)
      const german = await app
        .client()
        .post('/users/login', { email: address, password }, { 'accept-language': 'de' })
      expect(german.body.errors[0].message).toMatch(
        /^Die Anmeldung ist für diesen Benutzer vorübergehend gesperrt\. Bitte versuchen Sie es in \d+ Sekunden erneut\.$/,
      )
    }
    expect((await stored()).failures).toBe(5)
  })

  it('doubles the wait with each further failure, up to one hour', async () => {
    await sql('UPDATE users SET consecutive_failed_logins = 4 WHERE id = $1', [userId])
    const waits: number[] = []
    for (let failure = 5; failure <= 13; failure++) {
      await expireLock()
      expect((await login(email, 'wrong-password')).status).toBe(401)
      // Both times are the attempt's own database time, so the difference is the wait exactly.
      const [row] = await sql(
        'SELECT extract(epoch FROM lockout_until - last_failed_login_at) AS seconds FROM users WHERE id = $1',
        [userId],
      )
      waits.push(Math.round(Number(row.seconds)))
    }
    expect(waits).toEqual([30, 60, 120, 240, 480, 960, 1920, 3600, 3600])
  })

  it('keeps the wait at one hour however many failures there were (the power cannot overflow)', async () => {
    for (const earlier of [99, 9_999, 2_000_000_000]) {
      await sql('UPDATE users SET consecutive_failed_logins = $2 WHERE id = $1', [userId, earlier])
      await expireLock()
      expect((await login(email, 'wrong-password')).status).toBe(401)
      const [row] = await sql(
        'SELECT extract(epoch FROM lockout_until - last_failed_login_at) AS seconds FROM users WHERE id = $1',
        [userId],
      )
      expect(Math.round(Number(row.seconds))).toBe(3600)
    }
  })

  it('resets the count on a successful sign-in', async () => {
    await login(email, 'wrong-password')
    await login(email, 'wrong-password')
    expect((await stored()).failures).toBe(2)
    const success = await login(email, password)
    expect(success.status).toBe(200)
    expect((await stored()).failures).toBe(0)
  })

  it('lets the fifth attempt through when its password is right', async () => {
    await sql('UPDATE users SET consecutive_failed_logins = 4 WHERE id = $1', [userId])
    expect((await login(email, password)).status).toBe(200)
    expect((await stored()).failures).toBe(0)
  })
})

describe('suspension after excessive failures', () => {
  it('suspends after 20 consecutive failures from a browser the account knows, ends every session, and says so only to the password holder', async () => {
    const signedIn = app.client()
    // The browser that signed in has a budget of its own (see knownBrowsers.test.ts): its 20th.
    await oneGuessFromSuspension(sql, signedIn, { email, password })
    expect((await signedIn.get('/users/me')).body.user?.email).toBe(email)
    expect((await signedIn.post('/users/login', { email, password: 'wrong' })).status).toBe(401)
    const suspended = await stored()
    expect(suspended).toMatchObject({
      reason: 'excessiveFailures',
      status: 'suspended',
    })

    // The session from before the suspension stops working on its very next request.
    expect((await signedIn.get('/users/me')).body.user).toBeNull()

    await expireLock()
    const wrong = await login(email, 'wrong-password')
    expect(wrong.status).toBe(401)
    expect(wrong.body.errors[0].data.code).toBe('INVALID_CREDENTIALS')

    await expireLock()
    const right = app.client()
    const refused = await right.post('/users/login', { email, password })
    expect(refused.status).toBe(403)
    expect(refused.body.errors[0].data.code).toBe('ACCOUNT_SUSPENDED')
    expect(right.cookies.has('payload-token')).toBe(false)
    const [{ count }] = await sql(
      'SELECT count(*)::int AS count FROM users_sessions WHERE _parent_id = $1',
      [userId],
    )
    expect(count).toBe(0)
  })
})

describe('no account enumeration', () => {
  it('throttles unknown addresses on the same schedule, storing no address', async () => {
    const statuses: number[] = []
    for (let attempt = 1; attempt <= 6; attempt++) {
      statuses.push((await login('nobody@example.com', 'wrong-password')).status)
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 403])
    const rows = await sql('SELECT key, consecutive_failures FROM login_throttles')
    expect(rows).toHaveLength(1)
    expect(rows[0].key).toMatch(/^[0-9a-f]{64}$/)
    expect(JSON.stringify(rows)).not.toContain('nobody')
  })

  it('answers an unknown email, a wrong password and a suspended account alike, and a locked account like a locked unknown address', async () => {
    const unknown = await login('nobody-else@example.com', 'wrong-password')
    const wrong = await login(email, 'wrong-password')
    expect(unknown.status).toBe(wrong.status)
    expect(unknown.body).toEqual(wrong.body)

    await sql("UPDATE users SET security_status = 'suspended' WHERE id = $1", [userId])
    const suspended = await login(email, 'wrong-password')
    expect(suspended.status).toBe(wrong.status)
    expect(suspended.body).toEqual(wrong.body)

    for (let attempt = 0; attempt < 5; attempt++) {
      await login(email, 'wrong-password')
      await login('locked-nobody@example.com', 'wrong-password')
    }
    const lockedAccount = await login(email, 'wrong-password')
    const lockedUnknown = await login('locked-nobody@example.com', 'wrong-password')
    expect(lockedAccount.status).toBe(403)
    expect(lockedUnknown.status).toBe(403)
    // Alike but for the wait, which each tells in its message as in its Retry-After header: it
    // runs from that address's own fifth failure (here the account's came two attempts earlier).
    const withoutWait = (body: unknown) => JSON.parse(JSON.stringify(body).replace(/\d+/g, 'N'))
    expect(withoutWait(lockedAccount.body)).toEqual(withoutWait(lockedUnknown.body))
    for (const locked of [lockedAccount, lockedUnknown]) {
      expect(locked.body.errors[0].message).toContain(
        `try again in ${locked.headers.get('retry-after')} seconds`,
      )
    }
  })
})

describe('what the API lets through', () => {
  it('refuses sign-in through GraphQL, which would skip the lockout', async () => {
    const response = await app.client().post('/graphql', {
      query: `mutation { loginUser(email: "${email}", password: "${password}") { token } }`,
    })
    expect(JSON.stringify(response.body)).toContain('Sign-in through GraphQL is turned off')
    expect(JSON.stringify(response.body)).not.toMatch(/"token":"ey/)
  })

  it('answers malformed, missing and oversized input with a 4xx and a catalogue code', async () => {
    const client = app.client()
    const cases: [unknown, Record<string, string> | undefined, number, string][] = [
      ['{"email": ', { 'content-type': 'application/json' }, 400, 'MALFORMED_REQUEST'],
      [[1, 2], undefined, 400, 'MALFORMED_REQUEST'],
      [{ password }, undefined, 400, 'EMAIL_INVALID'],
      [{ email: 42, password }, undefined, 400, 'EMAIL_INVALID'],
      [{ email: `${'a'.repeat(300)}@example.com`, password }, undefined, 400, 'EMAIL_INVALID'],
      [{ email }, undefined, 400, 'PASSWORD_REQUIRED'],
      [{ email, password: { $ne: '' } }, undefined, 400, 'PASSWORD_REQUIRED'],
      [{ email, password: 'x'.repeat(5000) }, undefined, 413, 'PAYLOAD_TOO_LARGE'],
      [{ email, password: 'x'.repeat(20_000) }, undefined, 413, 'PAYLOAD_TOO_LARGE'],
      // No Content-Length is sent here: the body is refused while it is read, not after.
      [{ email, padding: 'x'.repeat(20_000), password }, undefined, 413, 'PAYLOAD_TOO_LARGE'],
    ]
    for (const [body, headers, status, code] of cases) {
      const response = await client.request('POST', '/users/login', { body, headers })
      expect({ code: response.body?.errors?.[0]?.data?.code, status: response.status }).toEqual({
        code,
        status,
      })
    }
    expect((await stored()).failures).toBe(0)
  })

  it('refuses a chunked multipart body past the cap while reading it, as the admin would send it', async () => {
    // 8 MB with no Content-Length, streamed; counted as the server pulls it.
    let sent = 0
    const chunk = new TextEncoder().encode('x'.repeat(64 * 1024))
    const head = new TextEncoder().encode(
      `--cap\r\nContent-Disposition: form-data; name="_payload"\r\n\r\n{"email":"${email}","password":"`,
    )
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= 8 * 1024 * 1024) {
          controller.close()
          return
        }
        const next = sent === 0 ? head : chunk
        sent += next.byteLength
        controller.enqueue(next)
      },
    })
    const response = await restHandlers.POST(app.config)(
      new Request('http://localhost:3000/api/users/login', {
        body,
        duplex: 'half',
        headers: {
          'content-type': 'multipart/form-data; boundary=cap',
          origin: 'http://localhost:3000',
          'sec-fetch-site': 'same-origin',
        },
        method: 'POST',
      } as RequestInit),
      { params: Promise.resolve({ slug: ['users', 'login'] }) },
    )
    expect(response.status).toBe(413)
    expect((await response.json()).errors[0].data.code).toBe('PAYLOAD_TOO_LARGE')
    expect(sent).toBeLessThan(512 * 1024)

    // The admin's own form, small: parsed as before.
    const form = new FormData()
    form.set('_payload', JSON.stringify({ email, password: 'wrong-but-well-formed' }))
    const small = await restHandlers.POST(app.config)(
      new Request('http://localhost:3000/api/users/login', {
        body: form,
        headers: { origin: 'http://localhost:3000', 'sec-fetch-site': 'same-origin' },
        method: 'POST',
      }),
      { params: Promise.resolve({ slug: ['users', 'login'] }) },
    )
    expect(small.status).toBe(401)
    expect((await small.json()).errors[0].data.code).toBe('INVALID_CREDENTIALS')
  })

  it('shows the sign-in state to administrators only, and lets nobody write it', async () => {
    const admin = app.client()
    await admin.post('/users/login', { email: adminEmail, password })
    const patched = await admin.request('PATCH', `/users/${userId}`, {
      body: {
        consecutiveFailedLogins: 99,
        lockoutUntil: '2099-01-01T00:00:00.000Z',
        security: { status: 'suspended' },
      },
    })
    expect(patched.status).toBe(200)
    expect(await stored()).toMatchObject({ failures: 0, lockout_until: null, status: 'active' })
    const asAdmin = await admin.get(`/users/${userId}`)
    expect(asAdmin.body).toMatchObject({
      consecutiveFailedLogins: 0,
      identityProvider: 'local',
      security: { status: 'active' },
    })

    const editor = app.client()
    await editor.post('/users/login', { email, password })
    const own = await editor.get(`/users/${userId}`)
    expect(own.status).toBe(200)
    expect(own.body).not.toHaveProperty('consecutiveFailedLogins')
    expect(own.body).not.toHaveProperty('security')
  })
})

describe('unblocking a suspended account', () => {
  const suspend = () =>
    sql(
      "UPDATE users SET security_status = 'suspended', security_suspension_reason = 'excessiveFailures', consecutive_failed_logins = 20 WHERE id = $1",
      [userId],
    )

  it('lets an administrator unblock it, after which its owner signs in again', async () => {
    await suspend()
    const admin = app.client()
    await admin.post('/users/login', { email: adminEmail, password })
    const response = await admin.post(`/users/${userId}/unblock`)
    expect(response.status).toBe(200)
    expect(response.body.message).toBe('Account unblocked successfully')
    expect(await stored()).toMatchObject({
      failures: 0,
      lockout_until: null,
      reason: null,
      status: 'active',
    })
    expect((await login(email, password)).status).toBe(200)

    const again = await admin.post(`/users/${userId}/unblock`)
    expect(again.status).toBe(409)
    expect(again.body.errors[0].data.code).toBe('ACCOUNT_ALREADY_ACTIVE')
  })

  it('refuses anyone but an administrator, and bad ids, with catalogue codes', async () => {
    await suspend()
    const other = await app.payload.create({
      collection: 'users',
      data: { email: `editor-${accounts}@example.com`, password, roles: ['editor'] },
    })
    const editor = app.client()
    await editor.post('/users/login', { email: other.email, password })
    const refused = await editor.post(`/users/${userId}/unblock`)
    expect(refused.status).toBe(403)
    expect(refused.body.errors[0]).toMatchObject({
      data: { code: 'INSUFFICIENT_PERMISSIONS' },
      message: 'Insufficient permissions. Required role: admin',
    })
    expect((await app.client().post(`/users/${userId}/unblock`)).status).toBe(401)

    const admin = app.client()
    await admin.post('/users/login', { email: adminEmail, password })
    expect((await admin.post('/users/not-a-number/unblock')).body.errors[0].data.code).toBe(
      'MALFORMED_REQUEST',
    )
    expect((await admin.post('/users/999999/unblock')).body.errors[0].data.code).toBe(
      'USER_NOT_FOUND',
    )
    expect(
      (await admin.post(`/users/${userId}/unblock`, { unexpected: true })).body.errors[0].data.code,
    ).toBe('MALFORMED_REQUEST')
    expect((await stored()).status).toBe('suspended')
  })
})

describe('the audit trail of sign-ins', () => {
  const entries = async () =>
    (
      await app.payload.find({
        collection: 'audit-log' as never,
        limit: 50,
        overrideAccess: true,
        sort: 'timestamp',
        where: {
          category: { in: ['authentication', 'twoFactor', 'account'] },
          user: { equals: email },
        } as never,
      })
    ).docs as unknown as { data?: Record<string, unknown>; event: string }[]

  it('records failures with their reason and factor, the lock and the alert', async () => {
    await login(email, 'wrong-password')
    await sql('UPDATE users SET consecutive_failed_logins = 4 WHERE id = $1', [userId])
    await login(email, 'wrong-password')
    await login(email, password)
    await expireLock()
    await sql('UPDATE users SET consecutive_failed_logins = 19 WHERE id = $1', [userId])
    await login(email, 'wrong-password')
    expect((await entries()).map((entry) => [entry.event, entry.data?.reason ?? null])).toEqual([
      ['login.failed', 'wrongPassword'],
      ['login.failed', 'wrongPassword'],
      ['account.locked', null],
      ['login.failed', 'locked'],
      ['login.failed', 'wrongPassword'],
      ['account.locked', null],
      // From browsers the account does not know: the administrators are alerted, nothing suspended.
      ['account.guessingDetected', null],
    ])
    expect(
      (await entries()).every((entry) => JSON.stringify(entry).includes(password) === false),
    ).toBe(true)
  })

  it('sums up a flood of guesses at a locked account as one entry, not one row per guess', async () => {
    for (let attempt = 0; attempt < 5; attempt++) {
      await login(email, 'wrong-password')
    }
    await Promise.all(
      Array.from({ length: 40 }, (_, guess) =>
        app
          .client()
          .post(
            '/users/login',
            { email, password: `guess-${guess}` },
            { 'x-forwarded-for': `198.51.100.${guess % 7}` },
          ),
      ),
    )
    const refusals = (await entries()).filter((entry) => entry.data?.reason === 'locked')
    expect(refusals.map((entry) => entry.event)).toEqual(['login.failed'])

    await flushRefusalSummaries(app.payload)
    const [summary, ...more] = (await entries()).filter(
      (entry) => entry.event === 'login.refusalsSummarised',
    )
    expect(more).toEqual([])
    expect(summary!.data).toMatchObject({ factor: 'password', reason: 'locked', refusals: 39 })
    expect(summary!.data!.sampleAddresses).toHaveLength(5)
    expect(Date.parse(String(summary!.data!.lastAt))).toBeGreaterThanOrEqual(
      Date.parse(String(summary!.data!.firstAt)),
    )
  })

  it('records a successful sign-in with its factor', async () => {
    await login(email, password)
    expect((await entries()).map((entry) => [entry.event, entry.data?.factor])).toEqual([
      ['login.succeeded', 'password'],
    ])
  })
})
