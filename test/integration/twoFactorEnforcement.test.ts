import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'

import { sqlOn } from '../helpers/sql.js'
import { startTestPayload, type TestPayload } from '../helpers/testPayload.js'
import { authenticatorCode, nextTimeStep, setCookie, wrongCode } from '../helpers/twoFactor.js'

const password = 'a-long-and-unusual-passphrase-42'
let app: TestPayload
let accounts = 0
const sql = sqlOn(() => app.payload)

const account = async (roles: string[]) => {
  const email = `person-${++accounts}@example.com`
  const user = await app.payload.create({
    collection: 'users',
    data: { email, password, roles } as never,
  })
  return { email, id: user.id as number }
}

beforeAll(async () => {
  app = await startTestPayload({
    backofficeOptions: { twoFactor: { enforcement: { roles: ['admin'] } } },
  })
})
afterAll(async () => {
  await app?.close()
})
afterEach(() => {
  vi.useRealTimers()
})

describe('two-factor required for a role', () => {
  it('creates the first administrator, then sends them to enrolment instead of signing them in', async () => {
    const client = app.client()
    const registered = await client.post('/users/first-register', {
      email: 'owner@example.com',
      password,
    })
    expect(registered.status).toBe(200)
    expect(registered.body).toMatchObject({
      redirectTo: '/admin/two-factor/setup',
      secondFactor: 'enrolmentRequired',
    })
    expect(setCookie(registered.headers, 'payload-token')).toBeUndefined()
    expect((await client.get('/users/me')).body.user).toBeNull()
    const [owner] = await sql(
      "SELECT roles.value AS role FROM users JOIN users_roles roles ON roles.parent_id = users.id WHERE email = 'owner@example.com'",
    )
    expect(owner.role).toBe('admin')
    const setup = await client.get('/users/mfa/totp/setup')
    const done = await client.post('/users/mfa/totp/finish-enrollment', {
      code: await authenticatorCode(setup.body.secret),
    })
    expect(done.status).toBe(200)
    expect((await client.get('/users/me')).body.user.email).toBe('owner@example.com')
  })

  it('sends an administrator without a second factor to enrolment, with no session until it is done', async () => {
    const { email, id } = await account(['admin'])
    const client = app.client()
    const login = await client.post('/users/login', { email, password })
    expect(login.status).toBe(200)
    expect(login.body).toEqual({
      message: 'MFA required',
      redirectTo: '/admin/two-factor/setup',
      secondFactor: 'enrolmentRequired',
    })
    expect(setCookie(login.headers, 'payload-token')).toBeUndefined()
    expect((await client.get('/users/me')).body.user).toBeNull()
    await expect(
      app.payload.login({ collection: 'users', data: { email, password } }),
    ).rejects.toMatchObject({
      data: { code: 'MFA_REQUIRED' },
    })

    // Not a code prompt: there is nothing to check a code against yet.
    const early = await client.post('/users/mfa/totp/authenticate', { code: '123456' })
    expect(early.status).toBe(403)
    expect(early.body.errors[0].data.code).toBe('TOTP_ENROLMENT_PENDING')
    expect(early.body.redirectTo).toBe('/admin/two-factor/setup')

    const setup = await client.get('/users/mfa/totp/setup')
    expect(setup.status).toBe(200)
    expect(setup.body.abort).toBe(false)
    const code = await authenticatorCode(setup.body.secret)
    const wrong = await client.post('/users/mfa/totp/finish-enrollment', { code: wrongCode(code) })
    expect(wrong.body.errors[0].data.code).toBe('TOTP_CODE_INVALID')
    expect((await client.get('/users/me')).body.user).toBeNull()

    const done = await client.post('/users/mfa/totp/finish-enrollment', { code })
    expect(done.status).toBe(200)
    expect(done.body).toMatchObject({
      message: 'Two-factor authentication is on',
      redirectTo: '/admin',
      success: true,
      user: { email },
    })
    expect(setCookie(done.headers, 'payload-token')).toBeDefined()
    expect((await client.get('/users/me')).body.user.totpConfig.status).toBe('enabled')
    const [session] = await sql('SELECT authentication_level FROM sessions WHERE user_id = $1', [
      id,
    ])
    expect(session.authentication_level).toBe('mfa')

    // From now on the password leads to the code prompt.
    nextTimeStep()
    const next = app.client()
    expect((await next.post('/users/login', { email, password })).body.redirectTo).toBe(
      '/admin/two-factor/verify',
    )
    expect(
      (
        await next.post('/users/mfa/totp/authenticate', {
          code: await authenticatorCode(setup.body.secret),
        })
      ).status,
    ).toBe(200)
  })

  it('does not let a code prompt be turned into a new setup', async () => {
    const { email } = await account(['admin'])
    const client = app.client()
    await client.post('/users/login', { email, password })
    const { secret } = (await client.get('/users/mfa/totp/setup')).body
    await client.post('/users/mfa/totp/finish-enrollment', {
      code: await authenticatorCode(secret),
    })

    const attacker = app.client()
    await attacker.post('/users/login', { email, password })
    const setup = await attacker.get('/users/mfa/totp/setup')
    expect(setup.status).toBe(401)
    expect(setup.body.errors[0].data.code).toBe('AUTHENTICATION_REQUIRED')
  })

  it('leaves other roles to choose', async () => {
    const { email } = await account(['editor'])
    const client = app.client()
    const login = await client.post('/users/login', { email, password })
    expect(login.body.user.email).toBe(email)
    expect((await client.get('/users/me')).body.user.email).toBe(email)
  })
})

describe('finding 3: two-factor turned on at a sign-in', () => {
  it('finding 3: enrolling at sign-in ends the sessions opened before the role required it', async () => {
    const { email, id } = await account(['editor'])
    const before = app.client()
    expect((await before.post('/users/login', { email, password })).status).toBe(200)
    expect((await before.get('/users/me')).body.user.email).toBe(email)
    // Promoted meanwhile: the next sign-in must enrol first.
    await sql(`UPDATE users_roles SET value = 'admin' WHERE parent_id = $1`, [id])
    const client = app.client()
    expect((await client.post('/users/login', { email, password })).body.secondFactor).toBe(
      'enrolmentRequired',
    )
    const setup = await client.get('/users/mfa/totp/setup')
    const done = await client.post('/users/mfa/totp/finish-enrollment', {
      code: await authenticatorCode(setup.body.secret),
    })
    expect(done.status).toBe(200)
    expect((await client.get('/users/me')).body.user.email).toBe(email)
    expect((await before.get('/users/me')).body.user).toBeNull()
    const [enrolled] = await sql(
      `SELECT data FROM audit_log WHERE target_object = $1 AND event = 'twoFactor.enrolled'`,
      [String(id)],
    )
    expect(enrolled!.data).toEqual({ factor: 'totp', via: 'signIn' })
  })
})
