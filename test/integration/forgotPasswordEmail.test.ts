import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { linksIn, startSmtpInbox } from '../helpers/smtpInbox.js'
import { startTestPayload, type TestPayload } from '../helpers/testPayload.js'

let app: TestPayload
let inbox: Awaited<ReturnType<typeof startSmtpInbox>>

const email = 'forgetful@example.com'

beforeAll(async () => {
  inbox = await startSmtpInbox()
  app = await startTestPayload({ smtpUrl: inbox.url })
  await app
    .client()
    .post('/users/first-register', { email, password: 'the-first-long-passphrase-1' })
})
afterAll(async () => {
  await app?.close()
  await inbox?.close()
})

describe('the forgot-password email over real SMTP', () => {
  it('arrives, and its link resets the password', async () => {
    const forgot = await app.client().post('/users/forgot-password', { email })
    expect(forgot.status).toBe(200)

    const message = await inbox.waitFor(
      (mail) => mail.to.includes(email) && mail.text.includes('/admin/reset?'),
    )
    // The plugin's reset view reads the token from the query (Payload's own put it in the path).
    const resetLink = linksIn(message).find((link) => link.includes('/admin/reset?'))
    expect(resetLink).toMatch(/^http:\/\/localhost:3000\/admin\/reset\?token=[\w-]{43}$/)
    const token = new URL(resetLink!).searchParams.get('token')

    const reset = await app.client().post('/users/reset-password', {
      password: 'a-brand-new-long-passphrase-2',
      token,
    })
    expect(reset.status).toBe(200)

    const oldPassword = await app
      .client()
      .post('/users/login', { email, password: 'the-first-long-passphrase-1' })
    expect(oldPassword.status).toBe(401)
    const newPassword = await app
      .client()
      .post('/users/login', { email, password: 'a-brand-new-long-passphrase-2' })
    expect(newPassword.status).toBe(200)
  })

  it('answers an unknown address the same way and sends nothing', async () => {
    // Counted for that address only: earlier sign-ins' new-browser notices may still be arriving.
    const toNobody = () => inbox.received.filter((mail) => mail.to.includes('nobody@example.com'))
    const forgot = await app
      .client()
      .post('/users/forgot-password', { email: 'nobody@example.com' })
    expect(forgot.status).toBe(200)
    // Recording the attempt is the last thing the request's background work does for an unknown
    // address: once it is on record, no email can still be on its way.
    await expect
      .poll(async () =>
        (
          await app.payload.find({
            collection: 'audit-log' as never,
            overrideAccess: true,
            where: { details: { equals: 'nobody@example.com' } } as never,
          })
        ).docs.map((entry) => (entry as { event?: string }).event),
      )
      .toEqual(['password.resetRequested'])
    expect(toNobody()).toEqual([])
  })
})
