import type { CollectionConfig, Config } from 'payload'

import { createHmac } from 'node:crypto'
import { jwtSign } from 'payload'
import { describe, expect, it, vi } from 'vitest'

import { sessionActivityStrategy } from '../../src/policies/sessions/activityStrategy.js'
import { sessions } from '../../src/policies/sessions/index.js'
import { TouchSchedule } from '../../src/policies/sessions/lib/touchSchedule.js'
import { describeUserAgent } from '../../src/shared/lib/describeUserAgent.js'
import { readSessionToken, sessionIdOf } from '../../src/shared/lib/sessionToken.js'
import { sanitizeOptions } from '../../src/shared/options/sanitize.js'
import { parseDocumentId } from '../../src/shared/request/parseDocumentId.js'

const secret = 'a-secret-of-the-app'
const now = Math.floor(Date.now() / 1000)

/** A token exactly as Payload's login signs it. */
const payloadToken = async (fields: Record<string, unknown>, tokenExpiration = 7200) =>
  (
    await jwtSign({
      fieldsToSign: { collection: 'users', email: 'a@example.com', id: 7, ...fields } as never,
      secret,
      tokenExpiration,
    })
  ).token

describe('readSessionToken', () => {
  it('reads the sid of a token Payload signed', async () => {
    const token = await payloadToken({ sid: 'session-1' })
    expect(await readSessionToken(token, secret, now)).toMatchObject({
      collection: 'users',
      id: 7,
      sid: 'session-1',
    })
  })

  it('refuses a token signed with another secret, or whose claims were changed', async () => {
    const token = await payloadToken({ sid: 'session-1' })
    expect(await readSessionToken(token, 'another-secret', now)).toBeNull()

    const [header, , signature] = token.split('.')
    const forgedClaims = Buffer.from(
      JSON.stringify({ collection: 'users', exp: now + 60, id: 1, sid: 'session-1' }),
    ).toString('base64url')
    expect(await readSessionToken(`${header}.${forgedClaims}.${signature}`, secret, now)).toBeNull()
  })

  it("refuses an unsigned token (alg 'none') and one with a different algorithm", async () => {
    const claims = Buffer.from(
      JSON.stringify({ collection: 'users', exp: now + 60, id: 1, sid: 's' }),
    ).toString('base64url')
    const none = Buffer.from(JSON.stringify({ alg: 'none' })).toString('base64url')
    expect(await readSessionToken(`${none}.${claims}.`, secret, now)).toBeNull()
    const hs512 = Buffer.from(JSON.stringify({ alg: 'HS512' })).toString('base64url')
    const mac = createHmac('sha256', secret).update(`${hs512}.${claims}`).digest('base64url')
    expect(await readSessionToken(`${hs512}.${claims}.${mac}`, secret, now)).toBeNull()
  })

  it('refuses an expired token, one without a sid, and garbage', async () => {
    const token = await payloadToken({ sid: 'session-1' }, 60)
    const { exp } = (await readSessionToken(token, secret, now))!
    expect(await readSessionToken(token, secret, exp - 1)).not.toBeNull()
    expect(await readSessionToken(token, secret, exp)).toBeNull()
    expect(await readSessionToken(await payloadToken({}), secret, now)).toBeNull()
    expect(await readSessionToken('not-a-token', secret, now)).toBeNull()
    expect(await readSessionToken('a.b.c', secret, now)).toBeNull()
  })

  it('reads the session id of a token just issued, and nothing from a forged one', async () => {
    expect(await sessionIdOf(await payloadToken({ sid: 'session-1' }), secret)).toBe('session-1')
    expect(await sessionIdOf(await payloadToken({ sid: 'session-1' }), 'another-secret')).toBe(
      undefined,
    )
    expect(await sessionIdOf(undefined, secret)).toBe(undefined)
  })
})

describe('the session activity strategy', () => {
  /** Runs the strategy once on a request with these headers; answers the sid it recorded activity for. */
  const touchedSid = async (headers: Record<string, string>, csrf: string[] = []) => {
    const updateMany = vi.fn(async (_args: { where: unknown }) => ({}))
    const payload = {
      config: { auth: { jwtOrder: ['JWT', 'Bearer', 'cookie'] }, cookiePrefix: 'payload', csrf },
      db: { updateMany },
      secret,
    }
    const answer = await sessionActivityStrategy(sanitizeOptions()).authenticate({
      headers: new Headers(headers),
      payload,
    } as never)
    // It never signs anyone in: Payload's own strategy decides.
    expect(answer).toEqual({ user: null })
    expect(updateMany.mock.calls.length).toBeLessThanOrEqual(1)
    const where = JSON.stringify(updateMany.mock.calls[0]?.[0].where ?? null)
    return /"sid":\{"equals":"([^"]+)"\}/.exec(where)?.[1] ?? null
  }

  it('finds the token where Payload looks, in its order', async () => {
    const token = await payloadToken({ sid: 'session-1' })
    expect(await touchedSid({ authorization: `JWT ${token}` })).toBe('session-1')
    expect(await touchedSid({ authorization: `Bearer ${token}` })).toBe('session-1')
    expect(await touchedSid({ cookie: `a=1; payload-token=${token}; b=2` })).toBe('session-1')
    const other = await payloadToken({ sid: 'session-2' })
    expect(
      await touchedSid({ authorization: `JWT ${token}`, cookie: `payload-token=${other}` }),
    ).toBe('session-1')
    expect(await touchedSid({ cookie: `other-token=${token}` })).toBeNull()
  })

  it('counts a cookie only from an origin Payload accepts it from', async () => {
    const guarded = ['https://admin.example.com']
    const cookie = `payload-token=${await payloadToken({ sid: 'session-1' })}`
    expect(await touchedSid({ cookie, origin: 'https://admin.example.com' }, guarded)).toBe(
      'session-1',
    )
    expect(await touchedSid({ cookie, origin: 'https://evil.example' }, guarded)).toBeNull()
    expect(await touchedSid({ cookie, 'sec-fetch-site': 'same-origin' }, guarded)).toBe('session-1')
    expect(await touchedSid({ cookie, 'sec-fetch-site': 'cross-site' }, guarded)).toBeNull()
    expect(await touchedSid({ cookie }, guarded)).toBeNull()
  })

  it('records nothing for a forged or expired token', async () => {
    expect(await touchedSid({ authorization: 'JWT not-a-token' })).toBeNull()
    const expired = await payloadToken({ sid: 'session-1' }, -1)
    expect(await touchedSid({ authorization: `JWT ${expired}` })).toBeNull()
  })
})

describe('TouchSchedule', () => {
  it('lets a session through once per interval, and parallel requests only once', () => {
    const schedule = new TouchSchedule(300_000)
    expect(schedule.claim('a', 0)).toBe(true)
    expect(schedule.claim('a', 1)).toBe(false)
    expect(schedule.claim('a', 299_999)).toBe(false)
    expect(schedule.claim('b', 1)).toBe(true)
    expect(schedule.claim('a', 300_000)).toBe(true)
    expect(schedule.claim('a', 300_001)).toBe(false)
    schedule.forget('a')
    expect(schedule.claim('a', 300_002)).toBe(true)
  })

  it('forgets the longest-unclaimed sessions past its size, so memory stays bounded', () => {
    const schedule = new TouchSchedule(300_000, 2)
    schedule.claim('a', 0)
    schedule.claim('b', 0)
    schedule.claim('c', 0)
    // 'a' was forgotten: one early check, never a missed one.
    expect(schedule.claim('a', 1)).toBe(true)
    expect(schedule.claim('c', 1)).toBe(false)
  })
})

describe('parseDocumentId', () => {
  it('accepts positive whole numbers for numeric ids and nothing else', () => {
    expect(parseDocumentId('42', 'number')).toBe(42)
    for (const raw of ['0', '-1', '1.5', '1e3', ' 1', '0x10', '99999999999999999999', '', 'abc']) {
      expect(parseDocumentId(raw, 'number'), raw).toBeNull()
    }
    expect(parseDocumentId(undefined, 'number')).toBeNull()
    expect(parseDocumentId(['1'], 'number')).toBeNull()
  })

  it('accepts short ids of letters, digits, dashes and underscores for text ids', () => {
    expect(parseDocumentId('65f1c0ffee0ddba11c0ffee0', 'text')).toBe('65f1c0ffee0ddba11c0ffee0')
    expect(parseDocumentId('0b7c5f0e-3c59-4c1e-9d0f-7f6a4a0e4b1d', 'text')).toBe(
      '0b7c5f0e-3c59-4c1e-9d0f-7f6a4a0e4b1d',
    )
    expect(parseDocumentId("1' OR '1'='1", 'text')).toBeNull()
    expect(parseDocumentId('x'.repeat(65), 'text')).toBeNull()
  })
})

describe('describeUserAgent', () => {
  it('names browser, version and operating system', () => {
    expect(
      describeUserAgent(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
      ),
    ).toEqual({ browser: 'Chrome 126', deviceType: null, os: 'Windows 10' })
    expect(
      describeUserAgent(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      ),
    ).toEqual({ browser: 'Mobile Safari 17', deviceType: 'mobile', os: 'iOS 17.5' })
  })

  it('leaves unknown parts empty', () => {
    expect(describeUserAgent(null)).toEqual({ browser: null, deviceType: null, os: null })
    expect(describeUserAgent('curl/8.5.0')).toMatchObject({ deviceType: null, os: null })
  })
})

describe('the sessions capability', () => {
  const appConfig = (auth: CollectionConfig['auth'] = true): Config =>
    ({ collections: [{ slug: 'users', auth, fields: [] }] }) as unknown as Config
  const users = (config: Config) =>
    config.collections!.find((collection) => collection.slug === 'users')!
  const fieldNames = (collection: CollectionConfig) =>
    collection.fields.map((field) => ('name' in field ? field.name : field.type))

  it('adds the same collection and field whether the plugin is enabled or not', () => {
    const on = sessions.schema!(appConfig(), sanitizeOptions())
    const off = sessions.schema!(appConfig(), sanitizeOptions({ enabled: false }))
    expect(on.collections!.map((collection) => collection.slug)).toEqual(['users', 'sessions'])
    expect(off.collections!.map((collection) => collection.slug)).toEqual(['users', 'sessions'])
    expect(fieldNames(users(on))).toEqual(fieldNames(users(off)))
    expect(fieldNames(on.collections![1]!)).toEqual(fieldNames(off.collections![1]!))
  })

  it('uses the configured slug', () => {
    const config = sessions.schema!(
      appConfig(),
      sanitizeOptions({ sessions: { slug: 'staff-sessions' } }),
    )
    expect(config.collections!.map((collection) => collection.slug)).toEqual([
      'users',
      'staff-sessions',
    ])
  })

  it("puts its activity strategy before the app's own and keeps them", () => {
    const mine = { name: 'mine', authenticate: () => ({ user: null }) }
    const config = sessions.behaviour!(
      appConfig({ strategies: [mine], tokenExpiration: 600 }),
      sanitizeOptions(),
    )
    const auth = users(config).auth as Exclude<CollectionConfig['auth'], boolean | undefined>
    expect(auth.strategies!.map((strategy) => strategy.name)).toEqual([
      'backoffice-session-activity',
      'mine',
    ])
    expect(auth.tokenExpiration).toBe(600)
    const endpoints = users(config).endpoints as { method: string; path: string }[]
    // Its refresh first, so it answers in place of Payload's (src/policies/sessions/endpoints/refreshToken.ts).
    expect(endpoints.map(({ method, path }) => `${method} ${path}`)).toEqual([
      'post /refresh-token',
      'get /sessions',
      'post /sessions/:id/revoke',
      'post /:id/sessions/revoke-all',
    ])
  })

  it("refuses, at config time, a users collection without Payload's sessions", () => {
    expect(() => sessions.behaviour!(appConfig({ useSessions: false }), sanitizeOptions())).toThrow(
      /useSessions/,
    )
  })
})

describe('sessions options', () => {
  it('default to the sessions slug, a five-minute touch interval and a 12-hour lifetime', () => {
    expect(sanitizeOptions().sessions).toEqual({
      absoluteLifetimeHours: 12,
      slug: 'sessions',
      touchIntervalSeconds: 300,
    })
  })

  it('reject an interval or slug that cannot work', () => {
    expect(() => sanitizeOptions({ sessions: { touchIntervalSeconds: 0 } })).toThrow(
      /touchIntervalSeconds/,
    )
    expect(() => sanitizeOptions({ sessions: { touchIntervalSeconds: 2.5 } })).toThrow(
      /touchIntervalSeconds/,
    )
    expect(() => sanitizeOptions({ sessions: { slug: 'Bad Slug' } })).toThrow(/sessions.slug/)
  })
})
