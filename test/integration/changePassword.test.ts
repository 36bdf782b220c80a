import { pbkdf2Sync, randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import type { Json } from '../helpers/json.js'
import type { RestClient } from '../helpers/restClient.js'

import { oneGuessFromSuspension } from '../helpers/knownBrowser.js'
import { linksIn, startSmtpInbox } from '../helpers/smtpInbox.js'
import { sqlOn } from '../helpers/sql.js'
import { startTestPayload, type TestPayload } from '../helpers/testPayload.js'

let app: TestPayload
let inbox: Awaited<ReturnType<typeof startSmtpInbox>>
let accounts = 0
const password = 'a-long-and-unusual-passphrase-42'
const newPassword = 'granite-otter-whistles-at-dawn-7'
const sql = sqlOn(() => app.payload)

beforeAll(async () => {
  inbox = await startSmtpInbox()
  app = await startTestPayload({ smtpUrl: inbox.url })
  await app.client().post('/users/first-register', { email: 'owner@example.com', password })
})
afterAll(async () => {
  await app?.close()
  await inbox?.close()
})

/** A fresh editor account, signed in on a browser of its own. */
const signedInAccount = async (data: Record<string, unknown> = {}) => {
  const email = `changer-${++accounts}@example.com`
  const user = await app.payload.create({
    collection: 'users',
    data: { email, password, roles: ['editor'], ...data } as never,
  })
  const browser = app.client()
  expect((await browser.post('/users/login', { email, password })).status).toBe(200)
  return { browser, email, id: user.id as number }
}
const change = (browser: RestClient, body: unknown, headers?: Record<string, string>) =>
  browser.post('/users/change-password', body, headers)
const codeOf = (response: { body: Json }) => response.body?.errors?.[0]?.data?.code
const stored = async (id: number) =>
  (
    await sql(
      'SELECT hash, consecutive_failed_logins::int AS failures, lockout_until, security_status AS status FROM users WHERE id = $1',
      [id],
    )
  )[0]
/** The budget of the one browser that has failed since the throttle table was emptied. */
const browsersBudget = async () =>
  (
    await sql(
      "SELECT consecutive_failures::int AS failures, lockout_until FROM login_throttles WHERE key LIKE 'known-browser:%'",
    )
  )[0]
const auditTrail = async (email: string) =>
  (
    await app.payload.find({
      collection: 'audit-log' as never,
      limit: 100,
      overrideAccess: true,
      sort: 'timestamp',
      where: { category: { in: ['authentication', 'account'] }, user: { equals: email } } as never,
    })
  ).docs.map((entry) => {
    const { data, event } = entry as unknown as { data?: { reason?: string }; event: string }
    return [event, data?.reason ?? null]
  })

describe('who may change a password', () => {
  it('refuses anyone not signed in', async () => {
    const response = await change(app.client(), {
      currentPassword: password,
      password: newPassword,
    })
    expect(response.status).toBe(401)
    expect(codeOf(response)).toBe('AUTHENTICATION_REQUIRED')
  })

  it('refuses an account that signs in through an external provider, checking nothing', async () => {
    const { browser, id } = await signedInAccount()
    await sql("UPDATE users SET identity_provider = 'google' WHERE id = $1", [id])
    const response = await change(browser, {
      currentPassword: 'not-even-checked',
      password: newPassword,
    })
    expect(response.status).toBe(403)
    expect(codeOf(response)).toBe('PASSWORD_CHANGE_LOCAL_ONLY')
    expect(response.body.errors[0].message).toBe(
      'Password changes are only possible for local identity providers.',
    )
    expect((await stored(id)).failures).toBe(0)
  })

  it('answers malformed, missing and oversized input with a 4xx and a code, changing nothing', async () => {
    const { browser, id } = await signedInAccount()
    const before = (await stored(id)).hash
    const json = { 'content-type': 'application/json' }
    const cases: [unknown, Record<string, string> | undefined, number, string][] = [
      ['{"currentPassword": ', json, 400, 'MALFORMED_REQUEST'],
      ['[1, 2]', json, 400, 'MALFORMED_REQUEST'],
      [{ password: newPassword }, undefined, 400, 'PASSWORD_REQUIRED'],
      [{ currentPassword: password }, undefined, 400, 'PASSWORD_REQUIRED'],
      [{ currentPassword: 42, password: newPassword }, undefined, 400, 'PASSWORD_REQUIRED'],
      [{ currentPassword: password, password: ['x'] }, undefined, 400, 'PASSWORD_REQUIRED'],
      [
        { currentPassword: 'x'.repeat(5000), password: newPassword },
        undefined,
        413,
        'PAYLOAD_TOO_LARGE',
      ],
      [
        { currentPassword: password, password: 'y'.repeat(20_000) },
        undefined,
        413,
        'PAYLOAD_TOO_LARGE',
      ],
    ]
    for (const [body, headers, status, code] of cases) {
      const response = await change(browser, body, headers)
      expect([response.status, codeOf(response)]).toEqual([status, code])
    }
    expect((await stored(id)).hash).toBe(before)
    expect((await stored(id)).failures).toBe(0)
  })
})

describe('the current password', () => {
  it('is required to be right, and wrong guesses are counted by the lockout like failed sign-ins', async () => {
    const { browser, email, id } = await signedInAccount()
    await sql('DELETE FROM login_throttles')
    const before = (await stored(id)).hash
    for (let guess = 1; guess <= 5; guess++) {
      const response = await change(browser, {
        currentPassword: `wrong-guess-${guess}`,
        password: newPassword,
      })
      expect(response.status).toBe(400)
      expect(codeOf(response)).toBe('CURRENT_PASSWORD_INCORRECT')
    }
    // The browser has signed in to the account, so its guesses spend its own budget (issue 13's
    // device cookies): it is locked, browsers the account does not know are not.
    const locked = await browsersBudget()
    expect(locked.failures).toBe(5)
    expect(locked.lockout_until).not.toBeNull()
    expect((await stored(id)).failures).toBe(0)

    // Locked: even the right password is not checked, and nothing more is counted.
    const blocked = await change(browser, { currentPassword: password, password: newPassword })
    expect(blocked.status).toBe(403)
    expect(codeOf(blocked)).toBe('LOGIN_TEMPORARILY_BLOCKED')
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0)
    expect((await browsersBudget()).failures).toBe(5)
    expect((await stored(id)).hash).toBe(before)
    // One counter for every way of guessing: the browser's sign-in form is blocked too.
    expect(codeOf(await browser.post('/users/login', { email, password }))).toBe(
      'LOGIN_TEMPORARILY_BLOCKED',
    )

    expect(await auditTrail(email)).toEqual([
      ['login.succeeded', null],
      ...Array.from({ length: 5 }, () => ['password.changeFailed', 'wrongPassword']),
      ['account.locked', null],
      ['password.changeFailed', 'locked'],
      ['login.failed', 'locked'],
    ])
  })

  it('suspends the account once wrong guesses reach the suspension threshold, ending its sessions', async () => {
    const { browser, email, id } = await signedInAccount()
    await oneGuessFromSuspension(sql, browser, { email, password })
    const response = await change(browser, {
      currentPassword: 'one-guess-too-many',
      password: newPassword,
    })
    expect(codeOf(response)).toBe('CURRENT_PASSWORD_INCORRECT')
    expect((await stored(id)).status).toBe('suspended')
    expect((await browser.get('/users/me')).body.user).toBeNull()
  })
})

describe('the new password', () => {
  it('must meet the policy and differ from the current one; a refusal changes nothing', async () => {
    const { browser, email, id } = await signedInAccount()
    const before = (await stored(id)).hash
    const weak = await change(browser, { currentPassword: password, password: 'password1' })
    expect(weak.status).toBe(400)
    expect(codeOf(weak)).toBe('PASSWORD_REQUIREMENTS_NOT_MET')
    const same = await change(browser, { currentPassword: password, password })
    expect(same.status).toBe(400)
    expect(codeOf(same)).toBe('PASSWORD_UNCHANGED')
    expect((await stored(id)).hash).toBe(before)
    expect((await app.client().post('/users/login', { email, password })).status).toBe(200)
    expect(await auditTrail(email)).not.toContainEqual(['password.changed', null])
  })
})

describe('a successful change', () => {
  it('replaces the password, keeps this session, ends the others, is audited and told by email', async () => {
    const { browser: laptop, email } = await signedInAccount({ preferredLanguage: 'de' })
    const phone = app.client()
    await phone.post('/users/login', { email, password })

    const response = await change(laptop, { currentPassword: password, password: newPassword })
    expect(response.status).toBe(200)
    expect(response.body).toEqual({ message: 'Password changed successfully' })

    expect((await laptop.get('/users/me')).body.user?.email).toBe(email)
    expect((await phone.get('/users/me')).body.user).toBeNull()
    expect((await app.client().post('/users/login', { email, password })).status).toBe(401)
    expect((await app.client().post('/users/login', { email, password: newPassword })).status).toBe(
      200,
    )
    expect(await auditTrail(email)).toContainEqual(['password.changed', null])

    // In the account's own language, as text and HTML, with a way back in if it was not them.
    // The sign-ins above came from new browsers: the owner's new-browser notices may arrive first.
    const message = await inbox.waitFor(
      (mail) => mail.to.includes(email) && mail.subject === 'Ihr Passwort wurde geändert',
    )
    expect(message.text).toContain(email)
    expect(message.text).toContain('Wenn nicht, setzen Sie Ihr Passwort sofort')
    expect(message.html).toContain('<a href="http://localhost:3000/admin/forgot"')
    expect(linksIn(message)).toContain('http://localhost:3000/admin/forgot')
    expect(`${message.text}${message.html}`).not.toContain(newPassword)
  })

  it('accepts a current password stored in the format of earlier Payload versions', async () => {
    const { browser, id } = await signedInAccount()
    // 25,000 iterations of PBKDF2-SHA256, 512 bytes, plain hex: how Payload stored passwords before.
    const salt = randomBytes(32).toString('hex')
    const legacyHash = pbkdf2Sync(password, salt, 25_000, 512, 'sha256').toString('hex')
    await sql('UPDATE users SET salt = $2, hash = $3 WHERE id = $1', [id, salt, legacyHash])
    expect(
      codeOf(await change(browser, { currentPassword: 'not-the-password', password: newPassword })),
    ).toBe('CURRENT_PASSWORD_INCORRECT')
    expect(
      (await change(browser, { currentPassword: password, password: newPassword })).status,
    ).toBe(200)
    expect((await stored(id)).hash).toMatch(/^pbkdf2-sha256-v1:/)
  })

  it('answers in the language the request asks for', async () => {
    const { browser } = await signedInAccount()
    const response = await change(
      browser,
      { currentPassword: password, password: newPassword },
      { 'accept-language': 'nl' },
    )
    expect(response.status).toBe(200)
    expect(response.body.message).toBe('Wachtwoord succesvol gewijzigd')
  })
})

describe('a plain update of a password', () => {
  it("is refused for one's own account, which must go through change password", async () => {
    const { browser, email, id } = await signedInAccount()
    const response = await browser.request('PATCH', `/users/${id}`, {
      body: { password: newPassword },
    })
    expect(response.status).toBe(400)
    expect(codeOf(response)).toBe('CURRENT_PASSWORD_REQUIRED')
    expect((await app.client().post('/users/login', { email, password })).status).toBe(200)
    // The rest of one's own account can still be edited.
    expect(
      (await browser.request('PATCH', `/users/${id}`, { body: { name: 'Renamed' } })).status,
    ).toBe(200)
  })

  it("stays allowed to an administrator for someone else's account", async () => {
    const { email, id } = await signedInAccount()
    const admin = app.client()
    await admin.post('/users/login', { email: 'owner@example.com', password })
    const response = await admin.request('PATCH', `/users/${id}`, {
      body: { password: newPassword },
    })
    expect(response.status).toBe(200)
    expect((await app.client().post('/users/login', { email, password: newPassword })).status).toBe(
      200,
    )
  })
})
