import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'

import type { Json } from '../helpers/json.js'
import type { RestClient } from '../helpers/restClient.js'

import { linksIn, startSmtpInbox } from '../helpers/smtpInbox.js'
import { sqlOn } from '../helpers/sql.js'
import { startTestPayload, type TestPayload } from '../helpers/testPayload.js'
import { authenticatorCode, enrol, nextTimeStep, wrongCode } from '../helpers/twoFactor.js'

/**
 * Finding F3: with only the mailbox, a reset gave a fresh set of code guesses each time (reset →
 * password → 5 codes → reset), without end. A reset proves the mailbox, never the second factor:
 * it must refill neither the second-factor budget nor lift the suspension that budget led to.
 */
const password = 'a-long-and-unusual-passphrase-42'
const adminEmail = 'budget-admin@example.com'
const suspendAfter = 20
let app: TestPayload
let admin: RestClient
let inbox: Awaited<ReturnType<typeof startSmtpInbox>>
let accounts = 0
const sql = sqlOn(() => app.payload)

const codeOf = (response: { body: Json }) => response.body?.errors?.[0]?.data?.code as string
const stored = async (id: number) =>
  (
    await sql(
      'SELECT second_factor_failures::int AS guesses, security_status AS status, security_suspension_reason AS reason FROM users WHERE id = $1',
      [id],
    )
  )[0]

/**
 * Asks for a reset link, as anyone who knows the address can, and reads its token from the email.
 * The per-account pause between reset emails is moved into the past first, as waiting it out would.
 */
const resetToken = async (email: string) => {
  await sql(
    "UPDATE users SET reset_password_requested_at = now() - interval '1 hour' WHERE email = $1",
    [email],
  )
  const links = () =>
    inbox.received
      .filter((mail) => mail.to.includes(email) && mail.subject === 'Reset your password')
      .flatMap(linksIn)
      .filter((link) => link.includes('/admin/reset?'))
  const before = links().length
  expect((await app.client().post('/users/forgot-password', { email })).status).toBe(200)
  await inbox.waitFor(() => links().length > before)
  return new URL(links().at(-1)!).searchParams.get('token')!
}

/** An editor with a second factor enabled; returns its authenticator's secret. */
const enrolledEditor = async () => {
  const email = `budget-${++accounts}@example.com`
  const { id } = await app.payload.create({
    collection: 'users',
    data: { email, password, roles: ['editor'] },
  })
  const setup = app.client()
  expect((await setup.post('/users/login', { email, password })).status).toBe(200)
  const secret = await enrol(setup)
  nextTimeStep()
  return { email, id: id as number, secret }
}

beforeAll(async () => {
  inbox = await startSmtpInbox()
  app = await startTestPayload({
    backofficeOptions: { lockout: { failureResponseMs: 200 } },
    smtpUrl: inbox.url,
  })
  admin = app.client()
  expect((await admin.post('/users/first-register', { email: adminEmail, password })).status).toBe(
    200,
  )
})
afterAll(async () => {
  await app?.close()
  await inbox?.close()
})
afterEach(() => {
  vi.useRealTimers()
})

describe('the lifetime budget of second-factor guesses', () => {
  it('checks at most suspendAfter codes for someone with only the mailbox, however often they reset', async () => {
    const { email, id, secret } = await enrolledEditor()
    let checked = 0
    let blocked = 0
    let refusedResets = 0
    for (let round = 1; round <= 7; round++) {
      // A fresh browser each round: no per-browser lock slows the attacker down, only the budget.
      const attacker = app.client()
      const chosen = `the-attacker-chose-this-one-${round}`
      const reset = await attacker.post('/users/reset-password', {
        password: chosen,
        token: await resetToken(email),
      })
      if (reset.status !== 200) {
        // Still a reset: the password is the attacker's now, but the suspension stays.
        expect([reset.status, codeOf(reset)]).toEqual([403, 'ACCOUNT_SUSPENDED'])
        refusedResets++
        expect(codeOf(await app.client().post('/users/login', { email, password: chosen }))).toBe(
          'ACCOUNT_SUSPENDED',
        )
        continue
      }
      expect(reset.body.secondFactor).toBe('codeRequired')
      // As many codes as the challenge takes; each one the server checks answers TOTP_CODE_INVALID.
      for (let guess = 1; guess <= 6; guess++) {
        const answer = await attacker.post('/users/mfa/totp/authenticate', {
          code: wrongCode(await authenticatorCode(secret)),
        })
        if (codeOf(answer) === 'TOTP_CODE_INVALID') {
          checked++
          continue
        }
        blocked++
        expect(['ACCOUNT_SUSPENDED', 'MFA_SESSION_EXPIRED']).toContain(codeOf(answer))
        break
      }
    }

    expect(checked).toBe(suspendAfter)
    expect(blocked).toBeGreaterThan(0)
    expect(refusedResets).toBeGreaterThanOrEqual(2)
    expect(await stored(id)).toEqual({
      guesses: suspendAfter,
      reason: 'secondFactorFailures',
      status: 'suspended',
    })
    const guessAudit = await sql(
      "SELECT count(*)::int AS n FROM audit_log WHERE target_object = $1 AND event = 'twoFactor.challengeFailed'",
      [String(id)],
    )
    expect(guessAudit[0].n).toBe(suspendAfter)

    // The owner is told that only an administrator can lift it; the administrators are alerted.
    const notice = await inbox.waitFor(
      (mail) => mail.to.includes(email) && mail.subject === 'Your account has been suspended',
    )
    expect(notice.text).toContain('A password reset does not lift this suspension')
    expect(notice.text).toContain('Too many wrong second-factor codes')
    await inbox.waitFor(
      (mail) =>
        mail.to.includes(adminEmail) &&
        mail.subject === `Account suspended automatically: ${email}` &&
        mail.text.includes('Too many wrong second-factor codes'),
    )

    // One more reset, by the owner this time: the suspension holds, and the right code is not even asked.
    const owner = app.client()
    const ownReset = await owner.post('/users/reset-password', {
      password: 'the-owner-takes-it-back-at-last-9',
      token: await resetToken(email),
    })
    expect([ownReset.status, codeOf(ownReset)]).toEqual([403, 'ACCOUNT_SUSPENDED'])
    expect(owner.cookies.has('payload-token')).toBe(false)
    expect(owner.cookies.has('payload-mfa-challenge')).toBe(false)
    expect(await stored(id)).toMatchObject({ reason: 'secondFactorFailures', status: 'suspended' })
  })

  it('never checks more codes than the budget holds, however many race from however many browsers', async () => {
    const { email, id, secret } = await enrolledEditor()
    await sql('UPDATE users SET second_factor_failures = $2 WHERE id = $1', [id, suspendAfter - 3])
    const browsers = Array.from({ length: 4 }, () => app.client())
    for (const browser of browsers) {
      expect((await browser.post('/users/login', { email, password })).body.secondFactor).toBe(
        'codeRequired',
      )
    }
    const code = wrongCode(await authenticatorCode(secret))
    const answers = await Promise.all(
      browsers.flatMap((browser) =>
        Array.from({ length: 5 }, () => browser.post('/users/mfa/totp/authenticate', { code })),
      ),
    )
    expect(answers.filter((answer) => codeOf(answer) === 'TOTP_CODE_INVALID')).toHaveLength(3)
    expect(await stored(id)).toEqual({
      guesses: suspendAfter,
      reason: 'secondFactorFailures',
      status: 'suspended',
    })
  })

  it('is cleared by a right code, and kept by a password reset', async () => {
    const { email, id, secret } = await enrolledEditor()
    const browser = app.client()
    await browser.post('/users/login', { email, password })
    for (let guess = 1; guess <= 3; guess++) {
      const answer = await browser.post('/users/mfa/totp/authenticate', {
        code: wrongCode(await authenticatorCode(secret)),
      })
      expect(codeOf(answer)).toBe('TOTP_CODE_INVALID')
    }
    expect((await stored(id)).guesses).toBe(3)

    const reset = await browser.post('/users/reset-password', {
      password: 'a-fresh-and-memorable-passphrase-3',
      token: await resetToken(email),
    })
    expect(reset.body.secondFactor).toBe('codeRequired')
    expect((await stored(id)).guesses).toBe(3)

    const right = await browser.post('/users/mfa/totp/authenticate', {
      code: await authenticatorCode(secret),
    })
    expect(right.status).toBe(200)
    expect((await browser.get('/users/me')).body.user.email).toBe(email)
    expect(await stored(id)).toEqual({ guesses: 0, reason: null, status: 'active' })
  })

  it('lets an administrator lift the suspension, which clears the budget', async () => {
    const { email, id, secret } = await enrolledEditor()
    await sql(
      "UPDATE users SET second_factor_failures = $2, security_status = 'suspended', security_suspension_reason = 'secondFactorFailures' WHERE id = $1",
      [id, suspendAfter],
    )
    // Suspended: the right password is told so, and no code is asked.
    expect(codeOf(await app.client().post('/users/login', { email, password }))).toBe(
      'ACCOUNT_SUSPENDED',
    )
    await admin.post('/users/login', { email: adminEmail, password })
    expect((await admin.post(`/users/${id}/unblock`)).status).toBe(200)
    expect(await stored(id)).toEqual({ guesses: 0, reason: null, status: 'active' })

    const owner = app.client()
    expect((await owner.post('/users/login', { email, password })).body.secondFactor).toBe(
      'codeRequired',
    )
    const answer = await owner.post('/users/mfa/totp/authenticate', {
      code: await authenticatorCode(secret),
    })
    expect(answer.status).toBe(200)
  })

  it('is cleared when an administrator approves a 2FA reset: the guesses were at a secret that is gone', async () => {
    const { email, id, secret } = await enrolledEditor()
    const locked = app.client()
    await locked.post('/users/login', { email, password })
    for (let guess = 1; guess <= 4; guess++) {
      await locked.post('/users/mfa/totp/authenticate', {
        code: wrongCode(await authenticatorCode(secret)),
      })
    }
    expect((await stored(id)).guesses).toBe(4)
    // A new challenge: the last one took four codes and the account is close to its lock.
    await sql('UPDATE users SET consecutive_failed_logins = 0 WHERE id = $1', [id])
    await locked.post('/users/login', { email, password })
    const requested = await locked.post('/users/mfa/totp/request-reset', {
      reason: 'My phone with the authenticator app fell into the sea.',
    })
    expect(requested.status).toBe(200)
    const [request] = await sql(
      "SELECT id FROM two_factor_reset_requests WHERE requester_id = $1 AND status = 'pending'",
      [id],
    )
    await admin.post('/users/login', { email: adminEmail, password })
    expect((await admin.post(`/two-factor-reset-requests/${request.id}/approve`)).status).toBe(200)
    expect((await stored(id)).guesses).toBe(0)
  })
})
