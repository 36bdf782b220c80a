import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'

import type { RestClient } from '../helpers/restClient.js'

import { linksIn, startSmtpInbox } from '../helpers/smtpInbox.js'
import { sqlOn } from '../helpers/sql.js'
import { startTestPayload, type TestPayload } from '../helpers/testPayload.js'
import { authenticatorCode, enrol, nextTimeStep, setCookie } from '../helpers/twoFactor.js'

const password = 'a-long-and-unusual-passphrase-42'
const newPassword = 'the-lighthouse-keeper-sings-at-dawn-7'
let app: TestPayload
let inbox: Awaited<ReturnType<typeof startSmtpInbox>>
const sql = sqlOn(() => app.payload)

/** Asks for a reset link and returns its token, as the email brings it. */
const resetToken = async (email: string) => {
  const mails = () =>
    inbox.received.filter(
      (mail) => mail.to.includes(email) && mail.subject === 'Reset your password',
    )
  expect((await app.client().post('/users/forgot-password', { email })).status).toBe(200)
  await inbox.waitFor(() => mails().length > 0)
  const link = linksIn(mails().at(-1)!).find((candidate) => candidate.includes('/admin/reset?'))!
  return new URL(link).searchParams.get('token')!
}

beforeAll(async () => {
  inbox = await startSmtpInbox()
  app = await startTestPayload({
    backofficeOptions: { lockout: { failureResponseMs: 200 } },
    smtpUrl: inbox.url,
  })
})
afterAll(async () => {
  await app?.close()
  await inbox?.close()
})
afterEach(() => {
  vi.useRealTimers()
})

describe('password reset and the second factor', () => {
  it('never bypasses the second factor, and forgets every trusted device', async () => {
    const email = 'reset-target@example.com'
    const { id } = await app.payload.create({
      collection: 'users',
      data: { email, password, roles: ['editor'] } as never,
    })
    const setupClient = app.client()
    await setupClient.post('/users/login', { email, password })
    const secret = await enrol(setupClient)
    nextTimeStep()
    const browser: RestClient = app.client()
    await browser.post('/users/login', { email, password })
    expect(
      (
        await browser.post('/users/mfa/totp/authenticate', {
          code: await authenticatorCode(secret),
          trustThisDevice: true,
        })
      ).status,
    ).toBe(200)
    expect(
      (await sql('SELECT count(*)::int AS n FROM trusted_devices WHERE user_id = $1', [id]))[0].n,
    ).toBe(1)

    // The reset comes from the trusted browser itself: its device cookie must not stand in for a code.
    const resetter = app.client()
    resetter.cookies.set('payload-trusted-device', browser.cookies.get('payload-trusted-device')!)
    const reset = await resetter.post('/users/reset-password', {
      password: newPassword,
      token: await resetToken(email),
    })
    expect(reset.status).toBe(200)
    expect(reset.body).toEqual({
      message: 'MFA required',
      redirectTo: '/admin/two-factor/verify',
      secondFactor: 'codeRequired',
    })
    expect(setCookie(reset.headers, 'payload-token')).toBeUndefined()
    expect((await resetter.get('/users/me')).body.user).toBeNull()
    expect(
      (await sql('SELECT count(*)::int AS n FROM trusted_devices WHERE user_id = $1', [id]))[0].n,
    ).toBe(0)

    // The new password is saved; the code completes the sign-in.
    nextTimeStep()
    const done = await resetter.post('/users/mfa/totp/authenticate', {
      code: await authenticatorCode(secret),
    })
    expect(done.status).toBe(200)
    expect((await resetter.get('/users/me')).body.user.email).toBe(email)
  })
})
