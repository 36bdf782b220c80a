import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'

import type { Json } from '../helpers/json.js'
import type { RestClient } from '../helpers/restClient.js'

import { linksIn, startSmtpInbox } from '../helpers/smtpInbox.js'
import { sqlOn } from '../helpers/sql.js'
import { startTestPayload, type TestPayload } from '../helpers/testPayload.js'
import { authenticatorCode, enrol, nextTimeStep } from '../helpers/twoFactor.js'

let app: TestPayload
let inbox: Awaited<ReturnType<typeof startSmtpInbox>>
let admin: RestClient
let accounts = 0
const password = 'a-long-and-unusual-passphrase-42'
const windowMinutes = 10
const sql = sqlOn(() => app.payload)

beforeAll(async () => {
  inbox = await startSmtpInbox()
  app = await startTestPayload({ smtpUrl: inbox.url })
  admin = app.client()
  expect(
    (await admin.post('/users/first-register', { email: 'admin@example.com', password })).status,
  ).toBe(200)
})
afterAll(async () => {
  await app?.close()
  await inbox?.close()
})
afterEach(() => {
  vi.useRealTimers()
})

const codeOf = (response: { body: Json }) => response.body?.errors?.[0]?.data?.code

const signIn = async (email: string) => {
  const browser = app.client()
  expect((await browser.post('/users/login', { email, password })).status).toBe(200)
  return browser
}

/** A fresh account (an editor unless told), signed in just now on a browser of its own. */
const signedInAccount = async (roles: string[] = ['editor']) => {
  const email = `sudo-${++accounts}@example.com`
  const user = await app.payload.create({
    collection: 'users',
    data: { email, password, roles } as never,
  })
  return { browser: await signIn(email), email, id: user.id as number }
}

/**
 * What a stolen session looks like: its sign-in was longer ago than the window. The proof is moved
 * into the past in the database rather than waited for.
 */
const ageSessionsOf = (userId: number) =>
  sql(
    `UPDATE sessions SET proved_at = now() - interval '${windowMinutes + 1} minutes' WHERE user_id = $1`,
    [userId],
  )

const patchEmail = (browser: RestClient, id: number, email: string) =>
  browser.request('PATCH', `/users/${id}`, { body: { email } })
const storedEmail = async (id: number) =>
  (await sql('SELECT email FROM users WHERE id = $1', [id]))[0]?.email
const signedIn = async (browser: RestClient) => (await browser.get('/users/me')).body?.user != null

describe('a stolen session (signed in longer ago than the window)', () => {
  it('cannot change its email: 403 REAUTHENTICATION_REQUIRED, the address stays', async () => {
    const { browser, email, id } = await signedInAccount()
    await ageSessionsOf(id)
    const response = await patchEmail(browser, id, 'attacker@example.net')
    expect(response.status).toBe(403)
    expect(codeOf(response)).toBe('REAUTHENTICATION_REQUIRED')
    expect(await storedEmail(id)).toBe(email)
  })

  it('cannot change its email through GraphQL either', async () => {
    const { browser, email, id } = await signedInAccount()
    await ageSessionsOf(id)
    const response = await browser.post('/graphql', {
      query: `mutation { updateUser(id: ${id}, data: { email: "attacker@example.net" }) { email } }`,
    })
    expect(JSON.stringify(response.body)).toContain('REAUTHENTICATION_REQUIRED')
    expect(response.body?.data?.updateUser ?? null).toBeNull()
    expect(await storedEmail(id)).toBe(email)
  })

  it('cannot start two-factor enrolment', async () => {
    const { browser, id } = await signedInAccount()
    await ageSessionsOf(id)
    const response = await browser.get('/users/mfa/totp/setup')
    expect(response.status).toBe(403)
    expect(codeOf(response)).toBe('REAUTHENTICATION_REQUIRED')
    expect(response.body.secret).toBeUndefined()
    const [row] = await sql('SELECT totp_config_status AS status FROM users WHERE id = $1', [id])
    expect(row?.status).toBeNull()
  })

  it('cannot ask for its second factor to be removed', async () => {
    const { browser, id } = await signedInAccount()
    await enrol(browser)
    await ageSessionsOf(id)
    const response = await browser.post('/users/mfa/totp/request-reset', {
      reason: 'I lost the phone with my authenticator app on it',
    })
    expect(response.status).toBe(403)
    expect(codeOf(response)).toBe('REAUTHENTICATION_REQUIRED')
    expect(
      await sql('SELECT id FROM two_factor_reset_requests WHERE requested_by_id = $1', [id]),
    ).toEqual([])
  })

  it("of an administrator cannot approve the removal of someone's second factor", async () => {
    const { browser, id } = await signedInAccount()
    await enrol(browser)
    const requested = await browser.post('/users/mfa/totp/request-reset', {
      reason: 'I lost the phone with my authenticator app on it',
    })
    expect(requested.status).toBe(200)
    const [request] = await sql(
      'SELECT id FROM two_factor_reset_requests WHERE requested_by_id = $1',
      [id],
    )
    const reviewer = await signedInAccount(['admin'])
    await ageSessionsOf(reviewer.id)
    const refused = await reviewer.browser.post(
      `/two-factor-reset-requests/${request!.id}/approve`,
      {},
    )
    expect(refused.status).toBe(403)
    expect(codeOf(refused)).toBe('REAUTHENTICATION_REQUIRED')
    const [state] = await sql('SELECT totp_config_status AS status FROM users WHERE id = $1', [id])
    expect(state?.status).toBe('enabled')

    expect((await reviewer.browser.post('/users/confirm-password', { password })).status).toBe(200)
    const approved = await reviewer.browser.post(
      `/two-factor-reset-requests/${request!.id}/approve`,
      {},
    )
    expect(approved.status).toBe(200)
  })

  it('cannot remove its trusted devices until it confirms the password', async () => {
    const { browser: setup, email, id } = await signedInAccount()
    const secret = await enrol(setup)
    nextTimeStep()
    const browser = app.client()
    await browser.post('/users/login', { email, password })
    const trusted = await browser.post('/users/mfa/totp/authenticate', {
      code: await authenticatorCode(secret),
      trustThisDevice: true,
    })
    expect(trusted.status).toBe(200)
    const [device] = await sql('SELECT id FROM trusted_devices WHERE user_id = $1', [id])
    await ageSessionsOf(id)

    const refused = await browser.post(`/users/mfa/trusted-devices/${device!.id}/remove`)
    expect(refused.status).toBe(403)
    expect(codeOf(refused)).toBe('REAUTHENTICATION_REQUIRED')
    expect(await sql('SELECT id FROM trusted_devices WHERE user_id = $1', [id])).toHaveLength(1)

    expect((await browser.post('/users/confirm-password', { password })).status).toBe(200)
    const removed = await browser.post(`/users/mfa/trusted-devices/${device!.id}/remove`)
    expect(removed.status).toBe(200)
    expect(await sql('SELECT id FROM trusted_devices WHERE user_id = $1', [id])).toEqual([])
  })

  it("of an administrator cannot redirect another administrator's mail", async () => {
    const other = await signedInAccount(['admin'])
    const stolen = await signedInAccount(['admin'])
    await ageSessionsOf(stolen.id)
    const response = await patchEmail(stolen.browser, other.id, 'attacker@example.net')
    expect(response.status).toBe(403)
    expect(codeOf(response)).toBe('REAUTHENTICATION_REQUIRED')
    expect(await storedEmail(other.id)).toBe(other.email)
  })
})

describe('confirming the password', () => {
  it('opens the window again: the email change goes through', async () => {
    const { browser, id } = await signedInAccount()
    await ageSessionsOf(id)
    const confirmed = await browser.post('/users/confirm-password', { password })
    expect(confirmed.status).toBe(200)
    expect(confirmed.body).toMatchObject({
      message: expect.stringContaining(`next ${windowMinutes} minutes`),
      windowMinutes,
    })
    const changed = await patchEmail(browser, id, `confirmed-${id}@example.com`)
    expect(changed.status).toBe(200)
    expect(await storedEmail(id)).toBe(`confirmed-${id}@example.com`)
  })

  it('with a wrong password is refused, counts as a failed attempt, and ends in the lockout', async () => {
    const { browser, email, id } = await signedInAccount()
    await ageSessionsOf(id)
    await sql('DELETE FROM login_throttles')
    const wrong = await browser.post('/users/confirm-password', { password: 'not-my-password' })
    expect(wrong.status).toBe(400)
    expect(codeOf(wrong)).toBe('CURRENT_PASSWORD_INCORRECT')
    // Counted on the budget of this browser, which the account knows from its sign-in (device
    // cookies): the same budget its sign-in form spends.
    const [row] = await sql(
      "SELECT consecutive_failures::int AS failures FROM login_throttles WHERE key LIKE 'known-browser:%'",
    )
    expect(row?.failures).toBe(1)
    expect(codeOf(await patchEmail(browser, id, 'attacker@example.net'))).toBe(
      'REAUTHENTICATION_REQUIRED',
    )
    const { docs } = await app.payload.find({
      collection: 'audit-log' as never,
      overrideAccess: true,
      where: { event: { equals: 'password.confirmFailed' }, user: { equals: email } } as never,
    })
    expect(docs).toHaveLength(1)

    // The default lockout allows 5 failures before the first wait: a guesser is then stopped even
    // with the right password.
    for (let failure = 2; failure <= 5; failure++) {
      await browser.post('/users/confirm-password', { password: `guess-${failure}` })
    }
    const locked = await browser.post('/users/confirm-password', { password })
    expect(locked.status).toBe(403)
    expect(codeOf(locked)).toBe('LOGIN_TEMPORARILY_BLOCKED')
    expect(await storedEmail(id)).toBe(email)
  })

  it('is only for a signed-in user', async () => {
    const response = await app.client().post('/users/confirm-password', { password })
    expect(response.status).toBe(401)
    expect(codeOf(response)).toBe('AUTHENTICATION_REQUIRED')
  })
})

describe('a fresh sign-in', () => {
  it('is within the window: enrolment starts without asking again', async () => {
    const { browser } = await signedInAccount()
    const setup = await browser.get('/users/mfa/totp/setup')
    expect(setup.status).toBe(200)
    expect(setup.body.secret).toEqual(expect.any(String))
  })

  it('stays within the window until it is over', async () => {
    const { browser, id } = await signedInAccount()
    await sql(
      `UPDATE sessions SET proved_at = now() - interval '${windowMinutes - 1} minutes' WHERE user_id = $1`,
      [id],
    )
    expect((await patchEmail(browser, id, `still-fresh-${id}@example.com`)).status).toBe(200)
  })
})

describe('an email change', () => {
  it('ends the other sessions, tells the old address, and its undo link restores it once', async () => {
    const { browser, email, id } = await signedInAccount()
    const elsewhere = await signIn(email)
    const newEmail = `moved-${id}@example.com`

    expect((await patchEmail(browser, id, newEmail)).status).toBe(200)
    expect(await storedEmail(id)).toBe(newEmail)
    expect(await signedIn(browser)).toBe(true)
    expect(await signedIn(elsewhere)).toBe(false)

    const notice = await inbox.waitFor((mail) => mail.to.includes(email))
    expect(notice.subject).toBe('The email address of your account was changed')
    expect(notice.text).toContain(newEmail)
    const link = linksIn(notice).find((url) => url.includes('/undo-email-change?token='))!
    expect(link).toBeDefined()
    const path = new URL(link).pathname.replace(/^\/api/, '') + new URL(link).search

    // Opening the link (a mail scanner does) changes nothing.
    const page = await app.client().get(path, { accept: 'text/html' })
    expect(page.status).toBe(200)
    expect(String(page.body)).toContain(newEmail)
    expect(await storedEmail(id)).toBe(newEmail)

    const undone = await app.client().post(path)
    expect(undone.status).toBe(200)
    expect(undone.body).toEqual({ undone: true })
    expect(await storedEmail(id)).toBe(email)
    expect(await signedIn(browser)).toBe(false)
    expect(
      await sql('SELECT id FROM sessions WHERE user_id = $1 AND revoked_at IS NULL', [id]),
    ).toEqual([])

    const again = await app.client().post(path)
    expect(again.status).toBe(400)
    expect(codeOf(again)).toBe('TOKEN_INVALID_OR_EXPIRED')

    const { docs } = await app.payload.find({
      collection: 'audit-log' as never,
      overrideAccess: true,
      sort: 'timestamp',
      where: {
        event: { in: ['account.emailChanged', 'account.emailChangeUndone'] },
        userId: { equals: String(id) },
      } as never,
    })
    expect(docs.map((entry) => (entry as unknown as { event: string }).event)).toEqual([
      'account.emailChanged',
      'account.emailChangeUndone',
    ])
  })

  it("by an administrator ends every session of the account and stores only the undo link's hash", async () => {
    const { browser, email, id } = await signedInAccount()
    const newEmail = `admin-moved-${id}@example.com`
    expect((await patchEmail(admin, id, newEmail)).status).toBe(200)
    expect(await signedIn(browser)).toBe(false)
    expect(await signedIn(admin)).toBe(true)
    const notice = await inbox.waitFor((mail) => mail.to.includes(email))
    const token = new URL(linksIn(notice).find((url) => url.includes('token='))!).searchParams.get(
      'token',
    )!
    const rows = await sql('SELECT token_hash FROM email_changes WHERE user_id = $1', [id])
    expect(rows).toEqual([{ token_hash: expect.stringMatching(/^[0-9a-f]{64}$/) }])
    expect(JSON.stringify(rows)).not.toContain(token)
  })

  it('does not keep the account from being deleted, and its undo link then finds nothing', async () => {
    const { email, id } = await signedInAccount()
    expect((await patchEmail(admin, id, `deleted-later-${id}@example.com`)).status).toBe(200)
    const notice = await inbox.waitFor((mail) => mail.to.includes(email))
    const link = new URL(linksIn(notice).find((url) => url.includes('token='))!)
    const path = link.pathname.replace(/^\/api/, '') + link.search

    expect((await admin.request('DELETE', `/users/${id}`)).status).toBe(200)
    expect(await sql('SELECT id FROM users WHERE id = $1', [id])).toEqual([])
    expect(await sql('SELECT id FROM email_changes WHERE user_id = $1', [id])).toEqual([])
    const undo = await app.client().post(path)
    expect(undo.status).toBe(400)
    expect(codeOf(undo)).toBe('TOKEN_INVALID_OR_EXPIRED')
  })

  it('is refused a made-up undo link', async () => {
    const response = await app.client().post(`/users/undo-email-change?token=${'a'.repeat(43)}`)
    expect(response.status).toBe(400)
    expect(codeOf(response)).toBe('TOKEN_INVALID_OR_EXPIRED')
  })
})
