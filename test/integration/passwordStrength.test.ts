import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { strengthCheckLimit } from '../../src/policies/passwordPolicy/strength/passwordStrengthEndpoint.js'
import { sameAppEnv, startAppServers } from '../helpers/appServers.js'
import { sqlOn } from '../helpers/sql.js'
import { startTestPayload, type TestPayload } from '../helpers/testPayload.js'

/**
 * `POST /api/users/password-strength`, which the strength meter asks as a person types (issue 38,
 * item 6): the browser no longer downloads zxcvbn's word lists.
 */
let app: TestPayload
/** A second app process on the same database, as a load balancer's second instance. */
let second: Awaited<ReturnType<typeof startAppServers>>
const sql = sqlOn(() => app.payload)

type StrengthBody = { score?: number; suggestions?: string[]; warning?: null | string }
type ErrorBody = { errors?: { data?: { code?: string } }[] }

const check = (body: unknown, headers: Record<string, string> = {}) =>
  app.client().post<ErrorBody & StrengthBody>('/users/password-strength', body, headers)

const auditRows = async () =>
  (await app.payload.count({ collection: 'audit-log' as never, overrideAccess: true })).totalDocs

/** The same check sent to the second app process, with a raw body. */
const checkOnSecond = async (body: string, headers: Record<string, string> = {}) => {
  const response = await fetch(`${second.urls[0]}/api/users/password-strength`, {
    body,
    headers: { 'content-type': 'application/json', ...headers },
    method: 'POST',
  })
  return {
    body: (await response.json()) as ErrorBody & StrengthBody,
    headers: response.headers,
    status: response.status,
  }
}

beforeAll(async () => {
  app = await startTestPayload()
  second = await startAppServers(1, sameAppEnv())
}, 180_000)
afterAll(async () => {
  await second?.stop()
  await app?.close()
})

describe('the strength check the meter asks (issue 38 item 6)', () => {
  it("scores on the server and says why a password is weak in zxcvbn's own words, in en, de, fr and nl", async () => {
    const warnings = {
      de: 'Dies ist ein oft verwendetes Passwort.',
      en: 'This is a commonly used password.',
      fr: 'Ce mot de passe est couramment utilisé.',
      nl: 'Dit wachtwoord wordt veel gebruikt.',
    }
    for (const [language, warning] of Object.entries(warnings)) {
      const weak = await check(
        { password: 'password1' },
        { 'accept-language': language, 'x-forwarded-for': `198.51.100.${language.length}` },
      )
      expect(weak.status, language).toBe(200)
      expect(weak.body.score, language).toBe(0)
      expect(weak.body.warning, language).toBe(warning)
      expect(weak.body.suggestions?.length, language).toBeGreaterThan(0)
      expect(weak.headers.get('cache-control')).toBe('no-store')
    }
    const strong = await check({ password: 'owl-granite-whistles-at-dawn-7' })
    expect(strong.body).toEqual({ score: 4, suggestions: [], warning: null })
  })

  it("weighs the account's own words, as the save does", async () => {
    const alone = await check({ password: 'JaneDoe2024!' })
    const withAccount = await check({
      password: 'JaneDoe2024!',
      userInputs: ['jane.doe@example.com', 'Jane Doe'],
    })
    expect(withAccount.body.score).toBeLessThan(alone.body.score!)
  })

  it('records nothing: no audit row, and the password is not in the answer', async () => {
    const before = await auditRows()
    const answer = await check({ password: 'a-secret-that-stays-secret-9' })
    expect(answer.status).toBe(200)
    expect(JSON.stringify(answer.body)).not.toContain('a-secret-that-stays-secret-9')
    expect(await auditRows()).toBe(before)
  })

  it('refuses another site, a missing password and one longer than any sign-in reads, with catalogue codes', async () => {
    const crossSite = await check(
      { password: 'password1' },
      { origin: 'https://attacker.example', 'sec-fetch-site': 'cross-site' },
    )
    expect(crossSite.status).toBe(403)
    expect(crossSite.body.errors?.[0]?.data?.code).toBe('CROSS_SITE_REQUEST')
    for (const body of [{}, { password: '' }, { password: 'x'.repeat(5000) }]) {
      const refused = await check(body)
      expect(refused.status).toBe(400)
      expect(refused.body.errors?.[0]?.data?.code).toBe('REQUEST_BODY_INVALID')
    }
  })

  it('limits the checks of one client address per minute with 429 and Retry-After, across two app processes on one database; another address goes on', async () => {
    const address = { 'x-forwarded-for': '203.0.113.77' }
    // Alternating between the two processes, as a load balancer spreads them: one limit between
    // them, not one each.
    for (let used = 0; used < strengthCheckLimit.perMinute; used++) {
      const answer =
        used % 2 === 0
          ? await check({ password: `pw-${used}` }, address)
          : await checkOnSecond(JSON.stringify({ password: `pw-${used}` }), address)
      expect(answer.status, `check ${used + 1}`).toBe(200)
    }
    for (const limited of [
      await check({ password: 'one-more' }, address),
      await checkOnSecond(JSON.stringify({ password: 'one-more' }), address),
    ]) {
      expect(limited.status).toBe(429)
      expect(limited.body.errors?.[0]?.data?.code).toBe('PASSWORD_STRENGTH_RATE_LIMITED')
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0)
    }
    expect(
      (await check({ password: 'one-more' }, { 'x-forwarded-for': '203.0.113.78' })).status,
    ).toBe(200)
    // Counted in the database under a keyed hash: the table holds no address.
    const rows = await sql('SELECT key, attempts::int AS attempts FROM password_strength_checks')
    expect(rows.some((row) => String(row.key).includes('203.0.113'))).toBe(false)
    // (The 120 may sit in two rows, when the checks crossed a minute's boundary.)
    expect(rows.length).toBeGreaterThan(0)
  })

  it('answers a body that is not JSON, or not an object, with 400 and a catalogue code on either process', async () => {
    const bodies = {
      '"password1"': 'MALFORMED_REQUEST',
      '[]': 'MALFORMED_REQUEST',
      '{"password": 42}': 'REQUEST_BODY_INVALID',
      '{"password": ': 'MALFORMED_REQUEST',
      'password=hunter2': 'MALFORMED_REQUEST',
    }
    for (const [body, code] of Object.entries(bodies)) {
      const refused = await checkOnSecond(body, { 'x-forwarded-for': '203.0.113.90' })
      expect(refused.status, body).toBe(400)
      expect(refused.body.errors?.[0]?.data?.code, body).toBe(code)
    }
  })
})
