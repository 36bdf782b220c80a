import { GRAPHQL_POST } from '@payloadcms/next/routes'
import { createLocalReq } from 'payload'
import pg from 'pg'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'

import type { RestClient } from '../helpers/restClient.js'

import { revokeSessions } from '../../src/index.js'
import { startTestPayload, type TestPayload } from '../helpers/testPayload.js'

const CHROME_ON_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36'
const FIREFOX_ON_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:127.0) Gecko/20100101 Firefox/127.0'
const password = 'a-long-and-unusual-passphrase-42'
const adminEmail = 'admin@example.com'

type SessionRow = {
  authenticationLevel: string
  browser: null | string
  clientIp: null | string
  createdAt: string
  deviceType: null | string
  expiresAt: string
  id: number
  ipAddress: null | string
  lastSeenAt: string
  os: null | string
  revokedAt: null | string
  revokedBy: null | number
  revokedReason: null | string
  sid: string
  user: number
  userAgent: null | string
}

let app: TestPayload
let database: pg.Client
let admin: RestClient
let adminId: number
let userCount = 0

beforeAll(async () => {
  app = await startTestPayload()
  database = new pg.Client({ connectionString: process.env.DATABASE_URL })
  await database.connect()
  // The first user signs up through Payload's first-register, which signs in internally.
  admin = app.client()
  const registered = await admin.post('/users/first-register', { email: adminEmail, password })
  expect(registered.status).toBe(200)
  adminId = registered.body.user.id
})
afterAll(async () => {
  await database?.end()
  await app?.close()
})
afterEach(() => {
  vi.useRealTimers()
})

/** A new editor account of its own, so each test counts only its own sessions. */
const createEditor = async (): Promise<{ email: string; id: number }> => {
  const email = `editor-${++userCount}@example.com`
  const created = await app.payload.create({
    collection: 'users',
    data: { email, password, roles: ['editor'] } as never,
  })
  return { email, id: created.id as number }
}

/** A browser that signed in as `email` from `ip` with `userAgent`. */
const signIn = async (
  email: string,
  { ip = '203.0.113.7', userAgent = CHROME_ON_WINDOWS } = {},
) => {
  const browser = app.client()
  const login = await browser.post(
    '/users/login',
    { email, password },
    { 'user-agent': userAgent, 'x-forwarded-for': ip },
  )
  expect(login.status).toBe(200)
  return browser
}

/** The session id Payload signed into a browser's token. */
const sidOf = (browser: RestClient): string => {
  const token = browser.cookies.get('payload-token')
  expect(token).toBeTruthy()
  return JSON.parse(Buffer.from(token!.split('.')[1]!, 'base64url').toString('utf8')).sid
}

/** A browser holding a copy of another's cookie, as an attacker who stole it would. */
const withCookieOf = (browser: RestClient): RestClient => {
  const copy = app.client()
  copy.cookies.adopt(browser.cookies)
  return copy
}

const stored = async (sid: string): Promise<SessionRow> => {
  const { docs } = await app.payload.find({
    collection: 'sessions' as never,
    depth: 0,
    where: { sid: { equals: sid } },
  })
  expect(docs).toHaveLength(1)
  return docs[0] as unknown as SessionRow
}

const sidsOnUser = async (id: number): Promise<string[]> => {
  const user = (await app.payload.db.findOne({
    collection: 'users',
    where: { id: { equals: id } },
  })) as {
    sessions?: { id: string }[]
  }
  return (user.sessions ?? []).map((session) => session.id)
}

const signedInAs = async (browser: RestClient): Promise<null | string> => {
  const me = await browser.get('/users/me')
  expect(me.status).toBe(200)
  return me.body.user?.email ?? null
}

/** The row version PostgreSQL gives each write: it changes on every UPDATE, even of the same value. */
const rowVersion = async (sid: string): Promise<string> => {
  const result = await database.query<{ xmin: string }>(
    'SELECT xmin::text AS xmin FROM sessions WHERE sid = $1',
    [sid],
  )
  expect(result.rows).toHaveLength(1)
  return result.rows[0]!.xmin
}

/** The audit log's `session.revoked` entries about one account, newest first. */
const auditEntries = async (userId: number) => {
  const { docs } = await app.payload.find({
    collection: 'audit-log' as never,
    depth: 0,
    sort: '-timestamp',
    where: {
      and: [{ event: { equals: 'session.revoked' } }, { targetObject: { equals: String(userId) } }],
    },
  })
  return docs as unknown as { actor: null | string; data: unknown; event: string }[]
}

const graphql = async (browser: RestClient, query: string) => {
  const headers = new Headers({
    'content-type': 'application/json',
    origin: 'http://localhost:3000',
    'sec-fetch-site': 'same-origin',
  })
  headers.set('cookie', browser.cookies.header('/api/graphql') ?? '')
  const response = await GRAPHQL_POST(app.config)(
    new Request('http://localhost:3000/api/graphql', {
      body: JSON.stringify({ query }),
      headers,
      method: 'POST',
    }),
  )
  return (await response.json()) as {
    data?: Record<string, unknown>
    errors?: { message: string }[]
  }
}

describe('a session document for every Payload session', () => {
  it('records browser, OS, IP, user agent and authentication level on login, under the sid of the token', async () => {
    const editor = await createEditor()
    const before = Date.now()
    const browser = await signIn(editor.email, { ip: '203.0.113.7', userAgent: CHROME_ON_WINDOWS })
    const sid = sidOf(browser)

    const session = await stored(sid)
    expect(session).toMatchObject({
      authenticationLevel: 'password',
      browser: 'Chrome 126',
      clientIp: null,
      deviceType: null,
      ipAddress: '203.0.113.7',
      os: 'Windows 10',
      revokedAt: null,
      revokedReason: null,
      user: editor.id,
      userAgent: CHROME_ON_WINDOWS,
    })
    expect(new Date(session.lastSeenAt).getTime()).toBeGreaterThanOrEqual(before - 1000)
    // Payload's own record of the session, which decides whether the token works, has the same sid.
    expect(await sidsOnUser(editor.id)).toEqual([sid])
    // Payload's default token expiration: two hours.
    expect(
      new Date(session.expiresAt).getTime() - new Date(session.createdAt).getTime(),
    ).toBeGreaterThan(7100_000)
  })

  it('records the session first-register signs in', async () => {
    const { docs } = await app.payload.find({
      collection: 'sessions' as never,
      depth: 0,
      where: { user: { equals: adminId } },
    })
    expect((docs as unknown as SessionRow[]).map((doc) => doc.sid)).toContain(sidOf(admin))
  })

  it('makes two sign-ins two sessions, each listed to its user with the current one marked', async () => {
    const editor = await createEditor()
    const chrome = await signIn(editor.email, { userAgent: CHROME_ON_WINDOWS })
    const firefox = await signIn(editor.email, { ip: '198.51.100.20', userAgent: FIREFOX_ON_MAC })

    const listed = await firefox.get('/users/sessions')
    expect(listed.status).toBe(200)
    expect(listed.body.canEndAll).toBe(false)
    const docs = listed.body.docs as {
      browser: string
      current: boolean
      ipAddress: string
      os: string
    }[]
    expect(docs).toHaveLength(2)
    // Newest first: the Firefox session is the one asking.
    expect(docs[0]).toMatchObject({
      browser: 'Firefox 127',
      current: true,
      ipAddress: '198.51.100.20',
      os: 'Mac OS 14.5',
    })
    expect(docs[1]).toMatchObject({
      browser: 'Chrome 126',
      current: false,
      ipAddress: '203.0.113.7',
    })
    expect(docs.every((doc) => !('sid' in doc))).toBe(true)
    expect(
      (await chrome.get('/users/sessions')).body.docs.filter(
        (doc: { current: boolean }) => doc.current,
      ),
    ).toHaveLength(1)
  })

  it('lets a user read only their own session documents through the REST API', async () => {
    const editor = await createEditor()
    const other = await createEditor()
    const browser = await signIn(editor.email)
    const otherBrowser = await signIn(other.email)
    const otherSession = await stored(sidOf(otherBrowser))

    const mine = await browser.get('/sessions?depth=0&limit=100')
    expect(mine.status).toBe(200)
    expect(mine.body.docs.map((doc: SessionRow) => doc.user)).toEqual([editor.id])

    const theirs = await browser.get(`/sessions/${otherSession.id}`)
    expect(theirs.status).toBe(404)

    const listedForOther = await browser.get(`/users/sessions?user=${other.id}`)
    expect(listedForOther.status).toBe(403)
    expect(listedForOther.body.errors[0].data).toMatchObject({
      code: 'INSUFFICIENT_PERMISSIONS',
      role: 'admin',
    })
  })

  it('answers anonymous requests with AUTHENTICATION_REQUIRED', async () => {
    const anonymous = app.client()
    const listed = await anonymous.get('/users/sessions')
    expect(listed.status).toBe(401)
    expect(listed.body.errors[0].data.code).toBe('AUTHENTICATION_REQUIRED')
    const revoked = await anonymous.post('/users/sessions/1/revoke')
    expect(revoked.status).toBe(401)
    expect(revoked.body.errors[0].data.code).toBe('AUTHENTICATION_REQUIRED')
    expect((await anonymous.get('/sessions')).status).toBe(403)
  })
})

describe('ending sessions', () => {
  it('stops the ended session on its very next request, while the other keeps working', async () => {
    const editor = await createEditor()
    const laptop = await signIn(editor.email)
    const phone = await signIn(editor.email, { userAgent: FIREFOX_ON_MAC })
    const phoneSession = await stored(sidOf(phone))
    const stolenPhoneCookie = withCookieOf(phone)

    const ended = await laptop.post(`/users/sessions/${phoneSession.id}/revoke`)
    expect(ended.status).toBe(200)
    expect(ended.body).toEqual({ current: false, revoked: 1 })

    // The very next request with the old cookie is anonymous.
    expect(await signedInAs(stolenPhoneCookie)).toBeNull()
    const protectedRead = await stolenPhoneCookie.get('/users/sessions')
    expect(protectedRead.status).toBe(401)
    expect((await stolenPhoneCookie.get(`/users/${editor.id}`)).status).toBe(403)
    // The laptop is still signed in.
    expect(await signedInAs(laptop)).toBe(editor.email)

    expect(await sidsOnUser(editor.id)).toEqual([sidOf(laptop)])
    expect(await stored(phoneSession.sid)).toMatchObject({
      revokedBy: editor.id,
      revokedReason: 'user',
    })
    expect((await stored(phoneSession.sid)).revokedAt).toBeTruthy()
  })

  it('lets a user end their current session, which signs them out', async () => {
    const editor = await createEditor()
    const browser = await signIn(editor.email)
    const sid = sidOf(browser)
    const oldCookie = withCookieOf(browser)
    const { id } = await stored(sid)

    const ended = await browser.post(`/users/sessions/${id}/revoke`, {})
    expect(ended.status).toBe(200)
    expect(ended.body).toEqual({ current: true, revoked: 1 })
    expect(browser.cookies.has('payload-token')).toBe(false)
    expect(await signedInAs(oldCookie)).toBeNull()

    // Ending it again changes nothing.
    const again = await app.client()
    await again.post('/users/login', { email: editor.email, password })
    const repeated = await again.post(`/users/sessions/${id}/revoke`)
    expect(repeated.body).toEqual({ current: false, revoked: 0 })
    expect((await stored(sid)).revokedReason).toBe('user')
  })

  it("refuses an editor who tries to end another user's session, and changes nothing", async () => {
    const victim = await createEditor()
    const attacker = await createEditor()
    const victimBrowser = await signIn(victim.email)
    const attackerBrowser = await signIn(attacker.email)
    const victimSession = await stored(sidOf(victimBrowser))

    const ended = await attackerBrowser.post(`/users/sessions/${victimSession.id}/revoke`)
    expect(ended.status).toBe(403)
    expect(ended.body.errors[0].data).toMatchObject({
      code: 'INSUFFICIENT_PERMISSIONS',
      role: 'admin',
    })
    expect(ended.body.errors[0].message).toBe('Insufficient permissions. Required role: admin')

    // A session id that does not exist gets the same answer, so ids cannot be probed.
    const unknown = await attackerBrowser.post('/users/sessions/987654/revoke')
    expect(unknown.status).toBe(403)
    expect(unknown.body.errors[0].data.code).toBe('INSUFFICIENT_PERMISSIONS')

    const endedAll = await attackerBrowser.post(`/users/${victim.id}/sessions/revoke-all`)
    expect(endedAll.status).toBe(403)
    expect(endedAll.body.errors[0].data).toMatchObject({
      code: 'INSUFFICIENT_PERMISSIONS',
      role: 'admin',
    })

    expect(await signedInAs(victimBrowser)).toBe(victim.email)
    expect(await stored(victimSession.sid)).toMatchObject({ revokedAt: null })
  })

  it("lets an administrator list a user's sessions and end them all: every cookie stops working", async () => {
    const editor = await createEditor()
    const laptop = await signIn(editor.email)
    const phone = await signIn(editor.email, { userAgent: FIREFOX_ON_MAC })

    const listed = await admin.get(`/users/sessions?user=${editor.id}`)
    expect(listed.status).toBe(200)
    expect(listed.body.canEndAll).toBe(true)
    expect(listed.body.docs).toHaveLength(2)
    expect(listed.body.docs.some((doc: { current: boolean }) => doc.current)).toBe(false)

    const ended = await admin.post(`/users/${editor.id}/sessions/revoke-all`)
    expect(ended.status).toBe(200)
    expect(ended.body).toEqual({ current: false, revoked: 2 })

    expect(await signedInAs(laptop)).toBeNull()
    expect(await signedInAs(phone)).toBeNull()
    expect(await signedInAs(admin)).toBe(adminEmail)
    expect(await sidsOnUser(editor.id)).toEqual([])
    for (const browser of [laptop, phone]) {
      expect(await stored(sidOf(browser))).toMatchObject({
        revokedBy: adminId,
        revokedReason: 'administrator',
      })
    }
    expect((await admin.get(`/users/sessions?user=${editor.id}`)).body.docs).toEqual([])

    const audited = await auditEntries(editor.id)
    expect(audited).toEqual([
      expect.objectContaining({
        actor: adminEmail,
        data: { count: 2, reason: 'administrator' },
        event: 'session.revoked',
      }),
    ])
  })

  it('lets an administrator end one session of another user', async () => {
    const editor = await createEditor()
    const browser = await signIn(editor.email)
    const session = await stored(sidOf(browser))

    const ended = await admin.post(`/users/sessions/${session.id}/revoke`)
    expect(ended.body).toEqual({ current: false, revoked: 1 })
    expect(await signedInAs(browser)).toBeNull()
    expect(await stored(session.sid)).toMatchObject({
      revokedBy: adminId,
      revokedReason: 'administrator',
    })
  })

  it('marks the session of a logout, and every session of a logout with allSessions', async () => {
    const editor = await createEditor()
    const first = await signIn(editor.email)
    const second = await signIn(editor.email)
    const third = await signIn(editor.email)
    const [firstSid, secondSid, thirdSid] = [sidOf(first), sidOf(second), sidOf(third)]

    expect((await first.post('/users/logout')).status).toBe(200)
    expect(await stored(firstSid)).toMatchObject({ revokedBy: editor.id, revokedReason: 'logout' })
    expect(await stored(secondSid)).toMatchObject({ revokedAt: null })

    expect((await third.post('/users/logout?allSessions=true')).status).toBe(200)
    expect(await stored(secondSid)).toMatchObject({ revokedReason: 'logout' })
    expect(await stored(thirdSid)).toMatchObject({ revokedReason: 'logout' })
    expect(await signedInAs(second)).toBeNull()

    const audited = await auditEntries(editor.id)
    expect(audited.map((entry) => entry.data)).toEqual([
      { count: 2, reason: 'logout' },
      { count: 1, reason: 'logout' },
    ])
  })

  it('ends the earlier sessions on a password reset and records the new one', async () => {
    const editor = await createEditor()
    const before = await signIn(editor.email)
    const token = await app.payload.forgotPassword({
      collection: 'users',
      data: { email: editor.email },
      disableEmail: true,
    })

    const reset = await app
      .client()
      .post('/users/reset-password', { password: 'another-long-passphrase-77', token })
    expect(reset.status).toBe(200)

    expect(await signedInAs(before)).toBeNull()
    expect(await stored(sidOf(before))).toMatchObject({ revokedReason: 'passwordReset' })
    const [newSid] = await sidsOnUser(editor.id)
    expect(await stored(newSid!)).toMatchObject({ revokedAt: null, user: editor.id })
  })

  it('keeps an ended session ended when a concurrent login writes the old sessions list back', async () => {
    const editor = await createEditor()
    const ended = await signIn(editor.email)
    const endedSid = sidOf(ended)
    const before = (await app.payload.db.findOne({
      collection: 'users',
      where: { id: { equals: editor.id } },
    })) as unknown as {
      sessions: unknown[]
    }
    await admin.post(`/users/sessions/${(await stored(endedSid)).id}/revoke`)
    // What Payload's login does when it loaded the user before the end of the session committed: it writes
    // the whole sessions list it read, ended sid included, back with its new session.
    await app.payload.db.updateOne({
      collection: 'users',
      data: { sessions: before.sessions, updatedAt: null },
      id: editor.id,
      returning: false,
    })
    expect(await sidsOnUser(editor.id)).toContain(endedSid)

    const next = await signIn(editor.email)
    expect(await sidsOnUser(editor.id)).toEqual([sidOf(next)])
    expect(await signedInAs(ended)).toBeNull()
  })

  it('revokeSessions, for other capabilities, ends all sessions but the one kept and counts them', async () => {
    const editor = await createEditor()
    const kept = await signIn(editor.email)
    const other = await signIn(editor.email)
    const third = await signIn(editor.email)

    const req = await createLocalReq({}, app.payload)
    const count = await revokeSessions(req, {
      exceptSid: sidOf(kept),
      reason: 'passwordChange',
      userId: editor.id,
    })

    expect(count).toBe(2)
    expect(await signedInAs(kept)).toBe(editor.email)
    expect(await signedInAs(other)).toBeNull()
    expect(await signedInAs(third)).toBeNull()
    expect(await stored(sidOf(other))).toMatchObject({
      revokedBy: null,
      revokedReason: 'passwordChange',
    })
    expect(await stored(sidOf(kept))).toMatchObject({ revokedAt: null })
    expect(await revokeSessions(req, { reason: 'suspension', userId: 999_999 })).toBe(0)
  })
})

describe('session documents are system-controlled', () => {
  it('cannot be created, changed or deleted through REST, not even by an administrator', async () => {
    const editor = await createEditor()
    const browser = await signIn(editor.email)
    const session = await stored(sidOf(browser))

    const created = await admin.post('/sessions', { sid: 'forged', user: adminId })
    expect(created.status).toBe(403)
    const updated = await admin.request('PATCH', `/sessions/${session.id}`, {
      body: { revokedAt: null, sid: 'forged' },
    })
    expect(updated.status).toBe(403)
    const deleted = await admin.request('DELETE', `/sessions/${session.id}`)
    expect(deleted.status).toBe(403)
    const ownUpdate = await browser.request('PATCH', `/sessions/${session.id}`, {
      body: { lastSeenAt: '2000-01-01T00:00:00.000Z' },
    })
    expect(ownUpdate.status).toBe(403)

    expect(await stored(session.sid)).toEqual(session)
    const { totalDocs } = await app.payload.count({
      collection: 'sessions' as never,
      where: { sid: { equals: 'forged' } },
    })
    expect(totalDocs).toBe(0)
  })

  it('cannot be created, changed or deleted through GraphQL', async () => {
    const editor = await createEditor()
    const browser = await signIn(editor.email)
    const session = await stored(sidOf(browser))

    const created = await graphql(
      admin,
      `mutation { createSession(data: { authenticationLevel: password, sid: "forged", user: ${adminId} }) { id } }`,
    )
    const updated = await graphql(
      admin,
      `mutation { updateSession(id: ${session.id}, data: { sid: "forged" }) { id } }`,
    )
    const deleted = await graphql(browser, `mutation { deleteSession(id: ${session.id}) { id } }`)
    for (const result of [created, updated, deleted]) {
      expect(result.errors?.[0]?.message).toBe('You are not allowed to perform this action.')
    }
    expect(await stored(session.sid)).toEqual(session)

    // Reading stays limited to one's own sessions there too.
    const read = await graphql(browser, '{ Sessions(limit: 100) { docs { user { id } } } }')
    const owners = (read.data?.Sessions as { docs: { user: { id: number } }[] }).docs.map(
      (doc) => doc.user.id,
    )
    expect(new Set(owners)).toEqual(new Set([editor.id]))
  })
})

describe('bad input', () => {
  it('answers malformed ids with MALFORMED_REQUEST, unknown ones with NOT_FOUND or USER_NOT_FOUND', async () => {
    for (const id of ['abc', '0', '-1', '1.5', '1e3', '99999999999999999999', '%27%20OR%201%3D1']) {
      const one = await admin.post(`/users/sessions/${id}/revoke`)
      expect(one.status, id).toBe(400)
      expect(one.body.errors[0].data.code, id).toBe('MALFORMED_REQUEST')
      const all = await admin.post(`/users/${id}/sessions/revoke-all`)
      expect(all.status, id).toBe(400)
      expect(all.body.errors[0].data.code, id).toBe('MALFORMED_REQUEST')
      const listed = await admin.get(`/users/sessions?user=${id}`)
      expect(listed.status, id).toBe(400)
      expect(listed.body.errors[0].data.code, id).toBe('MALFORMED_REQUEST')
    }
    const unknownSession = await admin.post('/users/sessions/987654/revoke')
    expect(unknownSession.status).toBe(404)
    expect(unknownSession.body.errors[0].data.code).toBe('NOT_FOUND')
    const unknownUser = await admin.post('/users/987654/sessions/revoke-all')
    expect(unknownUser.status).toBe(404)
    expect(unknownUser.body.errors[0].data.code).toBe('USER_NOT_FOUND')
    const listedUnknown = await admin.get('/users/sessions?user=987654')
    expect(listedUnknown.status).toBe(404)
    expect(listedUnknown.body.errors[0].data.code).toBe('USER_NOT_FOUND')
  })

  it('answers bodies the endpoints do not take with a 4xx and changes nothing', async () => {
    const editor = await createEditor()
    const browser = await signIn(editor.email)
    const session = await stored(sidOf(browser))

    const cases: [string, number, string][] = [
      ['{"current": true', 400, 'MALFORMED_REQUEST'],
      ['[1, 2]', 400, 'MALFORMED_REQUEST'],
      ['"all"', 400, 'MALFORMED_REQUEST'],
      ['{"reason": "administrator"}', 400, 'MALFORMED_REQUEST'],
      [JSON.stringify({ padding: 'x'.repeat(5000) }), 413, 'PAYLOAD_TOO_LARGE'],
    ]
    for (const [body, status, code] of cases) {
      const one = await browser.request('POST', `/users/sessions/${session.id}/revoke`, {
        body,
        headers: { 'content-type': 'application/json' },
      })
      expect(one.status, body.slice(0, 20)).toBe(status)
      expect(one.body.errors[0].data.code).toBe(code)
      const all = await admin.request('POST', `/users/${editor.id}/sessions/revoke-all`, {
        body,
        headers: { 'content-type': 'application/json' },
      })
      expect(all.status, body.slice(0, 20)).toBe(status)
      expect(all.body.errors[0].data.code).toBe(code)
    }
    expect(await signedInAs(browser)).toBe(editor.email)
    expect(await stored(session.sid)).toMatchObject({ revokedAt: null })
  })
})

describe('last seen', () => {
  it('is written at most once per interval: requests in between write nothing', async () => {
    const editor = await createEditor()
    const browser = await signIn(editor.email)
    const sid = sidOf(browser)
    const atLogin = await stored(sid)
    const versionAtLogin = await rowVersion(sid)

    for (let request = 0; request < 5; request++) {
      expect(await signedInAs(browser)).toBe(editor.email)
    }
    expect(await rowVersion(sid)).toBe(versionAtLogin)
    expect((await stored(sid)).lastSeenAt).toBe(atLogin.lastSeenAt)

    // Six minutes later (only the clock moves: the 300-second default interval has passed).
    const later = Date.now() + 6 * 60_000
    vi.useFakeTimers({ now: later, toFake: ['Date'] })
    expect(await signedInAs(browser)).toBe(editor.email)
    const touched = await stored(sid)
    expect(new Date(touched.lastSeenAt).getTime()).toBeGreaterThanOrEqual(later)
    const versionAfterTouch = await rowVersion(sid)
    expect(versionAfterTouch).not.toBe(versionAtLogin)

    for (let request = 0; request < 3; request++) {
      expect(await signedInAs(browser)).toBe(editor.email)
    }
    expect(await rowVersion(sid)).toBe(versionAfterTouch)
  })

  it('is not written for a session that has ended', async () => {
    const editor = await createEditor()
    const browser = await signIn(editor.email)
    const sid = sidOf(browser)
    const stolen = withCookieOf(browser)
    await browser.post('/users/logout')
    const version = await rowVersion(sid)

    vi.useFakeTimers({ now: Date.now() + 6 * 60_000, toFake: ['Date'] })
    expect(await signedInAs(stolen)).toBeNull()
    expect(await rowVersion(sid)).toBe(version)
  })
})

describe('absolute lifetime', () => {
  /** Moves a session's start back, as if it had been signed in that many hours ago. */
  const startedHoursAgo = (sid: string, hours: number) =>
    database.query(
      `UPDATE sessions SET created_at = now() - make_interval(secs => $2) WHERE sid = $1`,
      [sid, hours * 3600],
    )
  const expOf = (browser: RestClient): number =>
    JSON.parse(
      Buffer.from(browser.cookies.get('payload-token')!.split('.')[1]!, 'base64url').toString(),
    ).exp

  it('refreshes a token no further than 12 hours after sign-in, and not at all after them', async () => {
    const { email } = await createEditor()
    const browser = await signIn(email)
    const sid = sidOf(browser)

    // A young session refreshes as Payload would: a full token lifetime (2 hours in this app).
    const young = await browser.post('/users/refresh-token')
    expect(young.status).toBe(200)
    expect(expOf(browser) - Date.now() / 1000).toBeGreaterThan(7000)

    // Ten minutes before its end: the new token expires at the end, not two hours later.
    await startedHoursAgo(sid, 12 - 1 / 6)
    const late = await browser.post('/users/refresh-token')
    expect(late.status).toBe(200)
    expect(expOf(browser) - Date.now() / 1000).toBeLessThanOrEqual(600)
    expect(expOf(browser) - Date.now() / 1000).toBeGreaterThan(500)
    expect(new Date((await stored(sid)).expiresAt).getTime()).toBeLessThanOrEqual(
      Date.now() + 600_000,
    )

    // Past its end: refused with a code, and the token is not renewed.
    await startedHoursAgo(sid, 12.01)
    const tokenBefore = browser.cookies.get('payload-token')
    const ended = await browser.post('/users/refresh-token')
    expect(ended.status).toBe(401)
    expect(ended.body.errors[0].data.code).toBe('SESSION_LIFETIME_ENDED')
    expect(browser.cookies.get('payload-token')).toBe(tokenBefore)
  })
})
