import { createPayloadRequest } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as z from 'zod'

import type { Json } from '../helpers/json.js'
import type { RestClient } from '../helpers/restClient.js'

import { backofficeEndpoint } from '../../src/index.js'
import { signedIn } from '../../src/shared/request/signedIn.js'
import { rowCounts, rowsAdded } from '../helpers/rowCounts.js'
import { sqlOn } from '../helpers/sql.js'
import { startTestPayload, type TestPayload } from '../helpers/testPayload.js'
import { enrol } from '../helpers/twoFactor.js'

let app: TestPayload
let admin: RestClient
let accounts = 0
const password = 'a-long-and-unusual-passphrase-42'
const sql = sqlOn(() => app.payload)

beforeAll(async () => {
  app = await startTestPayload()
  admin = app.client()
  expect(
    (await admin.post('/users/first-register', { email: 'admin@example.com', password })).status,
  ).toBe(200)
})
afterAll(async () => {
  await app?.close()
})

const codeOf = (response: { body: Json }) => response.body?.errors?.[0]?.data?.code
const answerOf = (response: { body: Json; status: number }) => [response.status, codeOf(response)]

/** A new editor, signed in just now on a browser of its own. */
const signedInEditor = async () => {
  const email = `guards-${++accounts}@example.com`
  const user = await app.payload.create({
    collection: 'users',
    data: { email, password, roles: ['editor'] } as never,
  })
  const browser = app.client()
  expect((await browser.post('/users/login', { email, password })).status).toBe(200)
  return { browser, id: user.id as number }
}

/** A stolen session: its sign-in lies further back than the sudo window (10 minutes). */
const ageSessionsOf = (userId: number) =>
  sql("UPDATE sessions SET proved_at = now() - interval '11 minutes' WHERE user_id = $1", [userId])

const videoCount = async () => Number((await sql('SELECT count(*) AS n FROM videos'))[0].n)

describe('declared guards: an endpoint requiring a fresh proof', () => {
  it('refuses a stale session with 403 REAUTHENTICATION_REQUIRED, as the handlers did, and stores nothing', async () => {
    const { browser, id } = await signedInEditor()
    await ageSessionsOf(id)
    const refusals = [
      await browser.post('/users/mfa/passkeys/registration-options'),
      await browser.post('/users/mfa/passkeys', { response: {} }),
      await browser.post('/users/mfa/passkeys/1/remove'),
      await browser.post('/users/mfa/trusted-devices/1/remove'),
      await browser.post('/users/mfa/recovery-codes'),
      await browser.get('/users/mfa/totp/setup'),
      await browser.post('/users/mfa/totp/request-reset', { reason: 'I lost my phone' }),
    ]
    expect(refusals.map(answerOf)).toEqual(
      Array.from({ length: refusals.length }, () => [403, 'REAUTHENTICATION_REQUIRED']),
    )
    const [pending] = await sql('SELECT totp_config_status AS status FROM users WHERE id = $1', [
      id,
    ])
    expect(pending?.status ?? null).toBeNull()
    expect(Number((await sql('SELECT count(*) AS n FROM two_factor_reset_requests'))[0].n)).toBe(0)
  })

  it('lets the same session through once the password is confirmed', async () => {
    const { browser, id } = await signedInEditor()
    await ageSessionsOf(id)
    expect((await browser.post('/users/confirm-password', { password })).status).toBe(200)
    const setup = await browser.get('/users/mfa/totp/setup')
    expect(setup.status).toBe(200)
    expect(typeof setup.body?.secret).toBe('string')
  })

  it('checks who asks before reading the body: anonymous gets 401 even for an unreadable body', async () => {
    const anonymous = app.client()
    const answers = [
      await anonymous.request('POST', '/users/mfa/passkeys', {
        body: '{"response": ',
        headers: { 'content-type': 'application/json' },
      }),
      await anonymous.request('POST', '/users/mfa/passkeys', {
        body: JSON.stringify({ name: 'x'.repeat(64 * 1024) }),
        headers: { 'content-type': 'application/json' },
      }),
    ]
    expect(answers.map(answerOf)).toEqual([
      [401, 'AUTHENTICATION_REQUIRED'],
      [401, 'AUTHENTICATION_REQUIRED'],
    ])
  })

  it('an approval needs an administrator and a fresh proof; a denial only the administrator', async () => {
    const editor = await signedInEditor()
    expect(answerOf(await editor.browser.post('/two-factor-reset-requests/1/deny'))).toEqual([
      403,
      'INSUFFICIENT_PERMISSIONS',
    ])
    const [adminRow] = await sql("SELECT id FROM users WHERE email = 'admin@example.com'")
    await ageSessionsOf(adminRow.id)
    expect(answerOf(await admin.post('/two-factor-reset-requests/1/approve'))).toEqual([
      403,
      'REAUTHENTICATION_REQUIRED',
    ])
    // Denying an unknown request gets past both guards to the lookup.
    expect(answerOf(await admin.post('/two-factor-reset-requests/999/deny'))).toEqual([
      404,
      'NOT_FOUND',
    ])
    expect((await admin.post('/users/confirm-password', { password })).status).toBe(200)
  })
})

describe('declared bodies: the video upload request', () => {
  const upload = (body: unknown, headers: Record<string, string> = {}) =>
    admin.request('PUT', '/video/videos/upload', { body, headers })
  const valid = {
    extension: 'mp4',
    mimeType: 'video/mp4',
    size: 1000,
    title: 'Harbour at dawn',
    visibility: 'public',
  }

  it('names the first wrong field with 400 VIDEO_INPUT_INVALID and creates no video', async () => {
    const before = await videoCount()
    const cases: [Record<string, unknown>, string][] = [
      [{ title: 42 }, 'title'],
      [{ title: ['Harbour'] }, 'title'],
      [{ title: '   ' }, 'title'],
      [{ slug: { $ne: null } }, 'slug'],
      [{ visibility: 'secret' }, 'visibility'],
      [{ extension: '../../etc' }, 'extension'],
      [{ size: '1000' }, 'size'],
      [{ size: 1.5 }, 'size'],
      [{ size: -1 }, 'size'],
      [{ size: 2 ** 60 }, 'size'],
      [{ multipart: 'yes' }, 'multipart'],
      [{ categories: 'news' }, 'categories'],
      [{ categories: Array.from({ length: 101 }, (_, i) => i + 1) }, 'categories'],
      [{ categories: [999_999] }, 'categories'],
      [{ tags: [{ id: 1 }] }, 'tags'],
    ]
    for (const [override, field] of cases) {
      const refused = await upload({ ...valid, ...override })
      expect([...answerOf(refused), refused.body?.errors?.[0]?.data?.field]).toEqual([
        400,
        'VIDEO_INPUT_INVALID',
        field,
      ])
    }
    expect(answerOf(await upload({ ...valid, mimeType: 'text/html' }))).toEqual([
      415,
      'VIDEO_TYPE_NOT_ALLOWED',
    ])
    expect(await videoCount()).toBe(before)
  })

  it('refuses hostile bodies (an array, a string, unreadable JSON, an oversized body) without a 500', async () => {
    const before = await videoCount()
    const json = { 'content-type': 'application/json' }
    expect(answerOf(await upload([valid]))).toEqual([400, 'MALFORMED_REQUEST'])
    expect(answerOf(await upload('"Harbour"', json))).toEqual([400, 'MALFORMED_REQUEST'])
    expect(answerOf(await upload('{"title": "Harb', json))).toEqual([400, 'MALFORMED_REQUEST'])
    expect(answerOf(await upload({ ...valid, title: 'x'.repeat(20 * 1024) }))).toEqual([
      413,
      'PAYLOAD_TOO_LARGE',
    ])
    expect(await videoCount()).toBe(before)
  })

  it('drops prototype-pollution keys: nothing reaches Object.prototype or the stored video', async () => {
    const hostile = JSON.stringify({
      ...valid,
      constructor: { prototype: { polluted: 'yes' } },
      status: 'READY',
      title: 'Polluted harbour',
    }).replace(/^\{/, '{"__proto__": {"polluted": "yes", "status": "READY"}, ')
    const answer = await upload(hostile, { 'content-type': 'application/json' })
    expect(answer.status).toBe(200)
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
    const [row] = await sql('SELECT title, status FROM videos WHERE id = $1', [
      answer.body?.videoId,
    ])
    expect(row).toEqual({ status: 'NO_FILE', title: 'Polluted harbour' })
  })

  it('takes a long title within the size limit and keeps it at the title field’s length', async () => {
    const answer = await upload({ ...valid, title: `  ${'Harbour '.repeat(1500)}  ` })
    expect(answer.status).toBe(200)
    const [row] = await sql('SELECT length(title) AS n FROM videos WHERE id = $1', [
      answer.body?.videoId,
    ])
    expect(Number(row.n)).toBe(100)
  })
})

describe('declared bodies: an app’s own endpoint through backofficeEndpoint', () => {
  let calls = 0
  const endpoint = () =>
    backofficeEndpoint({
      body: z.object({
        items: z.array(z.object({ quantity: z.number().int().min(1) })).max(10),
        note: z.string().max(200).optional(),
      }),
      handler: (_req, { body }) => {
        calls += 1
        return Response.json({ count: body.items.length })
      },
      method: 'post',
      path: '/orders',
      requires: [signedIn({ usersCollection: 'users' })],
    })
  const call = async (body: string, signedInAs: 'admin' | 'nobody' = 'admin') => {
    const headers = new Headers({ 'content-type': 'application/json' })
    if (signedInAs === 'admin') {
      // The admin's session cookie, as the REST tests send it.
      const me = await admin.get('/users/me')
      expect(me.body?.user).toBeTruthy()
      headers.set('authorization', `JWT ${me.body?.token}`)
    }
    const request = new Request('http://localhost:3000/api/orders', {
      body,
      headers,
      method: 'POST',
    })
    const req = await createPayloadRequest({ config: app.config, request })
    const response = await endpoint().handler(req)
    return { body: (await response.json()) as Json, status: response.status }
  }

  it('answers 400 REQUEST_BODY_INVALID with the field path only, and never runs the handler', async () => {
    calls = 0
    const nested = await call(JSON.stringify({ items: [{ quantity: 1 }, { quantity: 0 }] }))
    expect([...answerOf(nested), nested.body?.errors?.[0]?.data?.field]).toEqual([
      400,
      'REQUEST_BODY_INVALID',
      'items.1.quantity',
    ])
    // The whole answer: the code, the path and the catalogue's text; nothing of the schema
    // library's (its wording, the expected type, the value sent).
    expect(nested.body).toEqual({
      errors: [
        {
          data: { code: 'REQUEST_BODY_INVALID', field: 'items.1.quantity' },
          message: 'The request is not valid: items.1.quantity.',
          name: 'BackofficeError',
        },
      ],
    })

    const missing = await call('{}')
    expect([...answerOf(missing), missing.body?.errors?.[0]?.data?.field]).toEqual([
      400,
      'REQUEST_BODY_INVALID',
      'items',
    ])
    expect(answerOf(await call('[]'))).toEqual([400, 'MALFORMED_REQUEST'])
    expect(
      answerOf(await call(JSON.stringify({ items: [], note: 'n'.repeat(17 * 1024) }))),
    ).toEqual([413, 'PAYLOAD_TOO_LARGE'])
    expect(answerOf(await call('{}', 'nobody'))).toEqual([401, 'AUTHENTICATION_REQUIRED'])
    expect(calls).toBe(0)

    const accepted = await call(
      '{"__proto__": {"items": []}, "items": [{"quantity": 2}], "extra": "ignored"}',
    )
    expect([accepted.status, accepted.body]).toEqual([200, { count: 1 }])
    expect(calls).toBe(1)
  })
})

/** Every table's row count and the account's whole row: what a refused request must leave as it was. */
const storedState = async (userId: number) => ({
  account: (await sql('SELECT to_jsonb(u) AS row FROM users AS u WHERE id = $1', [userId]))[0]?.row,
  counts: await rowCounts(app.payload, sql),
})

const adminId = async () =>
  Number((await sql("SELECT id FROM users WHERE email = 'admin@example.com'"))[0].id)

type BodyCase = [body: unknown, status: number, code: string]

/** Each body to `path` with what it must be answered; a string goes as it is, as JSON. */
const expectAnswers = async (client: RestClient, path: string, cases: BodyCase[]) => {
  for (const [body, status, code] of cases) {
    const answer = await client.request('POST', path, {
      body,
      headers: typeof body === 'string' ? { 'content-type': 'application/json' } : {},
    })
    expect(answerOf(answer), `${path} ${JSON.stringify(body).slice(0, 60)}`).toEqual([status, code])
  }
}

/** JSON whose own `__proto__` key carries the fields: parsed, they must reach no handler. */
const protoBody = (fields: Record<string, unknown>) => `{"__proto__": ${JSON.stringify(fields)}}`

describe('declared guards: endpoints that checked their session by hand', () => {
  it('change password, confirm password and refresh answer anonymous 401 AUTHENTICATION_REQUIRED before reading the body', async () => {
    const anonymous = app.client()
    const before = await rowCounts(app.payload, sql)
    for (const path of ['/users/change-password', '/users/confirm-password']) {
      const unreadable = await anonymous.request('POST', path, {
        body: '{"password": ',
        headers: { 'content-type': 'application/json' },
      })
      expect(answerOf(unreadable), path).toEqual([401, 'AUTHENTICATION_REQUIRED'])
      expect(answerOf(await anonymous.post(path, { password: 'x'.repeat(64 * 1024) }))).toEqual([
        401,
        'AUTHENTICATION_REQUIRED',
      ])
    }
    // Payload's own refresh answers 403 without a code; the declared guard answers as the next
    // request of that browser will be.
    expect(answerOf(await anonymous.post('/users/refresh-token'))).toEqual([
      401,
      'AUTHENTICATION_REQUIRED',
    ])
    expect(rowsAdded(before, await rowCounts(app.payload, sql))).toEqual({})
  })

  it('a session that ended cannot refresh: 401, and no token is handed out', async () => {
    const { browser, id } = await signedInEditor()
    await sql('DELETE FROM users_sessions WHERE _parent_id = $1', [id])
    const refused = await browser.post('/users/refresh-token')
    expect(answerOf(refused)).toEqual([401, 'AUTHENTICATION_REQUIRED'])
    expect(refused.headers.get('set-cookie')).toBeNull()
  })
})

describe('declared bodies: change password and confirm password', () => {
  it('refuse malformed, missing, oversized and hostile bodies with a code, checking and changing nothing', async () => {
    const { browser, id } = await signedInEditor()
    const before = await storedState(id)
    await expectAnswers(browser, '/users/change-password', [
      ['{"currentPassword": ', 400, 'MALFORMED_REQUEST'],
      ['[1, 2]', 400, 'MALFORMED_REQUEST'],
      [{}, 400, 'PASSWORD_REQUIRED'],
      [{ currentPassword: password, password: { $ne: '' } }, 400, 'PASSWORD_REQUIRED'],
      [
        { currentPassword: [password], password: 'another-long-passphrase-42' },
        400,
        'PASSWORD_REQUIRED',
      ],
      [{ currentPassword: password, password: '' }, 400, 'PASSWORD_REQUIRED'],
      [{ currentPassword: password, password: 'y'.repeat(5000) }, 413, 'PAYLOAD_TOO_LARGE'],
      [{ currentPassword: password, password: 'y'.repeat(20_000) }, 413, 'PAYLOAD_TOO_LARGE'],
      [
        protoBody({ currentPassword: password, password: 'another-long-passphrase-42' }),
        400,
        'PASSWORD_REQUIRED',
      ],
    ])
    await expectAnswers(browser, '/users/confirm-password', [
      ['"just a string"', 400, 'MALFORMED_REQUEST'],
      [{}, 400, 'PASSWORD_REQUIRED'],
      [{ password: 42 }, 400, 'PASSWORD_REQUIRED'],
      [{ password: { $gt: '' } }, 400, 'PASSWORD_REQUIRED'],
      [{ password: 'x'.repeat(5000) }, 413, 'PAYLOAD_TOO_LARGE'],
      [protoBody({ password }), 400, 'PASSWORD_REQUIRED'],
    ])
    expect(({} as Record<string, unknown>).currentPassword).toBeUndefined()
    // No guess counted, no password changed, no proof recorded, no audit entry.
    expect(await storedState(id)).toEqual(before)
    expect(
      (await browser.post('/users/login', { email: `guards-${accounts}@example.com`, password }))
        .status,
    ).toBe(200)
  })
})

describe('declared guards and bodies: the endpoints that set a session cookie', () => {
  it('refuse another site’s request with 403 CROSS_SITE_REQUEST before reading its body', async () => {
    const crossSite = app.client()
    const before = await rowCounts(app.payload, sql)
    for (const path of [
      '/users/login',
      '/users/first-register',
      '/users/reset-password',
      '/users/accept-invitation',
      '/users/passkey/sign-in',
    ]) {
      const answer = await crossSite.request('POST', path, {
        body: '{"email": ',
        headers: {
          'content-type': 'application/json',
          origin: 'https://evil.example',
          'sec-fetch-site': 'cross-site',
        },
      })
      expect(answerOf(answer), path).toEqual([403, 'CROSS_SITE_REQUEST'])
    }
    expect(rowsAdded(before, await rowCounts(app.payload, sql))).toEqual({})
  })

  it('login, forgot password and first register answer malformed and hostile bodies with a 400 code, counting and storing nothing', async () => {
    const id = await adminId()
    const visitor = app.client()
    const before = await storedState(id)
    const email = 'admin@example.com'
    await expectAnswers(visitor, '/users/login', [
      ['[]', 400, 'MALFORMED_REQUEST'],
      [{ email: { $ne: null }, password }, 400, 'EMAIL_INVALID'],
      [{ email: [email], password }, 400, 'EMAIL_INVALID'],
      [{ email: '   ', password }, 400, 'EMAIL_INVALID'],
      [{ email: `${'a'.repeat(250)}@example.com`, password }, 400, 'EMAIL_INVALID'],
      [{ email, password: { $gt: '' } }, 400, 'PASSWORD_REQUIRED'],
      [{ email, password: ['a', 'b'] }, 400, 'PASSWORD_REQUIRED'],
      [{ email, password: 'p'.repeat(5000) }, 413, 'PAYLOAD_TOO_LARGE'],
      [protoBody({ email, password }), 400, 'EMAIL_INVALID'],
    ])
    await expectAnswers(visitor, '/users/forgot-password', [
      ['"admin@example.com"', 400, 'MALFORMED_REQUEST'],
      [{}, 400, 'EMAIL_INVALID'],
      [{ email: { $ne: null } }, 400, 'EMAIL_INVALID'],
      [{ email: [email] }, 400, 'EMAIL_INVALID'],
      [{ email: 'admin@@example.com' }, 400, 'EMAIL_INVALID'],
      [protoBody({ email }), 400, 'EMAIL_INVALID'],
    ])
    // The body is judged before anything is looked up: "already created" is not told for it.
    await expectAnswers(visitor, '/users/first-register', [
      [{ email: 42, password }, 400, 'EMAIL_INVALID'],
      [{ email: 'owner@example.com', password: { $ne: '' } }, 400, 'PASSWORD_REQUIRED'],
      [{ email: 'owner@example.com', password: 'p'.repeat(5000) }, 413, 'PAYLOAD_TOO_LARGE'],
    ])
    expect(({} as Record<string, unknown>).email).toBeUndefined()
    // No failure counted, no throttle row, no audit entry, no reset token.
    expect(await storedState(id)).toEqual(before)
  })

  it('a well-formed login is answered as before: the right password signs in, a wrong one is 401', async () => {
    const visitor = app.client()
    expect(
      answerOf(
        await visitor.post('/users/login', { email: ' Admin@Example.com ', password: 'wrong' }),
      ),
    ).toEqual([401, 'INVALID_CREDENTIALS'])
    const signed = await visitor.post('/users/login', { email: ' Admin@Example.com ', password })
    expect(signed.status).toBe(200)
    expect(signed.body.user.email).toBe('admin@example.com')
  })

  it('reset password and accept invitation answer malformed tokens and passwords with their codes, storing nothing', async () => {
    const visitor = app.client()
    const before = await rowCounts(app.payload, sql)
    const token = 'A'.repeat(43)
    await expectAnswers(visitor, '/users/reset-password', [
      ['{"token": ', 400, 'MALFORMED_REQUEST'],
      [{ password }, 400, 'TOKEN_INVALID_OR_EXPIRED'],
      [{ password, token: { $ne: null } }, 400, 'TOKEN_INVALID_OR_EXPIRED'],
      [{ password, token: [token] }, 400, 'TOKEN_INVALID_OR_EXPIRED'],
      [{ password: ['x'], token }, 400, 'PASSWORD_REQUIRED'],
      [protoBody({ password, token }), 400, 'TOKEN_INVALID_OR_EXPIRED'],
    ])
    await expectAnswers(visitor, '/users/accept-invitation', [
      ['[]', 400, 'MALFORMED_REQUEST'],
      [{ password, token: { $gt: '' } }, 400, 'INVITATION_INVALID_OR_EXPIRED'],
      [{ password: { $ne: '' }, token }, 400, 'PASSWORD_REQUIRED'],
      [protoBody({ password, token }), 400, 'INVITATION_INVALID_OR_EXPIRED'],
    ])
    expect(rowsAdded(before, await rowCounts(app.payload, sql))).toEqual({})
  })
})

describe('declared bodies: the second step of a sign-in', () => {
  it('refuses malformed code, recovery-code and passkey bodies with 400 MALFORMED_REQUEST, counting no guess', async () => {
    const { browser, id } = await signedInEditor()
    await enrol(browser)
    const atChallenge = app.client()
    const email = `guards-${accounts}@example.com`
    const step = await atChallenge.post('/users/login', { email, password })
    expect([step.status, step.body.secondFactor]).toEqual([200, 'codeRequired'])
    const before = await storedState(id)
    await expectAnswers(atChallenge, '/users/mfa/totp/authenticate', [
      ['{not json', 400, 'MALFORMED_REQUEST'],
      [{ code: { $ne: null } }, 400, 'MALFORMED_REQUEST'],
      [{ code: true }, 400, 'MALFORMED_REQUEST'],
      [{ code: '123456', trustThisDevice: 'yes' }, 400, 'MALFORMED_REQUEST'],
      [{ code: ' 1'.repeat(65) }, 400, 'MALFORMED_REQUEST'],
      [protoBody({ code: '123456' }), 400, 'MALFORMED_REQUEST'],
    ])
    await expectAnswers(atChallenge, '/users/mfa/recovery-code/authenticate', [
      [{ code: 123456789012 }, 400, 'MALFORMED_REQUEST'],
      [{ code: 'z'.repeat(65) }, 400, 'MALFORMED_REQUEST'],
      [{ code: 'zzzz-zzzz-zzzz', trustThisDevice: 1 }, 400, 'MALFORMED_REQUEST'],
    ])
    await expectAnswers(atChallenge, '/users/mfa/passkey/authenticate', [
      [{}, 400, 'MALFORMED_REQUEST'],
      [{ response: 'x' }, 400, 'MALFORMED_REQUEST'],
      [{ response: { id: '../x', response: {}, type: 'public-key' } }, 400, 'MALFORMED_REQUEST'],
      [
        { response: { id: 'abc', response: {}, type: 'public-key' }, trustThisDevice: 'yes' },
        400,
        'MALFORMED_REQUEST',
      ],
    ])
    // Nothing counted against the account or the challenge, nothing audited, no session.
    expect(await storedState(id)).toEqual(before)
    // Who asks is known before the enrolment's body is read.
    const anonymous = app.client()
    expect(
      answerOf(
        await anonymous.request('POST', '/users/mfa/totp/finish-enrollment', {
          body: '{not json',
          headers: { 'content-type': 'application/json' },
        }),
      ),
    ).toEqual([401, 'AUTHENTICATION_REQUIRED'])
  })

  it('still tells a well-formed impossible code apart only once a challenge is there', async () => {
    const noChallenge = await app.client().post('/users/mfa/totp/authenticate', { code: '12a456' })
    expect(answerOf(noChallenge)).toEqual([401, 'MFA_SESSION_EXPIRED'])
  })
})

describe('declared bodies: passkey names', () => {
  it('adding and renaming refuse a name of the wrong shape with PASSKEY_NAME_INVALID, and a malformed credential with MALFORMED_REQUEST', async () => {
    const { browser, id } = await signedInEditor()
    const before = await storedState(id)
    const outline = { id: 'abc', response: {}, type: 'public-key' }
    await expectAnswers(browser, '/users/mfa/passkeys', [
      [{ response: [] }, 400, 'MALFORMED_REQUEST'],
      [{ response: { ...outline, type: 'password' } }, 400, 'MALFORMED_REQUEST'],
      [{ name: ['Laptop'], response: outline }, 400, 'PASSKEY_NAME_INVALID'],
      [{ name: '   ', response: outline }, 400, 'PASSKEY_NAME_INVALID'],
      [{ name: 'n'.repeat(65), response: outline }, 400, 'PASSKEY_NAME_INVALID'],
    ])
    await expectAnswers(browser, '/users/mfa/passkeys/1/rename', [
      [{}, 400, 'PASSKEY_NAME_INVALID'],
      [{ name: 42 }, 400, 'PASSKEY_NAME_INVALID'],
      [{ name: '\n\t ' }, 400, 'PASSKEY_NAME_INVALID'],
      [protoBody({ name: 'Laptop' }), 400, 'PASSKEY_NAME_INVALID'],
    ])
    expect(await storedState(id)).toEqual(before)
    expect(
      answerOf(await app.client().post('/users/mfa/passkeys/1/rename', { name: 'x' })),
    ).toEqual([401, 'AUTHENTICATION_REQUIRED'])
  })
})
