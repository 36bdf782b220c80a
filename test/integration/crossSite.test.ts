import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import type { Json } from '../helpers/json.js'

import { sqlOn } from '../helpers/sql.js'
import { startTestPayload, type TestPayload } from '../helpers/testPayload.js'

/**
 * Login CSRF: a page on another site submits the sign-in form (or first user, reset, invitation
 * acceptance) from the victim's browser, to sign that browser into the attacker's account.
 */
const password = 'a-long-and-unusual-passphrase-42'
const email = 'admin@example.com'
let app: TestPayload
const sql = sqlOn(() => app.payload)

const codeOf = (response: { body: Json }) => response.body?.errors?.[0]?.data?.code
/** What a browser sends with a form another site's page submits. */
const fromEvil = { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' }

beforeAll(async () => {
  app = await startTestPayload()
})
afterAll(async () => {
  await app?.close()
})

describe('requests another site makes from the victim’s browser', () => {
  it('create no first user', async () => {
    const refused = await app.client().post('/users/first-register', { email, password }, fromEvil)
    expect([refused.status, codeOf(refused)]).toEqual([403, 'CROSS_SITE_REQUEST'])
    expect(await sql('SELECT id FROM users')).toEqual([])
    const registered = await app.client().post('/users/first-register', { email, password })
    expect(registered.status).toBe(200)
  })

  it('sign nobody in, whichever header gives them away', async () => {
    for (const headers of <Record<string, string>[]>[
      fromEvil,
      { origin: 'https://evil.example' },
      // A browser that sends no Sec-Fetch-Site still sends Origin; a sandboxed frame sends "null".
      { origin: 'null' },
      { 'sec-fetch-site': 'cross-site' },
      { origin: 'http://blog.localhost:3000', 'sec-fetch-site': 'same-site' },
    ]) {
      const browser = app.client()
      const refused = await browser.post('/users/login', { email, password }, headers)
      expect([refused.status, codeOf(refused)]).toEqual([403, 'CROSS_SITE_REQUEST'])
      expect(refused.headers.getSetCookie()).toEqual([])
      expect(browser.cookies.size).toBe(0)
    }
    // The admin's own page, and a script with neither header, still sign in.
    expect((await app.client().post('/users/login', { email, password })).status).toBe(200)
    const script = app.client()
    const scripted = await script.request('POST', '/users/login', {
      body: { email, password },
      headers: { 'sec-fetch-site': '' },
    })
    expect(scripted.status).toBe(200)
  })

  it('spend no reset token and accept no invitation', async () => {
    const token = 'a'.repeat(43)
    const reset = await app.client().post('/users/reset-password', { password, token }, fromEvil)
    expect([reset.status, codeOf(reset)]).toEqual([403, 'CROSS_SITE_REQUEST'])
    const accept = await app
      .client()
      .post('/users/accept-invitation', { password, token }, fromEvil)
    expect([accept.status, codeOf(accept)]).toEqual([403, 'CROSS_SITE_REQUEST'])
  })
})
