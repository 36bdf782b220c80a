import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'

import { oneGuessFromSuspension } from '../helpers/knownBrowser.js'
import { linksIn, startSmtpInbox } from '../helpers/smtpInbox.js'
import { sqlOn } from '../helpers/sql.js'
import { startTestPayload, type TestPayload } from '../helpers/testPayload.js'

let app: TestPayload
let inbox: Awaited<ReturnType<typeof startSmtpInbox>>
const sql = sqlOn(() => app.payload)
const password = 'a-long-and-unusual-passphrase-42'
const adminEmail = 'security-admin@example.com'
let email = ''
let userId: number | string
let accounts = 0

const status = async () =>
  (await sql('SELECT security_status AS status FROM users WHERE id = $1', [userId]))[0]
    .status as string
/** The 20th wrong password in a row, from a browser the account knows: only such a browser suspends. */
const suspendByFailures = async () => {
  const browser = app.client()
  await oneGuessFromSuspension(sql, browser, { email, password })
  expect((await browser.post('/users/login', { email, password: 'wrong-password' })).status).toBe(
    401,
  )
  expect(await status()).toBe('suspended')
}

beforeAll(async () => {
  inbox = await startSmtpInbox()
  app = await startTestPayload({ smtpUrl: inbox.url })
  await app.client().post('/users/first-register', { email: adminEmail, password })
})
afterAll(async () => {
  await app?.close()
  await inbox?.close()
})
beforeEach(async () => {
  email = `suspended-${++accounts}@example.com`
  userId = (
    await app.payload.create({ collection: 'users', data: { email, password, roles: ['editor'] } })
  ).id
})

describe('suspension emails over real SMTP', () => {
  it('tells the owner how to lift an automatic suspension and alerts every administrator', async () => {
    await suspendByFailures()
    const notice = await inbox.waitFor(
      (mail) => mail.to.includes(email) && mail.subject === 'Your account has been suspended',
    )
    expect(notice.text).toContain('Too many failed sign-ins')
    expect(linksIn(notice)).toContain('http://localhost:3000/admin/forgot')

    const alert = await inbox.waitFor(
      (mail) =>
        mail.to.includes(adminEmail) &&
        mail.subject === `Account suspended automatically: ${email}`,
    )
    expect(linksIn(alert)).toContain(`http://localhost:3000/admin/collections/users/${userId}`)
    // The alert goes to administrators only.
    expect(alert.to).toEqual([adminEmail])
  })

  it('tells the owner when an administrator unblocks the account', async () => {
    await suspendByFailures()
    const admin = app.client()
    await admin.post('/users/login', { email: adminEmail, password })
    expect((await admin.post(`/users/${userId}/unblock`)).status).toBe(200)
    const mail = await inbox.waitFor(
      (message) =>
        message.to.includes(email) && message.subject === 'Your account has been unblocked',
    )
    expect(mail.text).toContain('An administrator unblocked your account')
  })
})

describe('a password reset lifts a suspension', () => {
  it('lets the owner reset, ends the old sessions, signs them in and confirms by email', async () => {
    const oldSession = app.client()
    expect((await oldSession.post('/users/login', { email, password })).status).toBe(200)
    await suspendByFailures()

    expect((await app.client().post('/users/forgot-password', { email })).status).toBe(200)
    const resetMail = await inbox.waitFor(
      (mail) =>
        mail.to.includes(email) && linksIn(mail).some((link) => link.includes('/admin/reset?')),
    )
    const token = new URL(
      linksIn(resetMail).find((link) => link.includes('/admin/reset?'))!,
    ).searchParams.get('token')

    const browser = app.client()
    const reset = await browser.post('/users/reset-password', {
      password: 'a-brand-new-long-passphrase-7',
      token,
    })
    expect(reset.status).toBe(200)
    expect(await status()).toBe('active')
    expect((await browser.get('/users/me')).body.user?.email).toBe(email)
    expect((await oldSession.get('/users/me')).body.user).toBeNull()

    const confirmation = await inbox.waitFor(
      (mail) =>
        mail.to.includes(email) &&
        mail.subject === 'Your account has been unblocked' &&
        mail.text.includes('You reset your password'),
    )
    expect(confirmation.text).toContain('your other sessions have ended')
    expect(
      (
        await app
          .client()
          .post('/users/login', { email, password: 'a-brand-new-long-passphrase-7' })
      ).status,
    ).toBe(200)
  })
})
