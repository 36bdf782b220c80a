import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'

import type { RestClient } from '../helpers/restClient.js'

import { sqlOn } from '../helpers/sql.js'
import { startTestPayload, type TestPayload } from '../helpers/testPayload.js'
import {
  authenticatorCode,
  enrol,
  nextTimeStep,
  setCookie,
  wrongCode,
} from '../helpers/twoFactor.js'

const password = 'a-long-and-unusual-passphrase-42'
let app: TestPayload
let accounts = 0
const sql = sqlOn(() => app.payload)

/** A new editor, signed in on a client of its own. */
const signedInEditor = async () => {
  const email = `editor-${++accounts}@example.com`
  const user = await app.payload.create({
    collection: 'users',
    data: { email, password, roles: ['editor'] },
  })
  const client = app.client()
  expect((await client.post('/users/login', { email, password })).status).toBe(200)
  return { client, email, id: user.id as number }
}

/** A new editor with a second factor enabled, and a fresh client that has signed in with nothing yet. */
const enrolledEditor = async () => {
  const editor = await signedInEditor()
  const secret = await enrol(editor.client)
  nextTimeStep()
  return { ...editor, client: app.client(), secret }
}

const passwordStep = (client: RestClient, email: string) =>
  client.post('/users/login', { email, password })
const authenticate = (client: RestClient, code: string, trustThisDevice?: boolean) =>
  client.post('/users/mfa/totp/authenticate', {
    code,
    ...(trustThisDevice === undefined ? {} : { trustThisDevice }),
  })
/**
 * Wrong guesses counted against the account: by browsers it does not know, on its own row, and by
 * browsers that have given its password, each on its own budget (device cookies, issue 13). The
 * throttle table is emptied before each test, so its known-browser rows are this account's.
 */
const failures = async (id: number) =>
  (
    await sql(
      `SELECT consecutive_failed_logins::int + (SELECT COALESCE(sum(consecutive_failures), 0)::int
         FROM login_throttles WHERE key LIKE 'known-browser:%') AS n FROM users WHERE id = $1`,
      [id],
    )
  )[0].n as number
const auditEvents = async (id: number) =>
  (await sql('SELECT event FROM audit_log WHERE target_object = $1 ORDER BY id', [String(id)])).map(
    (row) => row.event,
  )
/** Who the admin's views would see: they ask Payload to authenticate the request's cookies. */
const adminViewUser = async (client: RestClient) => {
  const cookie = client.cookies.header('/admin') ?? ''
  return (
    await app.payload.auth({ headers: new Headers({ cookie, 'sec-fetch-site': 'same-origin' }) })
  ).user as null | { email: string }
}
const payloadSessions = async (id: number) =>
  (await sql('SELECT id FROM users_sessions WHERE _parent_id = $1', [id])).length

beforeAll(async () => {
  // A lockout threshold above the per-challenge cap, so both limits can be seen on their own.
  app = await startTestPayload({
    backofficeOptions: { lockout: { suspendAfter: 20, threshold: 8 } },
  })
  expect(
    (await app.client().post('/users/first-register', { email: 'admin@example.com', password }))
      .status,
  ).toBe(200)
})
afterAll(async () => {
  await app?.close()
})
beforeEach(async () => {
  await sql('DELETE FROM login_throttles')
})
afterEach(() => {
  vi.useRealTimers()
})

describe('enrolment', () => {
  it('sets up a server-generated secret, stored encrypted, and enables it only with a valid code', async () => {
    const { client, id } = await signedInEditor()
    const first = await client.get('/users/mfa/totp/setup')
    expect(first.status).toBe(200)
    expect(first.headers.get('cache-control')).toBe('no-store')
    expect(first.body).toMatchObject({
      abort: false,
      qrCode: expect.stringMatching(/^data:image\/png;base64,/),
    })
    expect(first.body.secret).toMatch(/^[A-Z2-7]{32}$/)

    // A new setup replaces the pending secret.
    const setup = await client.get('/users/mfa/totp/setup')
    expect(setup.body.secret).not.toBe(first.body.secret)
    const [row] = await sql(
      'SELECT totp_config_secret AS secret, totp_config_status AS status FROM users WHERE id = $1',
      [id],
    )
    expect(row.status).toBe('pending')
    expect(row.secret).toMatch(/^v1\./)
    expect(row.secret).not.toContain(setup.body.secret)

    const stale = await client.post('/users/mfa/totp/finish-enrollment', {
      code: await authenticatorCode(first.body.secret),
    })
    expect(stale.status).toBe(400)
    expect(stale.body.errors[0].data.code).toBe('TOTP_CODE_INVALID')
    expect(stale.body.errors[0].message).toBe('Invalid code.')

    const done = await client.post('/users/mfa/totp/finish-enrollment', {
      code: await authenticatorCode(setup.body.secret),
    })
    expect(done.status).toBe(200)
    expect(done.body).toEqual({
      message: 'Two-factor authentication is on',
      // The first recovery codes come with the setup (issue 38 item 2; see recoveryCodes.test.ts).
      recoveryCodes: expect.arrayContaining([expect.any(String)]),
      redirectTo: '/admin',
      success: true,
    })
    expect(done.body.recoveryCodes).toHaveLength(10)
    expect((await client.get('/users/me')).body.user.totpConfig.status).toBe('enabled')
    expect(await auditEvents(id)).toContain('twoFactor.enrolled')

    expect((await client.get('/users/mfa/totp/setup')).body).toEqual({
      abort: true,
      qrCode: null,
      secret: null,
    })
    const again = await client.post('/users/mfa/totp/finish-enrollment', {
      code: await authenticatorCode(setup.body.secret),
    })
    expect(again.status).toBe(409)
    expect(again.body.errors[0].data.code).toBe('TOTP_ALREADY_ENABLED')
  })

  it('never takes a secret from the client', async () => {
    const { client, id } = await signedInEditor()
    await client.get('/users/mfa/totp/setup')
    const chosen = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP'
    const response = await client.post('/users/mfa/totp/finish-enrollment', {
      code: await authenticatorCode(chosen),
      secret: chosen,
    })
    expect(response.status).toBe(400)
    expect(response.body.errors[0].data.code).toBe('TOTP_CODE_INVALID')
    const [row] = await sql('SELECT totp_config_status AS status FROM users WHERE id = $1', [id])
    expect(row.status).toBe('pending')
  })

  it('ends the account’s other sessions, which were opened with the password alone', async () => {
    const { client, email } = await signedInEditor()
    const elsewhere = app.client()
    expect((await passwordStep(elsewhere, email)).status).toBe(200)
    await enrol(client)
    expect((await elsewhere.get('/users/me')).body.user).toBeNull()
    expect((await client.get('/users/me')).body.user.email).toBe(email)
  })

  it('refuses anonymous and hostile requests with catalogue codes', async () => {
    const anonymous = app.client()
    expect((await anonymous.get('/users/mfa/totp/setup')).body.errors[0].data.code).toBe(
      'AUTHENTICATION_REQUIRED',
    )
    const { client } = await signedInEditor()
    await client.get('/users/mfa/totp/setup')
    const cases: [unknown, number, string][] = [
      ['{not json', 400, 'MALFORMED_REQUEST'],
      [{}, 400, 'MALFORMED_REQUEST'],
      [{ code: ['123456'] }, 400, 'MALFORMED_REQUEST'],
      [{ code: '12345' }, 400, 'TOTP_CODE_INVALID'],
      [{ code: 'x'.repeat(100_000) }, 413, 'PAYLOAD_TOO_LARGE'],
    ]
    for (const [body, status, code] of cases) {
      const response = await client.request('POST', '/users/mfa/totp/finish-enrollment', {
        body,
        headers: { 'content-type': 'application/json' },
      })
      expect([response.status, response.body.errors?.[0]?.data?.code]).toEqual([status, code])
    }
  })
})

describe('signing in with a second factor', () => {
  it('answers hostile code submissions with catalogue codes, and counts none of them', async () => {
    const { client, email, id } = await enrolledEditor()
    const noChallenge = await authenticate(app.client(), '123456')
    expect([noChallenge.status, noChallenge.body.errors[0].data.code]).toEqual([
      401,
      'MFA_SESSION_EXPIRED',
    ])
    await passwordStep(client, email)
    const cases: [unknown, number, string][] = [
      ['{not json', 400, 'MALFORMED_REQUEST'],
      [[], 400, 'MALFORMED_REQUEST'],
      [{ code: null }, 400, 'MALFORMED_REQUEST'],
      [{ code: '123456', trustThisDevice: 'yes' }, 400, 'MALFORMED_REQUEST'],
      [{ code: '12345a' }, 400, 'TOTP_CODE_INVALID'],
      [{ code: '1'.repeat(20_000) }, 413, 'PAYLOAD_TOO_LARGE'],
    ]
    for (const [body, status, code] of cases) {
      const response = await client.request('POST', '/users/mfa/totp/authenticate', {
        body,
        headers: { 'content-type': 'application/json' },
      })
      expect([response.status, response.body.errors?.[0]?.data?.code]).toEqual([status, code])
    }
    expect(await failures(id)).toBe(0)
  })

  it('creates no session after the password: not on REST, GraphQL, the Local API, nor in the database', async () => {
    const { client, email, id } = await enrolledEditor()
    // The session the editor enrolled from, opened before two-factor was on, stays as it was.
    const sessionsBefore = await payloadSessions(id)
    const recordsBefore = (
      await sql('SELECT count(*)::int AS n FROM sessions WHERE user_id = $1', [id])
    )[0].n
    const response = await passwordStep(client, email)
    expect(response.status).toBe(200)
    expect(response.body).toEqual({
      message: 'MFA required',
      redirectTo: '/admin/two-factor/verify',
      secondFactor: 'codeRequired',
    })
    expect(setCookie(response.headers, 'payload-token')).toBeUndefined()
    const challenge = setCookie(response.headers, 'payload-mfa-challenge')!
    expect(challenge).toMatch(/HttpOnly/)
    expect(challenge).toMatch(/SameSite=Strict/)
    expect(challenge).toMatch(/Path=\/api\/users/)

    expect((await client.get('/users/me')).body.user).toBeNull()
    const graphQL = await client.post('/graphql', { query: '{ meUser { user { id } } }' })
    expect(graphQL.body.data.meUser.user).toBeNull()
    // The admin's views ask Payload who the request's user is, from the same cookies.
    expect(await adminViewUser(client)).toBeNull()
    expect(await payloadSessions(id)).toBe(sessionsBefore)
    expect(
      (await sql('SELECT count(*)::int AS n FROM sessions WHERE user_id = $1', [id]))[0].n,
    ).toBe(recordsBefore)
    await expect(
      app.payload.login({ collection: 'users', data: { email, password } }),
    ).rejects.toMatchObject({
      data: { code: 'MFA_REQUIRED' },
      status: 401,
    })
  })

  it('mints the session only for a valid code, and records it as a two-factor session', async () => {
    const { client, email, id, secret } = await enrolledEditor()
    await passwordStep(client, email)
    const code = await authenticatorCode(secret)

    const wrong = await authenticate(client, wrongCode(code))
    expect(wrong.status).toBe(400)
    expect(wrong.body.errors[0].data.code).toBe('TOTP_CODE_INVALID')
    expect((await client.get('/users/me')).body.user).toBeNull()

    const right = await authenticate(client, code)
    expect(right.status).toBe(200)
    expect(right.body).toMatchObject({ redirectTo: '/admin', success: true, user: { email } })
    expect(setCookie(right.headers, 'payload-token')).toBeDefined()
    expect(setCookie(right.headers, 'payload-mfa-challenge')).toMatch(/Max-Age=0/)
    expect((await client.get('/users/me')).body.user.email).toBe(email)
    expect((await adminViewUser(client))?.email).toBe(email)
    const [session] = await sql(
      'SELECT authentication_level FROM sessions WHERE user_id = $1 ORDER BY id DESC LIMIT 1',
      [id],
    )
    expect(session.authentication_level).toBe('mfa')
    expect(await auditEvents(id)).toEqual(
      expect.arrayContaining([
        'twoFactor.challengeStarted',
        'twoFactor.challengeFailed',
        'twoFactor.challengeSucceeded',
        'login.succeeded',
      ]),
    )
    // The sign-in is complete: the wrong code no longer counts against the account.
    expect(await failures(id)).toBe(0)
  })

  it('uses a challenge once, and only in the browser that holds its cookie', async () => {
    const { client, email, secret } = await enrolledEditor()
    await passwordStep(client, email)
    const cookie = client.cookies.get('payload-mfa-challenge')!
    const elsewhere = app.client()
    expect(
      (await authenticate(elsewhere, await authenticatorCode(secret))).body.errors[0].data.code,
    ).toBe('MFA_SESSION_EXPIRED')

    expect((await authenticate(client, await authenticatorCode(secret))).status).toBe(200)
    nextTimeStep()
    elsewhere.cookies.set('payload-mfa-challenge', cookie)
    const reused = await authenticate(elsewhere, await authenticatorCode(secret))
    expect(reused.status).toBe(401)
    expect(reused.body.errors[0].message).toBe(
      '2FA session expired or invalid, please log in again.',
    )
  })

  it('lets a challenge expire after challengeMinutes', async () => {
    const { client, email, id, secret } = await enrolledEditor()
    const response = await passwordStep(client, email)
    expect(setCookie(response.headers, 'payload-mfa-challenge')).toMatch(/Max-Age=300/)
    const [challenge] = await sql(
      'SELECT round(extract(epoch FROM expires_at - now()))::int AS seconds FROM two_factor_challenges WHERE user_id = $1',
      [id],
    )
    expect(challenge.seconds).toBeGreaterThan(290)
    expect(challenge.seconds).toBeLessThanOrEqual(300)
    await sql(
      "UPDATE two_factor_challenges SET expires_at = now() - interval '1 second' WHERE user_id = $1",
      [id],
    )
    const late = await authenticate(client, await authenticatorCode(secret))
    expect([late.status, late.body.errors[0].data.code]).toEqual([401, 'MFA_SESSION_EXPIRED'])
    expect((await client.get('/users/me')).body.user).toBeNull()
  })

  it('accepts each time step once: a code seen before, or an older one, is refused', async () => {
    const { client, email, id, secret } = await enrolledEditor()
    await passwordStep(client, email)
    const code = await authenticatorCode(secret)
    expect((await authenticate(client, code)).status).toBe(200)

    const attacker = app.client()
    await passwordStep(attacker, email)
    const replayed = await authenticate(attacker, code)
    expect(replayed.status).toBe(400)
    expect(replayed.body.errors[0].data.code).toBe('TOTP_CODE_INVALID')
    const older = await authenticate(attacker, await authenticatorCode(secret, Date.now() - 30_000))
    expect(older.body.errors[0].data.code).toBe('TOTP_CODE_INVALID')
    expect((await attacker.get('/users/me')).body.user).toBeNull()
    expect(await auditEvents(id)).toContain('twoFactor.replayRejected')
    expect(await failures(id)).toBe(2)
  })

  it('allows five codes per challenge, and counts every wrong one toward the account lockout', async () => {
    const { client, email, id, secret } = await enrolledEditor()
    await passwordStep(client, email)
    const code = await authenticatorCode(secret)
    for (let attempt = 1; attempt <= 5; attempt++) {
      expect((await authenticate(client, wrongCode(code))).body.errors[0].data.code).toBe(
        'TOTP_CODE_INVALID',
      )
    }
    const spent = await authenticate(client, code)
    expect(spent.status).toBe(401)
    expect(spent.body.errors[0].data.code).toBe('MFA_SESSION_EXPIRED')
    expect(await failures(id)).toBe(5)

    // A new password does not wipe the guessed codes: the count goes on from 5, and locks at 8.
    await passwordStep(client, email)
    expect(await failures(id)).toBe(5)
    for (let attempt = 6; attempt <= 8; attempt++) {
      expect((await authenticate(client, wrongCode(code))).status).toBe(400)
    }
    const locked = await authenticate(client, code)
    expect(locked.status).toBe(429)
    expect(locked.body.errors[0].data.code).toBe('TOTP_RATE_LIMITED')
    const seconds = Number(locked.headers.get('retry-after'))
    expect(seconds).toBeGreaterThan(0)
    expect(seconds).toBeLessThanOrEqual(30)
    expect(locked.body.errors[0].message).toBe(`TOTP rate limited. Try again in ${seconds} seconds`)
    // While locked no code is checked and nothing is counted, the right one included.
    expect(await failures(id)).toBe(8)
    expect((await client.get('/users/me')).body.user).toBeNull()
    expect(await auditEvents(id)).toEqual(
      expect.arrayContaining(['account.locked', 'twoFactor.rateLimited']),
    )

    await sql("UPDATE login_throttles SET lockout_until = now() - interval '1 second'")
    const after = await authenticate(client, code)
    expect(after.status).toBe(200)
    expect(await failures(id)).toBe(0)
  })

  it('holds its limits under parallel requests: five codes checked per challenge, one session per code', async () => {
    const { client, email, id, secret } = await enrolledEditor()
    await passwordStep(client, email)
    const code = await authenticatorCode(secret)
    const guesses = await Promise.all(
      Array.from({ length: 12 }, () => authenticate(client, wrongCode(code))),
    )
    const codes = guesses.map((response) => response.body.errors[0].data.code)
    expect(codes.filter((value) => value === 'TOTP_CODE_INVALID')).toHaveLength(5)
    expect(
      codes
        .filter((value) => value !== 'TOTP_CODE_INVALID')
        .every((value) => value === 'MFA_SESSION_EXPIRED'),
    ).toBe(true)
    expect(await failures(id)).toBe(5)
    await sql('UPDATE login_throttles SET consecutive_failures = 0')

    // Two browsers past the password, racing with the same valid code: one session, not two.
    const browsers = [app.client(), app.client()]
    for (const browser of browsers) {
      await passwordStep(browser, email)
    }
    const sessionsBefore = await payloadSessions(id)
    const answers = await Promise.all(browsers.map((browser) => authenticate(browser, code)))
    expect(answers.map((response) => response.status).sort()).toEqual([200, 400])
    expect(await payloadSessions(id)).toBe(sessionsBefore + 1)
  })
})
