import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import type { Json } from '../helpers/json.js'

import { startTestPayload, type TestPayload } from '../helpers/testPayload.js'

let app: TestPayload
const password = 'a-long-and-unusual-passphrase-42'

beforeAll(async () => {
  app = await startTestPayload()
})
afterAll(async () => {
  await app?.close()
})

const register = (body: unknown, headers?: Record<string, string>) =>
  app.client().post('/users/first-register', body, headers)
const codeOf = (response: { body: Json }) => response.body?.errors?.[0]?.data?.code
const accounts = async () =>
  (await app.payload.count({ collection: 'users', overrideAccess: true })).totalDocs

// The tests run in order on one fresh database: refusals first, while there is no account yet.
describe('before the first user exists', () => {
  it('answers malformed, missing and oversized input with a 4xx and a code, creating nothing', async () => {
    const json = { 'content-type': 'application/json' }
    const cases: [unknown, Record<string, string> | undefined, number, string][] = [
      ['{"email": "owner@', json, 400, 'MALFORMED_REQUEST'],
      ['"just a string"', json, 400, 'MALFORMED_REQUEST'],
      [{ password }, undefined, 400, 'EMAIL_INVALID'],
      [{ email: ['owner@example.com'], password }, undefined, 400, 'EMAIL_INVALID'],
      [{ email: `${'a'.repeat(250)}@example.com`, password }, undefined, 400, 'EMAIL_INVALID'],
      [{ email: 'owner@example.com' }, undefined, 400, 'PASSWORD_REQUIRED'],
      [{ email: 'owner@example.com', password: { $ne: '' } }, undefined, 400, 'PASSWORD_REQUIRED'],
      [
        { email: 'owner@example.com', password: 'p'.repeat(5000) },
        undefined,
        413,
        'PAYLOAD_TOO_LARGE',
      ],
      [
        { email: 'owner@example.com', name: 'n'.repeat(20_000), password },
        undefined,
        413,
        'PAYLOAD_TOO_LARGE',
      ],
    ]
    for (const [body, headers, status, code] of cases) {
      const response = await register(body, headers)
      expect([response.status, codeOf(response)]).toEqual([status, code])
    }
    expect(await accounts()).toBe(0)
  })

  it('refuses a confirmation that differs from the password (the form sends both), creating nothing', async () => {
    const cases: [unknown, number, string][] = [
      [
        { 'confirm-password': `${password}-typo`, email: 'owner@example.com', password },
        400,
        'PASSWORDS_DO_NOT_MATCH',
      ],
      [
        { 'confirm-password': '', email: 'owner@example.com', password },
        400,
        'PASSWORDS_DO_NOT_MATCH',
      ],
      [
        { 'confirm-password': [password], email: 'owner@example.com', password },
        400,
        'PASSWORDS_DO_NOT_MATCH',
      ],
      [
        { 'confirm-password': 'p'.repeat(5000), email: 'owner@example.com', password },
        413,
        'PAYLOAD_TOO_LARGE',
      ],
    ]
    for (const [body, status, code] of cases) {
      const response = await register(body)
      expect([response.status, codeOf(response)]).toEqual([status, code])
    }
    const german = await register(
      { 'confirm-password': 'other', email: 'owner@example.com', password },
      { 'accept-language': 'de' },
    )
    expect(german.body.errors[0].message).toBe('Passwörter stimmen nicht überein')
    expect(await accounts()).toBe(0)
  })

  it('enforces the password policy', async () => {
    const response = await register({ email: 'owner@example.com', password: 'password123' })
    expect(response.status).toBe(400)
    expect(codeOf(response)).toBe('PASSWORD_REQUIREMENTS_NOT_MET')
    expect(response.body.errors[0].message).toBe('Password does not meet requirements.')
    expect(await accounts()).toBe(0)
  })

  it('refuses email addresses outside the standard pattern with "email address"', async () => {
    for (const email of [
      'owner..name@example.com',
      'owner@example..com',
      'owner@example.c',
      'owner@example.c0m',
      'owner@@example.com',
      'owner example@example.com',
    ]) {
      const response = await register({ email, password })
      expect(response.status, email).toBe(400)
      expect(response.body.errors[0].data.errors).toEqual([
        expect.objectContaining({ message: 'Please enter a valid email address.', path: 'email' }),
      ])
    }
    expect(await accounts()).toBe(0)
  })

  it('refuses values of the wrong type in the other fields with a 4xx, creating nothing', async () => {
    for (const wrong of [{ name: { $gt: '' } }, { name: 42 }, { preferredLanguage: ['de'] }]) {
      const response = await register({ email: 'owner@example.com', password, ...wrong })
      expect([response.status, codeOf(response)]).toEqual([400, 'MALFORMED_REQUEST'])
    }
    const notAnOption = await register({
      email: 'owner@example.com',
      password,
      preferredLanguage: 'klingon',
    })
    expect(notAnOption.status).toBe(400)
    expect(await accounts()).toBe(0)
  })
})

describe('creating the first user', () => {
  it('lets exactly one of several simultaneous registrations through', async () => {
    const attempts = await Promise.all(
      Array.from({ length: 6 }, (_, index) =>
        register({
          consecutiveFailedLogins: 7,
          email: `Racer-${index}@Example.com`,
          identityProvider: 'google',
          name: `Racer ${index}`,
          password,
          preferredLanguage: 'nl',
          security: { status: 'suspended' },
          sessions: [{ expiresAt: '2999-01-01T00:00:00.000Z', id: 'planted' }],
        }),
      ),
    )
    const winners = attempts.filter((attempt) => attempt.status === 200)
    expect(winners).toHaveLength(1)
    for (const loser of attempts.filter((attempt) => attempt.status !== 200)) {
      expect(loser.status).toBe(409)
      expect(codeOf(loser)).toBe('FIRST_USER_ALREADY_CREATED')
      expect(loser.body.errors[0].message).toBe('The first user has already been created.')
    }
    expect(await accounts()).toBe(1)
  })

  it('signs the new administrator in, keeps their own fields and none the system owns', async () => {
    const [user] = (
      await app.payload.find({ collection: 'users', overrideAccess: true, showHiddenFields: true })
    ).docs as Json[]
    expect(user.email).toMatch(/^racer-\d@example\.com$/)
    expect(user.name).toBe(`Racer ${user.email.match(/\d/)[0]}`)
    expect(user.roles).toEqual(['admin'])
    expect(user.preferredLanguage).toBe('nl')
    expect(user.identityProvider).toBe('local')
    expect(user.consecutiveFailedLogins).toBe(0)
    expect(user.security?.status).toBe('active')
    expect((user.sessions ?? []).map((session: { id: string }) => session.id)).not.toContain(
      'planted',
    )

    const signedIn = app.client()
    expect((await signedIn.post('/users/login', { email: user.email, password })).status).toBe(200)

    const trail = (
      await app.payload.find({
        collection: 'audit-log' as never,
        overrideAccess: true,
        sort: 'timestamp',
        where: { user: { equals: user.email } } as never,
      })
    ).docs.map((entry) => {
      const { data, event } = entry as unknown as { data?: { via?: string }; event: string }
      return [event, data?.via ?? null]
    })
    expect(trail.slice(0, 2)).toEqual([
      ['user.created', null],
      ['login.succeeded', 'firstUser'],
    ])
  })

  it('answers every later attempt 409 "first user already created", creating nothing', async () => {
    const again = await register({ email: 'late@example.com', password })
    expect(again.status).toBe(409)
    expect(codeOf(again)).toBe('FIRST_USER_ALREADY_CREATED')
    expect(again.headers.get('set-cookie')).toBeNull()
    expect(await accounts()).toBe(1)
  })

  it('gives the winner a working session', async () => {
    const browser = app.client()
    await app.payload.delete({
      collection: 'users',
      overrideAccess: true,
      where: { id: { exists: true } },
    })
    const registered = await browser.post('/users/first-register', {
      email: 'second-install@example.com',
      password,
    })
    expect(registered.status).toBe(200)
    expect(registered.body.user.email).toBe('second-install@example.com')
    expect((await browser.get('/users/me')).body.user?.email).toBe('second-install@example.com')
  })
})
