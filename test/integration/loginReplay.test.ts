import type { CollectionConfig, Endpoint } from 'payload'

import { createPayloadRequest } from 'payload'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'

import { startTestPayload, type TestPayload } from '../helpers/testPayload.js'
import { authenticatorCode, enrol, nextTimeStep } from '../helpers/twoFactor.js'

/**
 * The plugin replays Payload's login (src/signIn/replayLogin.ts) instead of calling it. These tests
 * sign one account in through Payload's own login endpoint (still registered after the plugin's,
 * which answers first at the same path) and an account of the same kind through the plugin's, and
 * compare what each leaves behind: if a Payload upgrade changes its login, they fail.
 */

const password = 'a-long-and-unusual-passphrase-42'
const browserHeaders = {
  'user-agent':
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
  'x-forwarded-for': '203.0.113.9',
}

type HookCall = { hook: string; operation?: string; userKeys?: string[] }
const hookCalls: HookCall[] = []
const keysOf = (user: unknown) => Object.keys((user ?? {}) as object).sort()

/** Hooks that record, in order, which ones a sign-in runs and what user each is given. */
const recordingHooks: NonNullable<CollectionConfig['hooks']> = {
  afterLogin: [
    ({ req, token, user }) => {
      hookCalls.push({ hook: 'afterLogin', userKeys: keysOf(user) })
      expect(token).toEqual(expect.any(String))
      expect(String((req.user as { id?: unknown } | null)?.id)).toBe(String(user.id))
    },
  ],
  afterOperation: [
    ({ operation, result }) => {
      hookCalls.push({ hook: 'afterOperation', operation })
      return result
    },
  ],
  afterRead: [
    ({ doc }) => {
      hookCalls.push({ hook: 'afterRead', userKeys: keysOf(doc) })
    },
  ],
  beforeLogin: [
    ({ user }) => {
      hookCalls.push({ hook: 'beforeLogin', userKeys: keysOf(user) })
    },
  ],
  beforeOperation: [
    ({ operation }) => {
      hookCalls.push({ hook: 'beforeOperation', operation })
    },
  ],
}

type SignedIn = {
  body: { exp: number; message: string; token?: string; user: Record<string, unknown> }
  cookie: string
  hooks: HookCall[]
  status: number
}

let app: TestPayload
let database: pg.Client
let accounts = 0

beforeAll(async () => {
  app = await startTestPayload({ usersHooks: recordingHooks })
  database = new pg.Client({ connectionString: process.env.DATABASE_URL })
  await database.connect()
  // The first account (an administrator) through Payload's first-register; the others are editors.
  const first = await app.client().post('/users/first-register', {
    email: 'admin@example.com',
    password,
  })
  expect(first.status).toBe(200)
})
afterAll(async () => {
  vi.useRealTimers()
  await database?.end()
  await app?.close()
})

/** A new editor, created as an administrator would. */
const createEditor = async (): Promise<{ email: string; id: number }> => {
  const email = `editor-${++accounts}@example.com`
  const created = await app.payload.create({
    collection: 'users',
    data: { email, password, roles: ['editor'] } as never,
  })
  return { email, id: created.id as number }
}

/** The login endpoints of the users collection, in the order Payload matches them. */
const loginEndpoints = (): Endpoint[] =>
  (app.payload.collections.users!.config.endpoints || []).filter(
    (endpoint) => endpoint.path === '/login' && endpoint.method === 'post',
  )

/** Payload's own `POST /api/users/login` (its `loginHandler`), on the same kind of request. */
const signInThroughPayload = async (email: string): Promise<SignedIn> => {
  const endpoints = loginEndpoints()
  const payloadsOwn = endpoints[endpoints.length - 1]!
  const request = new Request('http://localhost:3000/api/users/login', {
    body: JSON.stringify({ email, password }),
    headers: {
      ...browserHeaders,
      'content-type': 'application/json',
      origin: 'http://localhost:3000',
      'sec-fetch-site': 'same-origin',
    },
    method: 'POST',
  })
  const req = await createPayloadRequest({
    config: app.config,
    params: { collection: 'users' },
    request,
  })
  req.data = { email, password }
  hookCalls.length = 0
  const response = await payloadsOwn.handler(req)
  return {
    body: (await response.json()) as SignedIn['body'],
    cookie: sessionCookieOf(response.headers),
    hooks: [...hookCalls],
    status: response.status,
  }
}

/** The plugin's `POST /api/users/login`, through the app's REST route handlers. */
const signInThroughPlugin = async (email: string): Promise<SignedIn> => {
  hookCalls.length = 0
  const response = await app.client().post('/users/login', { email, password }, browserHeaders)
  return {
    body: response.body as SignedIn['body'],
    cookie: sessionCookieOf(response.headers),
    hooks: [...hookCalls],
    status: response.status,
  }
}

const sessionCookieOf = (headers: Headers): string => {
  const cookie = headers.getSetCookie().find((value) => value.startsWith('payload-token='))
  expect(cookie).toBeTruthy()
  return cookie!
}

/** Attributes a user agent reads as flags, ignoring any value (RFC 6265 §5.2.5, §5.2.6). */
const flagAttributes = new Set(['httponly', 'secure'])

/**
 * The cookie's attributes by lower-case name, read as a browser reads them: `Secure` and `HttpOnly`
 * as flags (Payload writes `HttpOnly=true`, which a browser takes as plain `HttpOnly`), `expires` as
 * a time; the cookie's value left out.
 */
const attributesOf = (cookie: string): Record<string, number | string | true> =>
  Object.fromEntries(
    cookie
      .split(';')
      .slice(1)
      .map((part) => part.trim())
      .filter(Boolean)
      .map((part) => {
        const [name, ...value] = part.split('=')
        const key = name!.trim().toLowerCase()
        return [
          key,
          value.length === 0 || flagAttributes.has(key)
            ? true
            : key === 'expires'
              ? Date.parse(value.join('='))
              : value.join('=').trim(),
        ]
      }),
  )

/** `record` without the given keys. */
const without = (record: Record<string, unknown>, keys: string[]): Record<string, unknown> =>
  Object.fromEntries(Object.entries(record).filter(([key]) => !keys.includes(key)))

const claimsOf = (token: string): Record<string, unknown> =>
  JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8'))

const tokenOf = (cookie: string): string => cookie.split(';')[0]!.split('=').slice(1).join('=')

/** The rows of the account's `sessions` array, as stored. */
const sessionRows = async (userId: number) =>
  (
    await database.query<Record<string, unknown>>(
      'SELECT * FROM users_sessions WHERE _parent_id = $1 ORDER BY _order',
      [userId],
    )
  ).rows

/** The account's `login.succeeded` entries in the audit log, with the factor each names. */
const loginsSucceeded = async (userId: number) => {
  const { docs } = await app.payload.find({
    collection: 'audit-log' as never,
    depth: 0,
    where: {
      and: [{ event: { equals: 'login.succeeded' } }, { targetObject: { equals: String(userId) } }],
    },
  })
  return docs.map((doc) => (doc as unknown as { data: { factor?: string } }).data.factor)
}

const updatedAtOf = async (userId: number): Promise<string> =>
  (
    await database.query<{ updated_at: Date }>('SELECT updated_at FROM users WHERE id = $1', [
      userId,
    ])
  ).rows[0]!.updated_at.toISOString()

describe('one replay of Payload login (finding: the plugin replays Payload login without a test comparing it)', () => {
  let viaPayload: { account: { email: string; id: number }; signedIn: SignedIn; updatedAt: string }
  let viaPlugin: typeof viaPayload

  beforeAll(async () => {
    const signInAs = async (through: (email: string) => Promise<SignedIn>) => {
      const account = await createEditor()
      const updatedAt = await updatedAtOf(account.id)
      const signedIn = await through(account.email)
      expect(signedIn.status).toBe(200)
      return { account, signedIn, updatedAt }
    }
    viaPayload = await signInAs(signInThroughPayload)
    viaPlugin = await signInAs(signInThroughPlugin)
  })

  it('the plugin endpoint answers first, and Payload own login endpoint is still there to compare with', () => {
    const endpoints = loginEndpoints()
    expect(endpoints.length).toBeGreaterThanOrEqual(2)
    expect(endpoints[0]!.handler).not.toBe(endpoints[endpoints.length - 1]!.handler)
  })

  it('stores the same session row on the account, with the same lifetime, and keeps its updatedAt', async () => {
    const [payloadRows, pluginRows] = [
      await sessionRows(viaPayload.account.id),
      await sessionRows(viaPlugin.account.id),
    ]
    expect(payloadRows).toHaveLength(1)
    expect(pluginRows).toHaveLength(1)
    expect(Object.keys(pluginRows[0]!).sort()).toEqual(Object.keys(payloadRows[0]!).sort())
    const lifetime = (row: Record<string, unknown>) =>
      (row.expires_at as Date).getTime() - (row.created_at as Date).getTime()
    expect(lifetime(pluginRows[0]!)).toBe(lifetime(payloadRows[0]!))
    expect(lifetime(pluginRows[0]!)).toBe(
      app.payload.collections.users!.config.auth.tokenExpiration * 1000,
    )
    expect(await updatedAtOf(viaPayload.account.id)).toBe(viaPayload.updatedAt)
    expect(await updatedAtOf(viaPlugin.account.id)).toBe(viaPlugin.updatedAt)
  })

  it('signs a token with the same claims: the stored session id, the collection, the same lifetime', async () => {
    const payloadClaims = claimsOf(tokenOf(viaPayload.signedIn.cookie))
    const pluginClaims = claimsOf(tokenOf(viaPlugin.signedIn.cookie))
    expect(Object.keys(pluginClaims).sort()).toEqual(Object.keys(payloadClaims).sort())
    expect(pluginClaims.sid).toBe((await sessionRows(viaPlugin.account.id))[0]!.id)
    expect(payloadClaims.sid).toBe((await sessionRows(viaPayload.account.id))[0]!.id)
    expect(pluginClaims.collection).toBe('users')
    expect(pluginClaims.collection).toBe(payloadClaims.collection)
    expect(pluginClaims.id).toBe(viaPlugin.account.id)
    expect(pluginClaims.email).toBe(viaPlugin.account.email)
    const lifetime = (claims: Record<string, unknown>) => Number(claims.exp) - Number(claims.iat)
    expect(lifetime(pluginClaims)).toBe(lifetime(payloadClaims))
    // Everything else signed into the token (the roles the app saves to it) is the same.
    const rest = (claims: Record<string, unknown>) =>
      without(claims, ['email', 'exp', 'iat', 'id', 'sid'])
    expect(rest(pluginClaims)).toEqual(rest(payloadClaims))
    // The answer's `exp` and `token` are the token's, as in Payload's.
    expect(viaPlugin.signedIn.body.exp).toBe(pluginClaims.exp)
    expect(viaPlugin.signedIn.body.token).toBe(tokenOf(viaPlugin.signedIn.cookie))
    expect(viaPayload.signedIn.body.token).toBe(tokenOf(viaPayload.signedIn.cookie))
  })

  it('sets the same session cookie: name, HttpOnly, SameSite, Secure, Path, expiry at the token exp', () => {
    const payloadAttributes = attributesOf(viaPayload.signedIn.cookie)
    const pluginAttributes = attributesOf(viaPlugin.signedIn.cookie)
    expect(Object.keys(pluginAttributes).sort()).toEqual(Object.keys(payloadAttributes).sort())
    const { expires: pluginExpires, ...pluginRest } = pluginAttributes
    const { expires: payloadExpires, ...payloadRest } = payloadAttributes
    expect(pluginRest).toEqual(payloadRest)
    expect(pluginRest.httponly).toBe(true)
    // Each expires with its token (the cookie's date has whole seconds).
    const expiresWithToken = (expires: unknown, cookie: string) =>
      expect(Math.abs(Number(expires) - Number(claimsOf(tokenOf(cookie)).exp) * 1000)).toBeLessThan(
        1000,
      )
    expiresWithToken(pluginExpires, viaPlugin.signedIn.cookie)
    expiresWithToken(payloadExpires, viaPayload.signedIn.cookie)
  })

  it('runs the same hooks in the same order, each given the account with the same fields', () => {
    expect(viaPlugin.signedIn.hooks.map(({ hook, operation }) => ({ hook, operation }))).toEqual(
      viaPayload.signedIn.hooks.map(({ hook, operation }) => ({ hook, operation })),
    )
    expect(viaPlugin.signedIn.hooks.map(({ hook }) => hook)).toEqual([
      'beforeOperation',
      'beforeLogin',
      'afterLogin',
      'afterRead',
      'afterOperation',
    ])
    expect(viaPlugin.signedIn.hooks).toEqual(viaPayload.signedIn.hooks)
  })

  it('answers with the same body: message, and the account as its reader may see it', async () => {
    const payloadBody = viaPayload.signedIn.body
    const pluginBody = viaPlugin.signedIn.body
    expect(Object.keys(pluginBody).sort()).toEqual(Object.keys(payloadBody).sort())
    expect(pluginBody.message).toBe(payloadBody.message)
    expect(Object.keys(pluginBody.user).sort()).toEqual(Object.keys(payloadBody.user).sort())
    // What differs between two accounts by nature: their ids, addresses, creation times and
    // sessions. `updatedAt` is compared: Payload's login answers it as null (see addSessionToUser).
    const comparable = (user: Record<string, unknown>) =>
      without(user, ['createdAt', 'email', 'id', 'sessions'])
    expect(comparable(pluginBody.user)).toEqual(comparable(payloadBody.user))
    // Each answer lists its own account's sessions as stored: the one just made, with the token's sid.
    type ListedSession = { createdAt: string; expiresAt: string; id: string }
    const listed = async (signedIn: SignedIn, account: { id: number }) => {
      const sessions = signedIn.body.user.sessions as ListedSession[]
      const [row] = await sessionRows(account.id)
      expect(sessions).toHaveLength(1)
      expect(sessions[0]!.id).toBe(claimsOf(tokenOf(signedIn.cookie)).sid)
      expect(sessions[0]!.id).toBe(row!.id)
      expect(new Date(sessions[0]!.createdAt).getTime()).toBe((row!.created_at as Date).getTime())
      expect(new Date(sessions[0]!.expiresAt).getTime()).toBe((row!.expires_at as Date).getTime())
      return sessions[0]!
    }
    const [pluginSession, payloadSession] = [
      await listed(viaPlugin.signedIn, viaPlugin.account),
      await listed(viaPayload.signedIn, viaPayload.account),
    ]
    expect(Object.keys(pluginSession).sort()).toEqual(Object.keys(payloadSession).sort())
    expect(pluginBody.user).not.toHaveProperty('hash')
    expect(pluginBody.user).not.toHaveProperty('salt')
  })
})

describe('one way a sign-in ends (finding: a sign-in has four endings)', () => {
  it('a sign-in finished with a second factor stores, signs and sets what Payload login does, and logs one login.succeeded', async () => {
    const viaPayload = await createEditor()
    const payloadSignedIn = await signInThroughPayload(viaPayload.email)
    expect(payloadSignedIn.status).toBe(200)

    const viaPlugin = await createEditor()
    const first = app.client()
    expect((await first.post('/users/login', { email: viaPlugin.email, password })).status).toBe(
      200,
    )
    const secret = await enrol(first)
    nextTimeStep()
    const browser = app.client()
    const challenged = await browser.post(
      '/users/login',
      { email: viaPlugin.email, password },
      browserHeaders,
    )
    expect(challenged.status).toBe(200)
    expect(challenged.body.secondFactor).toBe('codeRequired')
    expect(challenged.headers.getSetCookie().some((c) => c.startsWith('payload-token='))).toBe(
      false,
    )
    hookCalls.length = 0
    const finished = await browser.request('POST', '/users/mfa/totp/authenticate', {
      body: { code: await authenticatorCode(secret) },
      headers: browserHeaders,
    })
    expect(finished.status).toBe(200)
    const cookie = sessionCookieOf(finished.headers)

    // The cookie: the same attributes as Payload's, expiring with its own token.
    const { expires, ...attributes } = attributesOf(cookie)
    const { expires: _payloadExpires, ...payloadAttributes } = attributesOf(payloadSignedIn.cookie)
    expect(attributes).toEqual(payloadAttributes)
    expect(Math.abs(Number(expires) - Number(claimsOf(tokenOf(cookie)).exp) * 1000)).toBeLessThan(
      1000,
    )
    // The token: the same claims, for the session now stored on the account.
    const claims = claimsOf(tokenOf(cookie))
    const payloadClaims = claimsOf(tokenOf(payloadSignedIn.cookie))
    expect(Object.keys(claims).sort()).toEqual(Object.keys(payloadClaims).sort())
    expect(Number(claims.exp) - Number(claims.iat)).toBe(
      Number(payloadClaims.exp) - Number(payloadClaims.iat),
    )
    const rows = await sessionRows(viaPlugin.id)
    const row = rows.find(({ id }) => id === claims.sid)
    expect(row).toBeTruthy()
    expect(Object.keys(row!).sort()).toEqual(
      Object.keys((await sessionRows(viaPayload.id))[0]!).sort(),
    )
    // The login's own hooks, as Payload runs them (the operation hooks ran at the password step).
    expect(hookCalls.map(({ hook }) => hook)).toEqual(['beforeLogin', 'afterLogin', 'afterRead'])
    expect(hookCalls.filter(({ hook }) => hook !== 'afterRead')).toEqual(
      payloadSignedIn.hooks.filter(({ hook }) => hook === 'beforeLogin' || hook === 'afterLogin'),
    )
    // The answer: Payload's login body, the account as it may read itself.
    expect(Object.keys(finished.body.user).sort()).toEqual(
      Object.keys(payloadSignedIn.body.user).sort(),
    )
    // One sign-in with the password, then one with the code: each logged once, as it ended.
    expect(await loginsSucceeded(viaPlugin.id)).toEqual(
      expect.arrayContaining(['password', 'totp']),
    )
    expect(await loginsSucceeded(viaPlugin.id)).toHaveLength(2)
  })
})
