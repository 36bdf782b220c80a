import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'

import type { Json } from '../helpers/json.js'
import type { RestClient } from '../helpers/restClient.js'

import { startSmtpInbox } from '../helpers/smtpInbox.js'
import { sqlOn } from '../helpers/sql.js'
import { startTestPayload, type TestPayload } from '../helpers/testPayload.js'
import { authenticatorCode, enrol, nextTimeStep } from '../helpers/twoFactor.js'

/**
 * Finding F13: anyone could suspend any administrator with 20 well-spaced wrong guesses, and lock
 * them out for an hour with a few more. With device cookies (OWASP, "Slow Down Online Guessing
 * Attacks with Device Cookies") a browser that has signed in before keeps a budget of its own:
 * guesses from elsewhere lock only browsers the account does not know, and suspend nothing.
 */
const password = 'a-long-and-unusual-passphrase-42'
const adminEmail = 'first-admin@example.com'
let app: TestPayload
let inbox: Awaited<ReturnType<typeof startSmtpInbox>>
let accounts = 0
let email = ''
let userId = 0
const sql = sqlOn(() => app.payload)

const codeOf = (response: { body: Json }) => response.body?.errors?.[0]?.data?.code as string
const stored = async () =>
  (
    await sql(
      'SELECT consecutive_failed_logins::int AS failures, COALESCE(lockout_until > now(), false) AS locked, security_status AS status FROM users WHERE id = $1',
      [userId],
    )
  )[0]
/** Moves the locks into the past, as waiting them out would: the account's and every browser's. */
const waitOutLocks = async () => {
  await sql("UPDATE users SET lockout_until = now() - interval '1 second' WHERE id = $1", [userId])
  await sql("UPDATE login_throttles SET lockout_until = now() - interval '1 second'")
}
const knownBrowserCookieOf = (client: RestClient) =>
  [...client.cookies.keys()].find((name) => name.startsWith('payload-known-browser-'))
/** A browser of the owner's that has signed in before, and signed out again. */
const ownersBrowser = async () => {
  const browser = app.client()
  expect((await browser.post('/users/login', { email, password })).status).toBe(200)
  expect(knownBrowserCookieOf(browser)).toBeDefined()
  expect((await browser.post('/users/logout')).status).toBe(200)
  return browser
}
/** An anonymous stranger's guesses from one browser, each after the previous wait ran out. */
const strangerGuesses = async (stranger: RestClient, count: number, address = email) => {
  const answers: string[] = []
  for (let guess = 1; guess <= count; guess++) {
    await waitOutLocks()
    answers.push(
      codeOf(await stranger.post('/users/login', { email: address, password: `guess-${guess}` })),
    )
  }
  return answers
}

beforeAll(async () => {
  inbox = await startSmtpInbox()
  app = await startTestPayload({
    backofficeOptions: { lockout: { failureResponseMs: 50 } },
    smtpUrl: inbox.url,
  })
  expect(
    (await app.client().post('/users/first-register', { email: adminEmail, password })).status,
  ).toBe(200)
})
afterAll(async () => {
  await app?.close()
  await inbox?.close()
})
afterEach(() => {
  // nextTimeStep moves the clock on; Retry-After is read against the real one.
  vi.useRealTimers()
})
beforeEach(async () => {
  // An administrator per test: the account a stranger most wants to lock out.
  email = `owner-${++accounts}@example.com`
  await sql('DELETE FROM login_throttles')
  const user = await app.payload.create({
    collection: 'users',
    data: { email, password, roles: ['admin'] },
  })
  userId = user.id as number
})

describe('a stranger guessing at an address', () => {
  it("leaves the owner's known browser able to sign in after 20 guesses, suspends nothing, and alerts the administrators", async () => {
    const owner = await ownersBrowser()
    const stranger = app.client()

    const answers = await strangerGuesses(stranger, 20)
    expect(answers).toEqual(Array.from({ length: 20 }, () => 'INVALID_CREDENTIALS'))
    expect(knownBrowserCookieOf(stranger)).toBeUndefined()
    expect(await stored()).toEqual({ failures: 20, locked: true, status: 'active' })

    // Every browser the account does not know is locked, even with the right password.
    const unknown = await app.client().post('/users/login', { email, password })
    expect([unknown.status, codeOf(unknown)]).toEqual([403, 'LOGIN_TEMPORARILY_BLOCKED'])
    expect(Number(unknown.headers.get('retry-after'))).toBeGreaterThan(0)

    // The owner's own browser is not.
    const signIn = await owner.post('/users/login', { email, password })
    expect(signIn.status).toBe(200)
    expect((await owner.get('/users/me')).body.user?.email).toBe(email)
    // And the stranger's browsers stay locked after the owner signed in.
    expect(await stored()).toMatchObject({ failures: 20, locked: true })

    const [alerted] = await sql(
      "SELECT count(*)::int AS n FROM audit_log WHERE target_object = $1 AND event = 'account.guessingDetected'",
      [String(userId)],
    )
    expect(alerted.n).toBe(1)
    for (const administrator of [adminEmail, email]) {
      const alert = await inbox.waitFor(
        (mail) =>
          mail.to.includes(administrator) &&
          mail.subject === `Someone is guessing the password of ${email}`,
      )
      expect(alert.text).toContain('20 wrong passwords in a row')
    }
  })

  it('answers the same for an address with an account and one without', async () => {
    const nobody = `nobody-${accounts}@example.com`
    const answersAfter = async (address: string) => {
      const guesses = await strangerGuesses(app.client(), 21, address)
      const locked = await app.client().post('/users/login', { email: address, password: 'x' })
      return [...guesses, locked.status, codeOf(locked)]
    }
    const existing = await answersAfter(email)
    expect(existing.slice(-2)).toEqual([403, 'LOGIN_TEMPORARILY_BLOCKED'])
    expect(await answersAfter(nobody)).toEqual(existing)
  })

  it('treats a made-up or altered cookie as an unknown browser', async () => {
    const owner = await ownersBrowser()
    await strangerGuesses(app.client(), 5)
    expect((await stored()).locked).toBe(true)

    const name = knownBrowserCookieOf(owner)!
    const [nonce, signature] = owner.cookies.get(name)!.split('.')
    const forger = app.client()
    forger.cookies.set(name, `${nonce}.${signature!.slice(0, -2)}AA`)
    const forged = await forger.post('/users/login', { email, password })
    expect(codeOf(forged)).toBe('LOGIN_TEMPORARILY_BLOCKED')

    const copied = app.client()
    copied.cookies.set(name, `AAAAAAAAAAAAAAAAAAAAAA.${signature}`)
    expect(codeOf(await copied.post('/users/login', { email, password }))).toBe(
      'LOGIN_TEMPORARILY_BLOCKED',
    )
  })

  it("lets the owner's known browser finish a second factor while unknown browsers are locked", async () => {
    const owner = app.client()
    await owner.post('/users/login', { email, password })
    const secret = await enrol(owner)
    nextTimeStep()
    await owner.post('/users/logout')

    await strangerGuesses(app.client(), 6)
    expect((await stored()).locked).toBe(true)

    const first = await owner.post('/users/login', { email, password })
    expect(first.body.secondFactor).toBe('codeRequired')
    const second = await owner.post('/users/mfa/totp/authenticate', {
      code: await authenticatorCode(secret),
    })
    expect(second.status).toBe(200)
    expect((await owner.get('/users/me')).body.user?.email).toBe(email)
  })
})

describe("a known browser's own failures", () => {
  it('lock that browser alone, and suspend the account at suspendAfter', async () => {
    const owner = await ownersBrowser()
    const otherOwnBrowser = await ownersBrowser()

    for (let guess = 1; guess <= 5; guess++) {
      expect(codeOf(await owner.post('/users/login', { email, password: 'wrong' }))).toBe(
        'INVALID_CREDENTIALS',
      )
    }
    const locked = await owner.post('/users/login', { email, password })
    expect([locked.status, codeOf(locked)]).toEqual([403, 'LOGIN_TEMPORARILY_BLOCKED'])
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(25)
    // The account's shared budget is untouched: the owner's other browser, and a new one, sign in.
    expect(await stored()).toMatchObject({ failures: 0, locked: false })
    expect((await otherOwnBrowser.post('/users/login', { email, password })).status).toBe(200)
    expect((await app.client().post('/users/login', { email, password })).status).toBe(200)

    // Further failures from that browser, each after its wait: the 20th suspends the account.
    for (let guess = 6; guess <= 20; guess++) {
      await waitOutLocks()
      expect(codeOf(await owner.post('/users/login', { email, password: 'wrong' }))).toBe(
        'INVALID_CREDENTIALS',
      )
    }
    expect((await stored()).status).toBe('suspended')
    expect((await otherOwnBrowser.get('/users/me')).body.user).toBeNull()
    await waitOutLocks()
    expect(codeOf(await otherOwnBrowser.post('/users/login', { email, password }))).toBe(
      'ACCOUNT_SUSPENDED',
    )
  })
})
