import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { passwordPolicyExemptKey } from '../../src/policies/passwordPolicy/assertPasswordAllowed.js'
import {
  type BreachedRangeServer,
  startBreachedRangeServer,
} from '../helpers/breachedRangeServer.js'
import { startTestPayload, type TestPayload } from '../helpers/testPayload.js'

// One Payload per file (getPayload caches it), so this file runs the policy with composition rules
// and the breach check on, against a real range server on 127.0.0.1. The length and strength rules
// are the defaults (12 characters, score 3).
const breachedPassphrase = 'Correct-Horse-Battery-Staple-1'
let app: TestPayload
let range: BreachedRangeServer
const adminEmail = 'policy-admin@example.com'
const adminPassword = 'a-long-and-unusual-passphrase-42'
let adminId: number | string

type ErrorBody = { errors?: { data?: { code?: string; failedRules?: string }; message?: string }[] }

const refusal = (body: ErrorBody) => ({
  code: body.errors?.[0]?.data?.code,
  failedRules: body.errors?.[0]?.data?.failedRules,
  message: body.errors?.[0]?.message,
})

let adminClient: ReturnType<TestPayload['client']> | undefined
/** The administrator's REST client, signed in once. */
const signedInAdmin = async () => {
  if (!adminClient) {
    adminClient = app.client()
    expect(
      (await adminClient.post('/users/login', { email: adminEmail, password: adminPassword }))
        .status,
    ).toBe(200)
  }
  return adminClient
}

const canSignIn = async (email: string, password: string) =>
  (await app.client().post('/users/login', { email, password })).status === 200

const localApiRefusal = async (operation: Promise<unknown>) => {
  const error = (await operation.then(
    () => null,
    (caught: unknown) => caught,
  )) as { data?: { code?: string; failedRules?: string }; message?: string; status?: number } | null
  expect(error, 'the Local API call should have thrown').not.toBeNull()
  return {
    code: error?.data?.code,
    failedRules: error?.data?.failedRules,
    message: error?.message,
    status: error?.status,
  }
}

beforeAll(async () => {
  range = await startBreachedRangeServer([breachedPassphrase])
  app = await startTestPayload({
    backofficeOptions: {
      passwordPolicy: {
        breachedPasswords: { enabled: true, rangeUrl: range.rangeUrl, timeoutMs: 1000 },
        characterClassMinimums: { special: 1 },
        minCharacterClasses: 3,
      },
    },
  })
})
afterAll(async () => {
  await app?.close()
  await range?.close()
})

describe('the first user (POST /api/users/first-register)', () => {
  it('is refused a weak password with "Password does not meet requirements." and the failed rules', async () => {
    const response = await app
      .client()
      .post('/users/first-register', { email: adminEmail, password: 'password' })
    expect(response.status).toBe(400)
    expect(refusal(response.body)).toEqual({
      code: 'PASSWORD_REQUIREMENTS_NOT_MET',
      failedRules: 'minLength,characterClasses,special,minScore',
      message: 'Password does not meet requirements.',
    })
    expect(await app.payload.count({ collection: 'users' })).toEqual({ totalDocs: 0 })
  })

  it('is refused an empty password with "Password is required."', async () => {
    const response = await app
      .client()
      .post('/users/first-register', { email: adminEmail, password: '' })
    expect(response.status).toBe(400)
    expect(refusal(response.body)).toMatchObject({
      code: 'PASSWORD_REQUIRED',
      message: 'Password is required.',
    })
  })

  it('is created with a password that meets the policy', async () => {
    const response = await app
      .client()
      .post('/users/first-register', { email: adminEmail, password: adminPassword })
    expect(response.status).toBe(200)
    adminId = (
      await app.payload.find({ collection: 'users', where: { email: { equals: adminEmail } } })
    ).docs[0]!.id
  })
})

describe('creating an account (REST as an administrator, and the Local API)', () => {
  it.each([
    ['too short', 'Sh0rt-1!', 'minLength,minScore'],
    ['too weak though long', 'Password123!', 'minScore'],
    ['above the maximum length (never truncated)', `${adminPassword}!`.repeat(10), 'maxLength'],
    ['far beyond the maximum length', 'x'.repeat(100_000), 'maxLength'],
    ['without enough character classes', 'quietly-bundled-zebra-orchard', 'characterClasses'],
    [
      'without the special character the policy asks for',
      'QuietlyBundledZebraOrchard42',
      'special',
    ],
  ])('refuses a password %s', async (_case, password, failedRules) => {
    const admin = await signedInAdmin()
    const response = await admin.post('/users', {
      email: 'refused@example.com',
      password,
      roles: ['editor'],
    })
    expect(response.status).toBe(400)
    expect(refusal(response.body)).toEqual({
      code: 'PASSWORD_REQUIREMENTS_NOT_MET',
      failedRules,
      message: 'Password does not meet requirements.',
    })
    expect(
      (
        await app.payload.count({
          collection: 'users',
          where: { email: { equals: 'refused@example.com' } },
        })
      ).totalDocs,
    ).toBe(0)
  })

  it('refuses a present but empty password as missing, and a non-text one as unreadable', async () => {
    // Through REST an administrator's create without a password is an invitation (src/flows/invitations),
    // so the Local API, with no signed-in user, shows the policy's own answer.
    expect(
      await localApiRefusal(
        app.payload.create({
          collection: 'users',
          data: { email: 'empty@example.com', password: '', roles: ['editor'] },
        }),
      ),
    ).toEqual({
      code: 'PASSWORD_REQUIRED',
      failedRules: undefined,
      message: 'Password is required.',
      status: 400,
    })
    const numeric = await localApiRefusal(
      app.payload.create({
        collection: 'users',
        data: {
          email: 'numeric@example.com',
          password: 123456789012345 as unknown as string,
          roles: ['editor'],
        },
      }),
    )
    expect(numeric).toMatchObject({ code: 'MALFORMED_REQUEST', status: 400 })
  })

  it("refuses the account's own email or name as its password, though another account may use it", async () => {
    const admin = await signedInAdmin()
    const email = 'quillonbert.vexmoor@example.com'
    const ownEmail = await admin.post('/users', {
      email,
      password: 'Quillonbert.Vexmoor@example.com',
      roles: ['editor'],
    })
    expect(refusal(ownEmail.body)).toMatchObject({
      code: 'PASSWORD_REQUIREMENTS_NOT_MET',
      failedRules: 'minScore',
    })
    const ownName = await admin.post('/users', {
      email: 'someone@example.com',
      name: 'Yselda Brackenwhit',
      password: 'Yselda-Brackenwhit-1',
      roles: ['editor'],
    })
    expect(refusal(ownName.body)).toMatchObject({
      code: 'PASSWORD_REQUIREMENTS_NOT_MET',
      failedRules: 'minScore',
    })
    // The same passwords are strong for an account they say nothing about.
    const other = await admin.post('/users', {
      email: 'unrelated@example.com',
      password: 'Yselda-Brackenwhit-1',
      roles: ['editor'],
    })
    expect(other.status).toBe(201)
  })

  it('creates the account with a password that meets the policy', async () => {
    const admin = await signedInAdmin()
    const response = await admin.post('/users', {
      email: 'accepted@example.com',
      password: adminPassword,
      roles: ['editor'],
    })
    expect(response.status).toBe(201)
    expect(await canSignIn('accepted@example.com', adminPassword)).toBe(true)
  })

  it('throws from the Local API too, with the same code and message', async () => {
    const refused = await localApiRefusal(
      app.payload.create({
        collection: 'users',
        data: { email: 'local@example.com', password: 'password1234', roles: ['editor'] },
      }),
    )
    expect(refused).toEqual({
      code: 'PASSWORD_REQUIREMENTS_NOT_MET',
      failedRules: 'characterClasses,special,minScore',
      message: 'Password does not meet requirements.',
      status: 400,
    })
    expect(
      (
        await app.payload.count({
          collection: 'users',
          where: { email: { equals: 'local@example.com' } },
        })
      ).totalDocs,
    ).toBe(0)
  })

  it("lets a create marked exempt by server code through (an invitation's random password)", async () => {
    const created = await app.payload.create({
      collection: 'users',
      context: { [passwordPolicyExemptKey]: true },
      data: { email: 'exempt@example.com', password: 'short', roles: ['editor'] },
    })
    expect(created.email).toBe('exempt@example.com')
  })
})

describe('changing a password (PATCH and the Local API update)', () => {
  const email = 'changer@example.com'
  let id: number | string

  beforeAll(async () => {
    id = (
      await app.payload.create({
        collection: 'users',
        data: { email, password: adminPassword, roles: ['editor'] },
      })
    ).id
  })

  it('refuses a weak new password and leaves the old one, and every session, working', async () => {
    const own = app.client()
    expect((await own.post('/users/login', { email, password: adminPassword })).status).toBe(200)
    const admin = await signedInAdmin()
    const response = await admin.request('PATCH', `/users/${id}`, {
      body: { password: 'changer@example' },
    })
    expect(response.status).toBe(400)
    expect(refusal(response.body)).toEqual({
      code: 'PASSWORD_REQUIREMENTS_NOT_MET',
      failedRules: 'characterClasses,minScore',
      message: 'Password does not meet requirements.',
    })
    expect(await canSignIn(email, adminPassword)).toBe(true)
    expect(await canSignIn(email, 'changer@example')).toBe(false)
    // Refused before anything was written: the account's own session was not ended.
    expect((await own.get('/users/me')).body.user?.email).toBe(email)
  })

  it('refuses a weak password an administrator sets, and a name changed in the same request with it', async () => {
    const admin = await signedInAdmin()
    const response = await admin.request('PATCH', `/users/${id}`, {
      body: { name: 'Renamed', password: 'abc' },
    })
    expect(response.status).toBe(400)
    expect(refusal(response.body)).toMatchObject({
      code: 'PASSWORD_REQUIREMENTS_NOT_MET',
      failedRules: 'minLength,characterClasses,special,minScore',
    })
    expect((await app.payload.findByID({ collection: 'users', id })).name ?? null).toBeNull()
    expect(await canSignIn(email, adminPassword)).toBe(true)
  })

  it('holds a GraphQL update to the policy after a failed invitation in the same request', async () => {
    // The failed create (an invalid address) is an invitation: its random password is exempt, and
    // that exemption must not reach the next mutation of the request.
    const admin = await signedInAdmin()
    const response = await admin.post('/graphql', {
      query: `mutation {
        invite: createUser(data: { email: "not-an-address", password: "", roles: editor }) { id }
        weaken: updateUser(id: ${id}, data: { password: "aaaaaaaaaaaa" }) { id }
      }`,
    })
    expect(response.body.data?.weaken ?? null).toBeNull()
    expect(JSON.stringify(response.body.errors)).toContain('Password does not meet requirements.')
    expect(await canSignIn(email, 'aaaaaaaaaaaa')).toBe(false)
    expect(await canSignIn(email, adminPassword)).toBe(true)
  })

  it('judges a new password against the email the same request sets', async () => {
    const admin = await signedInAdmin()
    const response = await admin.request('PATCH', `/users/${id}`, {
      body: {
        email: 'florimond.quastwick@example.com',
        password: 'Florimond.Quastwick@example.com',
      },
    })
    expect(refusal(response.body)).toMatchObject({
      code: 'PASSWORD_REQUIREMENTS_NOT_MET',
      failedRules: 'minScore',
    })
    expect(await canSignIn(email, adminPassword)).toBe(true)
  })

  it('throws from the Local API update and keeps the old password', async () => {
    const refused = await localApiRefusal(
      app.payload.update({ collection: 'users', data: { password: 'x'.repeat(300) }, id }),
    )
    expect(refused).toMatchObject({ code: 'PASSWORD_REQUIREMENTS_NOT_MET', status: 400 })
    expect(refused.failedRules?.split(',')).toContain('maxLength')
    expect(await canSignIn(email, adminPassword)).toBe(true)
  })

  it('leaves updates without a password alone (an empty one means "unchanged")', async () => {
    const admin = await signedInAdmin()
    expect(
      (await admin.request('PATCH', `/users/${id}`, { body: { name: 'Still here' } })).status,
    ).toBe(200)
    expect(
      (await admin.request('PATCH', `/users/${id}`, { body: { name: 'Still here', password: '' } }))
        .status,
    ).toBe(200)
    expect(await canSignIn(email, adminPassword)).toBe(true)
  })

  it('accepts a new password that meets the policy', async () => {
    const next = 'another-long-passphrase-9'
    const admin = await signedInAdmin()
    expect(
      (await admin.request('PATCH', `/users/${id}`, { body: { password: next } })).status,
    ).toBe(200)
    expect(await canSignIn(email, next)).toBe(true)
    expect(await canSignIn(email, adminPassword)).toBe(false)
  })
})

describe('breached passwords (k-anonymity range API on 127.0.0.1)', () => {
  it('refuses a password the range service knows, otherwise fine, after asking for a padded range', async () => {
    range.requests.length = 0
    const admin = await signedInAdmin()
    const response = await admin.post('/users', {
      email: 'breached@example.com',
      password: breachedPassphrase,
      roles: ['editor'],
    })
    expect(response.status).toBe(400)
    expect(refusal(response.body)).toEqual({
      code: 'PASSWORD_REQUIREMENTS_NOT_MET',
      failedRules: 'breached',
      message: 'Password does not meet requirements.',
    })
    expect(
      range.requests.map((request) => [request.path.length, request.headers['add-padding']]),
    ).toEqual([['/range/'.length + 5, 'true']])
  })

  it('asks the service nothing about a password the other rules refuse', async () => {
    range.requests.length = 0
    const admin = await signedInAdmin()
    expect(
      (
        await admin.post('/users', {
          email: 'weak@example.com',
          password: 'weak',
          roles: ['editor'],
        })
      ).status,
    ).toBe(400)
    expect(range.requests).toEqual([])
  })

  it.each([
    ['answers with an error', 'down' as const],
    ['does not answer within the timeout', 'hang' as const],
  ])(
    'accepts a password on the other rules when the service %s (fail open)',
    async (_case, mode) => {
      range.mode = mode
      try {
        const admin = await signedInAdmin()
        const email = `fail-open-${mode}@example.com`
        const response = await admin.post('/users', {
          email,
          password: breachedPassphrase,
          roles: ['editor'],
        })
        expect(response.status).toBe(201)
        expect(await canSignIn(email, breachedPassphrase)).toBe(true)
      } finally {
        range.mode = 'normal'
      }
    },
  )
})

describe('the administrator who set up the app', () => {
  it('still signs in with the first password', async () => {
    expect(adminId).toBeDefined()
    expect(await canSignIn(adminEmail, adminPassword)).toBe(true)
  })
})
