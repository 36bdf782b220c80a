import { createPayloadRequest } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as z from 'zod'

import type { Json } from '../helpers/json.js'
import type { RestClient } from '../helpers/restClient.js'

import { backofficeEndpoint } from '../../src/index.js'
import { signedIn } from '../../src/request/signedIn.js'
import { sqlOn } from '../helpers/sql.js'
import { startTestPayload, type TestPayload } from '../helpers/testPayload.js'

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
      handler: (_req, body) => {
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
