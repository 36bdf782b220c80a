import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'

import type { ReceivedEmail } from '../helpers/smtpInbox.js'

import { newBrowserNotices } from '../helpers/newBrowserNotices.js'
import { linksIn, startSmtpInbox } from '../helpers/smtpInbox.js'
import { sqlOn } from '../helpers/sql.js'
import { startTestPayload, type TestPayload } from '../helpers/testPayload.js'
import { authenticatorCode, enrol, nextTimeStep } from '../helpers/twoFactor.js'

/**
 * Staff were not told when their account was signed in to from a new browser (GitHub, Google and
 * Microsoft do; ASVS 5.0 6.3.5). Now the owner gets an email with the facts and a "This wasn't me"
 * link that ends every session and suspends the account, once.
 */
const password = 'a-long-and-unusual-passphrase-42'
const firefox = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0'
const attacker = { 'user-agent': firefox, 'x-forwarded-for': '203.0.113.7' }
let app: TestPayload
let inbox: Awaited<ReturnType<typeof startSmtpInbox>>
let accounts = 0
let email = ''
let userId = 0
const sql = sqlOn(() => app.payload)

const noticesTo = (address: string) =>
  inbox.received.filter(
    (mail) => mail.to.includes(address) && mail.subject.includes('browser it has not used'),
  )
const noticeFor = (address: string) =>
  inbox.waitFor(
    (mail) => mail.to.includes(address) && mail.subject.includes('browser it has not used'),
  )
/** The browsers recorded for the account, whatever was decided for them. */
const browsersRecorded = async () =>
  (
    await sql('SELECT count(*)::int AS n FROM sign_in_browsers WHERE account = $1', [
      String(userId),
    ])
  )[0].n as number
const reportLinkOf = (mail: ReceivedEmail) =>
  linksIn(mail)
    .find((link) => link.includes('/new-browser/report'))!
    .replace('http://localhost:3000/api', '')
const auditCount = async (event: string) =>
  (
    await sql('SELECT count(*)::int AS n FROM audit_log WHERE event = $1 AND target_object = $2', [
      event,
      String(userId),
    ])
  )[0].n as number
const status = async () =>
  (await sql('SELECT security_status AS status FROM users WHERE id = $1', [userId]))[0].status
/** The owner's everyday browser: its first sign-in ever, which tells nobody. */
const ownersBrowser = async () => {
  const owner = app.client()
  expect((await owner.post('/users/login', { email, password })).status).toBe(200)
  return owner
}
/** A browser the account has never used signs in, and its notice arrives. */
const strangerSignsIn = async () => {
  const stranger = app.client()
  expect((await stranger.post('/users/login', { email, password }, attacker)).status).toBe(200)
  return { mail: await noticeFor(email), stranger }
}

beforeAll(async () => {
  inbox = await startSmtpInbox()
  app = await startTestPayload({ smtpUrl: inbox.url })
  expect(
    (await app.client().post('/users/first-register', { email: 'first@example.com', password }))
      .status,
  ).toBe(200)
})
afterAll(async () => {
  await app?.close()
  await inbox?.close()
})
beforeEach(async () => {
  email = `staff-${++accounts}@example.com`
  const user = await app.payload.create({
    collection: 'users',
    data: { email, password, roles: ['editor'] },
  })
  userId = user.id as number
})

describe('new-browser notice', () => {
  it("tells nobody of a new account's first sign-in, and nothing for a browser the account knows", async () => {
    const owner = await ownersBrowser()
    expect((await owner.post('/users/logout')).status).toBe(200)
    expect((await owner.post('/users/login', { email, password })).status).toBe(200)
    // Recorded (the first sign-in ever, then a known browser), and neither taken for a new one.
    expect(await browsersRecorded()).toBe(1)
    expect(await newBrowserNotices(sql, userId)).toEqual({ decided: 0, sent: 0 })
    expect(noticesTo(email)).toEqual([])
    expect(await auditCount('login.newBrowserNoticed')).toBe(0)
  })

  it('emails the owner when, from where (address, browser, OS) and how a new browser signed in, and audits it', async () => {
    await ownersBrowser()
    const { mail } = await strangerSignsIn()
    expect(mail.subject).toBe('New sign-in to your account from a browser it has not used before')
    expect(mail.text).toContain(`Your account ${email} was just signed in to`)
    expect(mail.text).toMatch(/When: \w+ \d{1,2}, \d{4} at \d{1,2}:\d{2} (AM|PM) UTC/)
    expect(mail.text).toContain('Browser: Firefox 133 on Windows 10')
    expect(mail.text).toContain('IP address: 203.0.113.7')
    expect(mail.text).toContain('Sign-in method: Password')
    expect(reportLinkOf(mail)).toMatch(/^\/users\/new-browser\/report\?token=[\w-]{43}$/)
    // Only the token's hash is stored.
    const token = new URL(`http://x${reportLinkOf(mail)}`).searchParams.get('token')!
    const [stored] = await sql(
      'SELECT report_token_hash AS hash FROM sign_in_browsers WHERE account = $1 AND report_token_hash IS NOT NULL',
      [String(userId)],
    )
    expect(stored.hash).toMatch(/^[0-9a-f]{64}$/)
    expect(stored.hash).not.toContain(token)
    await expect.poll(() => auditCount('login.newBrowserNoticed')).toBe(1)
    expect(noticesTo(email)).toHaveLength(1)
  })

  it('counts a password and authenticator-code sign-in, named by both factors, once the code passed', async () => {
    const owner = await ownersBrowser()
    const secret = await enrol(owner)
    nextTimeStep()
    const stranger = app.client()
    const first = await stranger.post('/users/login', { email, password }, attacker)
    expect(first.body.secondFactor).toBe('codeRequired')
    // The password step alone is no sign-in: its browser is not even recorded, so nothing is sent yet.
    expect(await browsersRecorded()).toBe(1)
    expect(await newBrowserNotices(sql, userId)).toEqual({ decided: 0, sent: 0 })
    expect(noticesTo(email)).toEqual([])
    const second = await stranger.post(
      '/users/mfa/totp/authenticate',
      { code: await authenticatorCode(secret) },
      attacker,
    )
    expect(second.status).toBe(200)
    const mail = await noticeFor(email)
    expect(mail.text).toContain('Sign-in method: Password and authenticator app')
    expect(mail.text).toContain('Browser: Firefox 133 on Windows 10')
  })

  it('sends nothing for a known browser signing in again', async () => {
    await ownersBrowser()
    const { stranger } = await strangerSignsIn()
    expect((await stranger.post('/users/logout')).status).toBe(200)
    expect((await stranger.post('/users/login', { email, password }, attacker)).status).toBe(200)
    // Still the one decision for that browser; its notice's audit entry is written once it went.
    await expect.poll(() => newBrowserNotices(sql, userId)).toEqual({ decided: 1, sent: 1 })
    expect(noticesTo(email)).toHaveLength(1)
  })

  it('finding 6: a browser holding its device cookie at the former path, /api/users, stays known, and its next password sign-in moves the cookie to /api', async () => {
    await ownersBrowser()
    const { stranger: browser } = await strangerSignsIn()
    expect((await browser.post('/users/logout')).status).toBe(200)
    const deviceCookies = () =>
      browser.cookies.all().filter((cookie) => cookie.name.startsWith('payload-known-browser-'))
    const [device] = deviceCookies()
    expect(device).toMatchObject({ path: '/api' })
    // The cookie as the plugin set it before: sent to the users collection's API only.
    browser.cookies.delete(device!.name)
    browser.cookies.set(device!.name, device!.value, '/api/users')

    const signedIn = await browser.post('/users/login', { email, password }, attacker)
    expect(signedIn.status).toBe(200)
    const setCookies = signedIn.headers
      .getSetCookie()
      .filter((cookie) => cookie.startsWith(`${device!.name}=`))
    expect(setCookies).toContainEqual(expect.stringMatching(/^[^=]+=[^;]+;.*Path=\/api(;|$)/))
    expect(setCookies).toContainEqual(
      expect.stringMatching(/^[^=]+=;.*Expires=Thu, 01 Jan 1970.*Path=\/api\/users(;|$)/),
    )
    // One cookie left, at /api, naming the same browser; nobody is told of a new one.
    expect(deviceCookies()).toEqual([{ name: device!.name, path: '/api', value: device!.value }])
    await expect.poll(() => newBrowserNotices(sql, userId)).toEqual({ decided: 1, sent: 1 })
    expect(noticesTo(email)).toHaveLength(1)
  })
})

describe('the notice\'s "This wasn\'t me" link', () => {
  it('shows a confirmation page only; confirming ends every session (the refreshed one too) and suspends the account, audited', async () => {
    const owner = await ownersBrowser()
    const { mail, stranger } = await strangerSignsIn()
    const link = reportLinkOf(mail)

    const page = await app.client().get(link, { accept: 'text/html' })
    expect(page.status).toBe(200)
    expect(page.body).toContain('This wasn’t me: end all sessions and suspend my account')
    expect(await status()).toBe('active')
    // Issue 38 item 9: a page of its own look, in the owner's language and direction, whose one
    // stylesheet the policy names by its hash: no inline style attributes, no 'unsafe-inline'.
    expect(page.body).toMatch(/^<!doctype html><html lang="en" dir="ltr">/)
    expect(page.body).toContain('<main><h1>Report a sign-in you did not make</h1>')
    expect(page.body).not.toContain(' style="')
    const policy = page.headers.get('content-security-policy') ?? ''
    expect(policy).toMatch(/style-src 'sha256-[A-Za-z0-9+/=]+'/)
    expect(policy).not.toContain('unsafe-inline')

    const done = await app.client().post(link, undefined, { accept: 'text/html' })
    expect(done.status).toBe(200)
    expect(done.body).toContain('Every session of your account has ended')
    expect(await status()).toBe('suspended')
    expect(await auditCount('login.newBrowserReported')).toBe(1)
    expect(await auditCount('account.suspended')).toBe(1)

    // The attacker's session is gone and cannot be refreshed; the owner's too.
    expect((await stranger.post('/users/refresh-token')).status).toBe(401)
    expect((await stranger.get('/users/me')).body.user).toBeNull()
    expect((await owner.get('/users/me')).body.user).toBeNull()
    // And neither can sign in again.
    expect((await stranger.post('/users/login', { email, password }, attacker)).status).not.toBe(
      200,
    )
  })

  it('changes nothing for a replayed, expired or forged link, and answers a clear 400 page', async () => {
    await ownersBrowser()
    const { mail } = await strangerSignsIn()
    const link = reportLinkOf(mail)
    const invalid =
      'This link cannot be used: it was already used, it has expired, or it is not a link we sent. Nothing was changed.'

    // Expired: moved past its 7 days.
    await sql(
      "UPDATE sign_in_browsers SET report_expires_at = now() - interval '1 second' WHERE account = $1",
      [String(userId)],
    )
    for (const method of ['get', 'post'] as const) {
      const answer =
        method === 'get'
          ? await app.client().get(link, { accept: 'text/html' })
          : await app.client().post(link, undefined, { accept: 'text/html' })
      expect([answer.status, answer.body]).toEqual([400, expect.stringContaining(invalid)])
    }
    expect(await status()).toBe('active')

    // Forged: well-formed, or not.
    for (const token of ['a'.repeat(43), 'short', '']) {
      const forged = await app
        .client()
        .post(`/users/new-browser/report?token=${token}`, undefined, { accept: 'text/html' })
      expect([forged.status, forged.body]).toEqual([400, expect.stringContaining(invalid)])
    }
    const json = await app.client().post(`/users/new-browser/report?token=${'a'.repeat(43)}`)
    expect([json.status, json.body.errors?.[0]?.data?.code]).toEqual([
      400,
      'TOKEN_INVALID_OR_EXPIRED',
    ])
    expect(await status()).toBe('active')

    // Replayed: the expiry lifted again, used once, then once more.
    await sql(
      "UPDATE sign_in_browsers SET report_expires_at = now() + interval '1 day' WHERE account = $1 AND report_token_hash IS NOT NULL",
      [String(userId)],
    )
    expect((await app.client().post(link, undefined, { accept: 'text/html' })).status).toBe(200)
    await sql("UPDATE users SET security_status = 'active' WHERE id = $1", [userId])
    const replay = await app.client().post(link, undefined, { accept: 'text/html' })
    expect([replay.status, replay.body]).toEqual([400, expect.stringContaining(invalid)])
    expect(await status()).toBe('active')
    expect(await auditCount('login.newBrowserReported')).toBe(1)
  })

  it('acts once when clicked many times in parallel', async () => {
    await ownersBrowser()
    const { mail } = await strangerSignsIn()
    const link = reportLinkOf(mail)
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => app.client().post(link, undefined, { accept: 'text/html' })),
    )
    expect(answers.map((answer) => answer.status).sort()).toEqual([
      200, 400, 400, 400, 400, 400, 400, 400,
    ])
    expect(await auditCount('login.newBrowserReported')).toBe(1)
    expect(await auditCount('account.suspended')).toBe(1)
  })
})

describe('new-password sign-ins', () => {
  it('tells of a sign-in right after a password reset in a new browser', async () => {
    await ownersBrowser()
    expect((await app.client().post('/users/forgot-password', { email })).status).toBe(200)
    const resetMail = await inbox.waitFor(
      (mail) => mail.to.includes(email) && mail.subject === 'Reset your password',
    )
    const token = new URL(
      linksIn(resetMail).find((link) => link.includes('/admin/reset?'))!,
    ).searchParams.get('token')!
    const stranger = app.client()
    const reset = await stranger.post(
      '/users/reset-password',
      { password: 'another-long-unusual-passphrase-7', token },
      attacker,
    )
    expect(reset.status).toBe(200)
    const mail = await noticeFor(email)
    expect(mail.text).toContain('Sign-in method: Password')
    expect(mail.text).toContain('IP address: 203.0.113.7')
  })
})

describe('when the mail server is down', () => {
  it('still signs the new browser in, and logs and audits the notice as not sent', async () => {
    await ownersBrowser()
    await inbox.close()
    const startedAt = Date.now()
    const answer = await app.client().post('/users/login', { email, password }, attacker)
    expect(answer.status).toBe(200)
    expect(answer.body.user?.email).toBe(email)
    const tookMs = Date.now() - startedAt
    await expect
      .poll(async () =>
        (
          await sql(
            "SELECT data->>'sent' AS sent FROM audit_log WHERE event = 'login.newBrowserNoticed' AND target_object = $1",
            [String(userId)],
          )
        ).map((row) => row.sent),
      )
      .toEqual(['false'])
    expect(tookMs).toBeLessThan(5000)
  })
})

describe('with `emails.newBrowserNotice: false`', () => {
  it('sends nothing for a new browser', async () => {
    await app.restart({ backofficeOptions: { emails: { newBrowserNotice: false } } })
    await ownersBrowser()
    expect((await app.client().post('/users/login', { email, password }, attacker)).status).toBe(
      200,
    )
    // Switched off, no sign-in's browser is even looked at, so no notice can be on its way.
    expect(await browsersRecorded()).toBe(0)
    expect(noticesTo(email)).toEqual([])
    expect(await auditCount('login.newBrowserNoticed')).toBe(0)
  })
})
