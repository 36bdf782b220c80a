import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'

import type { RestClient, RestResponse } from '../helpers/restClient.js'

import { sqlOn } from '../helpers/sql.js'
import { startTestPayload, type TestPayload } from '../helpers/testPayload.js'
import { authenticatorCode, enrol, nextTimeStep, setCookie } from '../helpers/twoFactor.js'

const password = 'a-long-and-unusual-passphrase-42'
const challengeCookie = 'payload-mfa-challenge'
let app: TestPayload
let accounts = 0
const sql = sqlOn(() => app.payload)

const codeOf = (response: RestResponse) => response.body?.errors?.[0]?.data?.code

/** A new editor with a second factor, and a fresh client holding the challenge of its password step. */
const editorAtCodePrompt = async () => {
  const email = `editor-${++accounts}@example.com`
  await app.payload.create({ collection: 'users', data: { email, password, roles: ['editor'] } })
  const enrolling = app.client()
  expect((await enrolling.post('/users/login', { email, password })).status).toBe(200)
  const secret = await enrol(enrolling)
  nextTimeStep()
  const client = app.client()
  const passwordStep = await client.post('/users/login', { email, password })
  expect(passwordStep.body.secondFactor).toBe('codeRequired')
  expect(client.cookies.get(challengeCookie)).toMatch(/^[\w-]{43}$/)
  return { client, secret }
}

/** Nothing of the failure's own text reaches the client: only the catalogue's fixed message. */
const expectMasked = (response: RestResponse, code: string, message: string) => {
  expect([response.status, codeOf(response)]).toEqual([500, code])
  expect(response.body).toEqual({
    errors: [{ name: 'BackofficeError', data: { code }, message }],
  })
  expect(JSON.stringify(response.body)).not.toMatch(/select|relation|two_factor|stack|at /i)
}

const signedIn = async (client: RestClient) => (await client.get('/users/me')).body.user

beforeAll(async () => {
  app = await startTestPayload()
  expect(
    (await app.client().post('/users/first-register', { email: 'admin@example.com', password }))
      .status,
  ).toBe(200)
})
afterAll(async () => {
  await app?.close()
})
afterEach(() => {
  vi.useRealTimers()
})

describe('"Invalid MFA token": a challenge cookie that was never ours', () => {
  it('a tampered challenge cookie is refused with 401 MFA_TOKEN_INVALID, cleared, and signs no one in, even with a right code', async () => {
    const { client, secret } = await editorAtCodePrompt()
    const token = client.cookies.get(challengeCookie)!
    client.cookies.set(challengeCookie, `${token.slice(0, 40)}%27;`)
    const response = await client.post('/users/mfa/totp/authenticate', {
      code: await authenticatorCode(secret),
    })
    expect([response.status, codeOf(response)]).toEqual([401, 'MFA_TOKEN_INVALID'])
    expect(response.body.errors[0].message).toBe('Invalid MFA token.')
    expect(response.body.redirectTo).toBe('/admin/login')
    expect(setCookie(response.headers, challengeCookie)).toMatch(/Max-Age=0/)
    expect(setCookie(response.headers, 'payload-token')).toBeUndefined()
    expect(await signedIn(client)).toBeNull()

    // The factors list of the prompt answers the same.
    const factors = app.client()
    factors.cookies.set(challengeCookie, 'not-a-token')
    const listed = await factors.get('/users/mfa/factors')
    expect([listed.status, codeOf(listed)]).toEqual([401, 'MFA_TOKEN_INVALID'])
  })

  it('a well-formed challenge that is unknown, used or expired stays MFA_SESSION_EXPIRED', async () => {
    const { client, secret } = await editorAtCodePrompt()
    const token = client.cookies.get(challengeCookie)!
    client.cookies.set(challengeCookie, `${token.slice(0, 42)}${token.endsWith('A') ? 'B' : 'A'}`)
    const response = await client.post('/users/mfa/totp/authenticate', {
      code: await authenticatorCode(secret),
    })
    expect([response.status, codeOf(response)]).toEqual([401, 'MFA_SESSION_EXPIRED'])
  })
})

describe('"Internal server error" and "Database operation failed": unexpected failures are masked', () => {
  it('an unexpected error in an app hook during sign-in answers 500 INTERNAL_ERROR with the catalogue text, not the error', async () => {
    const hooks = app.payload.collections.users!.config.hooks
    const failing = () => {
      throw new Error('internal detail: connection string postgres://secret@db')
    }
    hooks.beforeLogin.push(failing)
    try {
      const email = `editor-${++accounts}@example.com`
      await app.payload.create({
        collection: 'users',
        data: { email, password, roles: ['editor'] },
      })
      const client = app.client()
      const response = await client.post('/users/login', { email, password })
      expectMasked(response, 'INTERNAL_ERROR', 'Internal server error.')
      expect(JSON.stringify(response.body)).not.toContain('postgres://')
      expect(await signedIn(client)).toBeNull()
    } finally {
      hooks.beforeLogin.splice(hooks.beforeLogin.indexOf(failing), 1)
    }
  })

  it('a failed database operation answers 500 DATABASE_ERROR with no SQL or table names in the body', async () => {
    const { client, secret } = await editorAtCodePrompt()
    // A real database failure: the table of second-factor challenges is gone from this test's database.
    await sql('ALTER TABLE two_factor_challenges RENAME TO two_factor_challenges_gone')
    try {
      const response = await client.post('/users/mfa/totp/authenticate', {
        code: await authenticatorCode(secret),
      })
      expectMasked(response, 'DATABASE_ERROR', 'A database operation failed.')
      expect(await signedIn(client)).toBeNull()
    } finally {
      await sql('ALTER TABLE two_factor_challenges_gone RENAME TO two_factor_challenges')
    }
  })

  it("Payload's own refusals inside the plugin's endpoints keep their status and message", async () => {
    // Not found is a refusal, not a failure: Payload's answer, unmasked.
    const response = await app.client().get('/users/mfa/no-such-endpoint')
    expect(response.status).toBe(404)
  })
})
