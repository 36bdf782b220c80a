import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'

import type { Json } from '../helpers/json.js'
import type { RestClient } from '../helpers/restClient.js'

import { createToken } from '../../src/shared/lib/tokens.js'
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
      await sql('SELECT id FROM two_factor_reset_requests WHERE requester_id = $1', [id]),
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
      'SELECT id FROM two_factor_reset_requests WHERE requester_id = $1',
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

    // The second sign-in above came from a new browser, so a new-browser notice may arrive first.
    const notice = await inbox.waitFor(
      (mail) =>
        mail.to.includes(email) && mail.subject === 'The email address of your account was changed',
    )
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
    const notice = await inbox.waitFor(
      (mail) => mail.to.includes(email) && mail.text.includes('/undo-email-change?token='),
    )
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
    const notice = await inbox.waitFor(
      (mail) => mail.to.includes(email) && mail.text.includes('/undo-email-change?token='),
    )
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

/** The undo link's path (under the API route) in the latest email to `to` that carries one. */
const undoLinkTo = async (to: string) => {
  const notice = await inbox.waitFor(
    (mail) =>
      mail.to.includes(to) && linksIn(mail).some((url) => url.includes('undo-email-change')),
  )
  const link = new URL(linksIn(notice).find((url) => url.includes('undo-email-change'))!)
  return link.pathname.replace(/^\/api/, '') + link.search
}
/** Every undo link any email to `to` ever carried. */
const undoLinksEverSentTo = (to: string) =>
  inbox.received
    .filter((mail) => mail.to.includes(to))
    .flatMap(linksIn)
    .filter((url) => url.includes('undo-email-change'))
const pendingUndoRows = (id: number) =>
  sql(
    `SELECT previous_email FROM email_changes WHERE user_id = $1 AND kind = 'change'
       AND undone_at IS NULL AND voided_at IS NULL AND expires_at > now()`,
    [id],
  )

describe('finding 1: the undo of an email change cannot be turned against the owner', () => {
  it('A→B by a thief, then an administrator puts A back: B gets no undo link, the run is voided, the thief cannot take the account back', async () => {
    const { email: a, id } = await signedInAccount()
    const thief = await signIn(a)
    const b = `thief-b-${id}@example.net`
    expect((await patchEmail(thief, id, b)).status).toBe(200)
    const ownersLink = await undoLinkTo(a)

    expect((await patchEmail(admin, id, a)).status).toBe(200)
    expect(await storedEmail(id)).toBe(a)
    // The repair tells B, without a link, and voids the owner's link too.
    const told = await inbox.waitFor((mail) => mail.to.includes(b) && mail.text.includes(`to ${a}`))
    expect(linksIn(told)).toEqual([])
    expect(undoLinksEverSentTo(b)).toEqual([])
    expect(await pendingUndoRows(id)).toEqual([])
    const stale = await app.client().post(ownersLink)
    expect(stale.status).toBe(400)
    expect(codeOf(stale)).toBe('TOKEN_INVALID_OR_EXPIRED')
    expect(await storedEmail(id)).toBe(a)
    // A reset asked for B reaches nobody: the account's address is A.
    await app.client().post('/users/forgot-password', { email: b })
    expect(
      inbox.received.filter((mail) => mail.to.includes(b) && /reset/i.test(mail.subject)),
    ).toEqual([])
  })

  it('A→B→C by a thief: the owner undoes with the link sent to A, every address is told, and the thief holds no link for B or C', async () => {
    const { browser: owner, email: a, id } = await signedInAccount()
    const thief = await signIn(a)
    const b = `thief-b-${id}@example.net`
    const c = `thief-c-${id}@example.net`
    expect((await patchEmail(thief, id, b)).status).toBe(200)
    const firstLink = await undoLinkTo(a)
    expect((await patchEmail(thief, id, c)).status).toBe(200)
    // B is told without a link; A gets a second link, which also restores A.
    await inbox.waitFor((mail) => mail.to.includes(b) && mail.text.includes(c))
    expect(undoLinksEverSentTo(b)).toEqual([])
    expect(undoLinksEverSentTo(c)).toEqual([])
    expect(await pendingUndoRows(id)).toEqual([{ previous_email: a }, { previous_email: a }])

    // The owner's first link survived the thief's second change and restores A, not B.
    const undone = await app.client().post(firstLink)
    expect(undone.status).toBe(200)
    expect(await storedEmail(id)).toBe(a)
    expect(await signedIn(thief)).toBe(false)
    expect(await signedIn(owner)).toBe(false)
    expect(await pendingUndoRows(id)).toEqual([])
    for (const address of [a, b, c]) {
      const notice = await inbox.waitFor(
        (mail) => mail.to.includes(address) && mail.subject.includes('was undone'),
      )
      expect(notice.text).toContain(a)
      expect(linksIn(notice)).toEqual([])
    }
    // Nothing the thief could have been sent brings B or C back.
    expect([...undoLinksEverSentTo(b), ...undoLinksEverSentTo(c)]).toEqual([])
    expect(await storedEmail(id)).toBe(a)
  })

  it("a thief's link for an address a recent change had set (sent before this rule) restores nothing", async () => {
    const { email: a, id } = await signedInAccount()
    const thief = await signIn(a)
    const b = `thief-b-${id}@example.net`
    const c = `thief-c-${id}@example.net`
    expect((await patchEmail(thief, id, b)).status).toBe(200)
    expect((await patchEmail(thief, id, c)).status).toBe(200)
    // What the old version recorded for B→C: a link to B that "restores" B.
    const { hash, token } = createToken()
    await sql(
      `INSERT INTO email_changes (user_id, kind, previous_email, new_email, token_hash, expires_at, updated_at, created_at)
       VALUES ($1, 'change', $2, $3, $4, now() + interval '7 days', now(), now())`,
      [id, b, c, hash],
    )
    const response = await app.client().post(`/users/undo-email-change?token=${token}`)
    expect(response.status).toBe(400)
    expect(codeOf(response)).toBe('TOKEN_INVALID_OR_EXPIRED')
    expect(await storedEmail(id)).toBe(c)
    // The owner's link still restores A.
    expect((await app.client().post(await undoLinkTo(a))).status).toBe(200)
    expect(await storedEmail(id)).toBe(a)
  })

  it('an undo racing a change of the address: no link ever reaches an address the thief set, and A can always undo', async () => {
    for (let trial = 0; trial < 4; trial++) {
      const { email: a, id } = await signedInAccount()
      const thief = await signIn(a)
      const b = `race-b-${id}@example.net`
      const d = `race-d-${id}@example.net`
      expect((await patchEmail(thief, id, b)).status).toBe(200)
      const link = await undoLinkTo(a)
      const [undo] = await Promise.all([app.client().post(link), patchEmail(thief, id, d)])
      expect(undo.status).toBe(200)
      expect(undoLinksEverSentTo(b)).toEqual([])
      expect(undoLinksEverSentTo(d)).toEqual([])
      const stored = await storedEmail(id)
      expect([a, d]).toContain(stored)
      if (stored !== a) {
        // The change won after the undo: A holds a working link for it.
        expect(await pendingUndoRows(id)).toEqual([{ previous_email: a }])
      }
    }
  })
})

describe('finding 6: changing roles or another account’s sign-in method needs a fresh proof', () => {
  it("a stolen administrator session cannot change another account's roles, nor its own", async () => {
    const other = await signedInAccount(['editor'])
    const stolen = await signedInAccount(['admin'])
    await ageSessionsOf(stolen.id)
    const promote = await stolen.browser.request('PATCH', `/users/${other.id}`, {
      body: { roles: ['admin'] },
    })
    expect(promote.status).toBe(403)
    expect(codeOf(promote)).toBe('REAUTHENTICATION_REQUIRED')
    expect(await sql('SELECT value FROM users_roles WHERE parent_id = $1', [other.id])).toEqual([
      { value: 'editor' },
    ])
    const demoteSelf = await stolen.browser.request('PATCH', `/users/${stolen.id}`, {
      body: { roles: ['editor'] },
    })
    expect(demoteSelf.status).toBe(403)
    // The same roles in a save of the whole form are no change and need no proof.
    const unchanged = await stolen.browser.request('PATCH', `/users/${other.id}`, {
      body: { name: 'Renamed', roles: ['editor'] },
    })
    expect(unchanged.status).toBe(200)
    // An editor may not choose roles at all: Payload drops the field, and no proof is asked for.
    await ageSessionsOf(other.id)
    const selfPromotion = await other.browser.request('PATCH', `/users/${other.id}`, {
      body: { roles: ['admin'] },
    })
    expect(selfPromotion.status).toBe(200)
    expect(await sql('SELECT value FROM users_roles WHERE parent_id = $1', [other.id])).toEqual([
      { value: 'editor' },
    ])
  })

  it('a stolen administrator session cannot move another administrator to single sign-on', async () => {
    const other = await signedInAccount(['admin'])
    const stolen = await signedInAccount(['admin'])
    await ageSessionsOf(stolen.id)
    const response = await stolen.browser.request('PATCH', `/users/${other.id}`, {
      body: { identityProvider: 'corporate' },
    })
    expect(response.status).toBe(403)
    expect(codeOf(response)).toBe('REAUTHENTICATION_REQUIRED')
    expect(
      (await sql('SELECT identity_provider FROM users WHERE id = $1', [other.id]))[0]
        ?.identity_provider ?? 'local',
    ).toBe('local')
    expect(await signedIn(await signIn(other.email))).toBe(true)
  })

  it('an administrator who just confirmed the password changes roles', async () => {
    const other = await signedInAccount(['editor'])
    const fresh = await signedInAccount(['admin'])
    await ageSessionsOf(fresh.id)
    expect((await fresh.browser.post('/users/confirm-password', { password })).status).toBe(200)
    const promote = await fresh.browser.request('PATCH', `/users/${other.id}`, {
      body: { roles: ['admin'] },
    })
    expect(promote.status).toBe(200)
  })
})
