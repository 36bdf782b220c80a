import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'

import type { RestClient } from '../helpers/restClient.js'

import { sqlOn } from '../helpers/sql.js'
import { startTestPayload, type TestPayload } from '../helpers/testPayload.js'
import { authenticatorCode, enrol, nextTimeStep, setCookie } from '../helpers/twoFactor.js'

const FIREFOX_ON_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:127.0) Gecko/20100101 Firefox/127.0'
const password = 'a-long-and-unusual-passphrase-42'
const deviceCookie = 'payload-trusted-device'
let app: TestPayload
let admin: RestClient
let accounts = 0
const sql = sqlOn(() => app.payload)

const login = (client: RestClient, email: string) =>
  client.request('POST', '/users/login', {
    body: { email, password },
    headers: { 'user-agent': FIREFOX_ON_MAC },
  })

/** An editor with a second factor, signed in with a code on a browser it chose to trust. */
const editorOnTrustedBrowser = async () => {
  const email = `editor-${++accounts}@example.com`
  const user = await app.payload.create({
    collection: 'users',
    data: { email, password, roles: ['editor'] },
  })
  const setupClient = app.client()
  await setupClient.post('/users/login', { email, password })
  const secret = await enrol(setupClient)
  nextTimeStep()
  const browser = app.client()
  await login(browser, email)
  const trusted = await browser.request('POST', '/users/mfa/totp/authenticate', {
    body: { code: await authenticatorCode(secret), trustThisDevice: true },
    headers: { 'user-agent': FIREFOX_ON_MAC },
  })
  expect(trusted.status).toBe(200)
  return { browser, email, id: user.id as number, secret, trusted }
}

/** The same browser later: only its trusted-device cookie, no session. */
const sameBrowserLater = (browser: RestClient) => {
  const later = app.client()
  later.cookies.set(deviceCookie, browser.cookies.get(deviceCookie)!)
  return later
}

beforeAll(async () => {
  app = await startTestPayload({ backofficeOptions: { twoFactor: { trustedDeviceDays: 14 } } })
  admin = app.client()
  expect(
    (await admin.post('/users/first-register', { email: 'admin@example.com', password })).status,
  ).toBe(200)
})
afterAll(async () => {
  await app?.close()
})
afterEach(() => {
  vi.useRealTimers()
})

describe('trusted devices', () => {
  it('trusts a device with an httpOnly cookie holding a token whose hash alone is stored', async () => {
    const { browser, id, trusted } = await editorOnTrustedBrowser()
    const cookie = setCookie(trusted.headers, deviceCookie)!
    expect(cookie).toMatch(/HttpOnly/)
    expect(cookie).toMatch(/SameSite=Strict/)
    expect(cookie).toMatch(new RegExp(`Max-Age=${14 * 86_400}`))
    const token = browser.cookies.get(deviceCookie)!
    expect(token).toMatch(/^[\w-]{43}$/)

    const rows = await sql(
      'SELECT token_hash, browser, os, extract(day FROM expiration_date - now())::int AS days FROM trusted_devices WHERE user_id = $1',
      [id],
    )
    expect(rows).toEqual([
      {
        browser: 'Firefox 127',
        days: 13,
        os: 'Mac OS 14.5',
        token_hash: expect.stringMatching(/^[0-9a-f]{64}$/),
      },
    ])
    expect(JSON.stringify(rows)).not.toContain(token)

    const listed = await browser.get('/users/mfa/trusted-devices')
    expect(listed.body.docs).toEqual([
      {
        browser: 'Firefox 127',
        // "This device": the list marks the one the asking browser's cookie belongs to.
        current: true,
        expirationDate: expect.any(String),
        id: expect.any(Number),
        lastUsedAt: expect.any(String),
        os: 'Mac OS 14.5',
      },
    ])
    const events = (
      await sql('SELECT event FROM audit_log WHERE target_object = $1', [String(id)])
    ).map((row) => row.event)
    expect(events).toContain('twoFactor.deviceTrusted')
  })

  it('skips the code on that device, for that account, and rotates the token on each use', async () => {
    const { browser, email, id } = await editorOnTrustedBrowser()
    const first = browser.cookies.get(deviceCookie)!
    const later = sameBrowserLater(browser)
    const signedIn = await login(later, email)
    expect(signedIn.status).toBe(200)
    expect(signedIn.body.user.email).toBe(email)
    expect((await later.get('/users/me')).body.user.email).toBe(email)
    const rotated = later.cookies.get(deviceCookie)!
    expect(rotated).toMatch(/^[\w-]{43}$/)
    expect(rotated).not.toBe(first)
    const [session] = await sql(
      'SELECT authentication_level FROM sessions WHERE user_id = $1 ORDER BY id DESC LIMIT 1',
      [id],
    )
    expect(session.authentication_level).toBe('mfa')

    // The old token was used up: a copy of it gets the code prompt.
    const stolen = app.client()
    stolen.cookies.set(deviceCookie, first)
    const refused = await login(stolen, email)
    expect(refused.body.redirectTo).toBe('/admin/two-factor/verify')
    expect((await stolen.get('/users/me')).body.user).toBeNull()
  })

  it('lets one token sign in once, even when two sign-ins race with it', async () => {
    const { browser, email, id } = await editorOnTrustedBrowser()
    const copies = [sameBrowserLater(browser), sameBrowserLater(browser), sameBrowserLater(browser)]
    const answers = await Promise.all(copies.map((copy) => login(copy, email)))
    const signedIn = answers.filter((answer) => answer.body.user)
    expect(signedIn).toHaveLength(1)
    expect(
      answers.filter((answer) => answer.body.redirectTo === '/admin/two-factor/verify'),
    ).toHaveLength(2)
    // Never two live sessions from one token. (The winner's may be gone too: Payload writes the
    // account's whole sessions array back from each sign-in's own earlier read, so parallel sign-ins
    // of one account can drop each other's session; that is Payload's, not the token's.)
    const live = await Promise.all(
      copies.map(async (copy) => (await copy.get('/users/me')).body.user?.email ?? null),
    )
    expect(live.filter(Boolean).length).toBeLessThanOrEqual(1)
    const [{ n }] = await sql('SELECT count(*)::int AS n FROM trusted_devices WHERE user_id = $1', [
      id,
    ])
    expect(n).toBe(1)
  })

  it('counts only for the account that trusted it', async () => {
    const { browser } = await editorOnTrustedBrowser()
    const other = await editorOnTrustedBrowser()
    const later = sameBrowserLater(browser)
    const response = await login(later, other.email)
    expect(response.body.redirectTo).toBe('/admin/two-factor/verify')
    expect((await later.get('/users/me')).body.user).toBeNull()
  })

  it('stops counting once expired', async () => {
    const { browser, email, id } = await editorOnTrustedBrowser()
    await sql(
      "UPDATE trusted_devices SET expiration_date = now() - interval '1 minute' WHERE user_id = $1",
      [id],
    )
    const later = sameBrowserLater(browser)
    const response = await login(later, email)
    expect(response.body.redirectTo).toBe('/admin/two-factor/verify')
    expect((await later.get('/users/me')).body.user).toBeNull()
    // Expired devices leave the list.
    expect((await browser.get('/users/mfa/trusted-devices')).body.docs).toEqual([])
  })

  it('stops counting once removed; only its owner can remove it', async () => {
    const { browser, email, id } = await editorOnTrustedBrowser()
    const other = await editorOnTrustedBrowser()
    const [device] = (await browser.get('/users/mfa/trusted-devices')).body.docs

    const foreign = await other.browser.post(`/users/mfa/trusted-devices/${device.id}/remove`)
    expect(foreign.status).toBe(404)
    expect(foreign.body.errors[0].data.code).toBe('NOT_FOUND')
    expect(
      (await browser.post('/users/mfa/trusted-devices/not-an-id/remove')).body.errors[0].data.code,
    ).toBe('MALFORMED_REQUEST')
    expect((await app.client().post(`/users/mfa/trusted-devices/${device.id}/remove`)).status).toBe(
      401,
    )

    const removed = await browser.post(`/users/mfa/trusted-devices/${device.id}/remove`)
    expect(removed.status).toBe(200)
    expect((await browser.get('/users/mfa/trusted-devices')).body.docs).toEqual([])
    const events = (
      await sql('SELECT event FROM audit_log WHERE target_object = $1', [String(id)])
    ).map((row) => row.event)
    expect(events).toContain('twoFactor.deviceRemoved')

    const later = sameBrowserLater(browser)
    expect((await login(later, email)).body.redirectTo).toBe('/admin/two-factor/verify')
  })

  it('lets an administrator list and remove anyone’s devices, and nobody else', async () => {
    const { browser, email, id } = await editorOnTrustedBrowser()
    const other = await editorOnTrustedBrowser()
    const refused = await other.browser.get(`/users/mfa/trusted-devices?user=${id}`)
    expect([refused.status, refused.body.errors[0].data.code]).toEqual([
      403,
      'INSUFFICIENT_PERMISSIONS',
    ])
    expect(
      (await admin.get('/users/mfa/trusted-devices?user=nonsense')).body.errors[0].data.code,
    ).toBe('MALFORMED_REQUEST')

    const listed = await admin.get(`/users/mfa/trusted-devices?user=${id}`)
    expect(listed.body.docs).toHaveLength(1)
    expect(
      (await admin.post(`/users/mfa/trusted-devices/${listed.body.docs[0].id}/remove`)).status,
    ).toBe(200)
    const [entry] = await sql(
      'SELECT actor, "user" FROM audit_log WHERE event = \'twoFactor.deviceRemoved\' AND target_object = $1',
      [String(id)],
    )
    expect(entry).toEqual({ actor: 'admin@example.com', user: email })
    expect((await login(sameBrowserLater(browser), email)).body.redirectTo).toBe(
      '/admin/two-factor/verify',
    )
  })

  it('lists nothing to someone signed out', async () => {
    const response = await app.client().get('/users/mfa/trusted-devices')
    expect(response.status).toBe(401)
    expect(response.body.errors[0].data.code).toBe('AUTHENTICATION_REQUIRED')
  })
})
