import type { PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/server'

import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'

import type { Json } from '../helpers/json.js'
import type { RestClient } from '../helpers/restClient.js'

import { type DemoOidcProvider, startDemoOidcProvider } from '../../dev/sso/demoOidcProvider.js'
import { linksIn, startSmtpInbox } from '../helpers/smtpInbox.js'
import { softAuthenticator } from '../helpers/softAuthenticator.js'
import { sqlOn } from '../helpers/sql.js'
import { startTestPayload, type TestPayload } from '../helpers/testPayload.js'
import { authenticatorCode, enrol, nextTimeStep } from '../helpers/twoFactor.js'

/**
 * Recovery evicts the intruder: a thief who holds the password plants a way back in (a reset link
 * at their address, a passkey, an app, recovery codes); each recovery path (the owner's undo, an
 * administrator's repair, the owner's "this wasn't me") must leave them no way in, and a mailbox
 * alone must never remove the factor: the account is held for an administrator's review instead.
 */
const origin = 'http://localhost:3000'
const password = 'a-long-and-unusual-passphrase-42'
const newPassword = 'another-long-passphrase-for-the-owner-77'
let app: TestPayload
let inbox: Awaited<ReturnType<typeof startSmtpInbox>>
let admin: RestClient
/** A corporate OpenID provider on loopback, where the thief holds an identity with their own address. */
let corporate: DemoOidcProvider
const corporateClient = {
  clientId: 'backoffice-corporate',
  clientSecret: 'a-client-secret-for-the-recovery-matrix',
  redirectUris: [`${origin}/api/admin/oauth/callback/corporate`],
}
let accounts = 0
const sql = sqlOn(() => app.payload)

beforeAll(async () => {
  inbox = await startSmtpInbox()
  corporate = await startDemoOidcProvider({ clients: [corporateClient] })
  app = await startTestPayload({
    backofficeOptions: {
      lockout: { suspendAfter: 100, threshold: 50 },
      passkeys: { passwordless: true },
      sso: {
        providers: [
          {
            ...corporateClient,
            id: 'corporate',
            issuer: corporate.issuer,
            kind: 'oidc',
            label: 'Corporate SSO',
          },
        ],
      },
    },
    smtpUrl: inbox.url,
  })
  admin = app.client()
  expect(
    (await admin.post('/users/first-register', { email: 'admin@example.com', password })).status,
  ).toBe(200)
})
afterAll(async () => {
  await app?.close()
  await inbox?.close()
  await corporate?.close()
})
beforeEach(async () => {
  await sql('DELETE FROM login_throttles')
})

const codeOf = (response: { body: Json }) => response.body?.errors?.[0]?.data?.code
const apiPath = (link: string) => {
  const url = new URL(link)
  return url.pathname.replace(/^\/api/, '') + url.search
}

/** An editor whose password the thief holds, and the thief's own signed-in client. */
const victim = async ({ ownerSignedInBefore = false } = {}) => {
  const email = `owner-${++accounts}@example.com`
  const user = await app.payload.create({
    collection: 'users',
    data: { email, password, roles: ['editor'] } as never,
  })
  if (ownerSignedInBefore) {
    // The owner's own browser: the thief's sign-in is then from a browser the account has not used.
    expect((await app.client().post('/users/login', { email, password })).status).toBe(200)
  }
  const thief = app.client()
  expect((await thief.post('/users/login', { email, password })).status).toBe(200)
  return {
    authenticator: softAuthenticator({ origin, rpId: 'localhost' }),
    email,
    /** Whether the thief's authenticator holds a passkey for the account. */
    hasPasskey: false,
    id: user.id as number,
    /** The thief's identity at the corporate provider, once they linked it to the account. */
    identity: null as null | { email: string; email_verified: true; sub: string },
    thief,
    thiefAddress: `thief-${accounts}@example.net`,
    /** The thief's own browser's trusted-device cookie, once they trusted it. */
    trustedDevice: null as null | string,
  }
}
type Victim = Awaited<ReturnType<typeof victim>>

const latestLink = async (to: string, part: string, subject?: RegExp) => {
  const mail = await inbox.waitFor(
    (candidate) =>
      candidate.to.includes(to) &&
      (!subject || subject.test(candidate.subject)) &&
      linksIn(candidate).some((url) => url.includes(part)),
  )
  return apiPath(linksIn(mail).find((url) => url.includes(part))!)
}

const moveAddress = async (person: Victim) => {
  const moved = await person.thief.request('PATCH', `/users/${person.id}`, {
    body: { email: person.thiefAddress },
  })
  expect(moved.status, JSON.stringify(moved.body)).toBe(200)
}

const addPasskey = async (person: Victim) => {
  const options = await person.thief.post<PublicKeyCredentialCreationOptionsJSON & Json>(
    '/users/mfa/passkeys/registration-options',
  )
  expect(options.status).toBe(200)
  const added = await person.thief.post('/users/mfa/passkeys', {
    response: person.authenticator.create(options.body as PublicKeyCredentialCreationOptionsJSON),
  })
  expect(added.status, JSON.stringify(added.body)).toBe(200)
  person.hasPasskey = true
}

/**
 * `browser` presses the corporate provider's button (`query` names the flow), signs in there as
 * `identity` and follows the redirect back: the callback's answer.
 */
const viaCorporate = async (
  browser: RestClient,
  query: string,
  identity: { email: string; email_verified: true; sub: string },
) => {
  const started = await browser.get(`/admin/oauth/authorization/corporate?${query}`)
  expect(started.status).toBe(303)
  corporate.signInNext(identity)
  const back = new URL(await corporate.authorize(started.headers.get('location')!))
  return browser.get(`${back.pathname.replace(/^\/api/, '')}${back.search}`)
}

/** Every route the thief could try: their session, the password, their passkey, a reset link. */
const thiefWaysIn = async (person: Victim, resetLink?: string) => {
  const ways: string[] = []
  if ((await person.thief.get('/users/me')).body?.user) ways.push('session')
  for (const email of [person.email, person.thiefAddress]) {
    if ((await app.client().post('/users/login', { email, password })).status === 200) {
      ways.push('password')
    }
  }
  const client = app.client()
  const options = await client.post('/users/passkey/sign-in/options')
  if (options.status === 200 && person.hasPasskey) {
    const done = await client.post('/users/passkey/sign-in', {
      response: person.authenticator.get(options.body as never),
    })
    if (done.status === 200) ways.push('passkey')
  }
  if (person.identity) {
    // The thief's identity at the provider: the whole round trip, as their browser would make it.
    const answer = await viaCorporate(app.client(), 'flow=default', person.identity)
    if (answer.headers.getSetCookie().some((cookie) => cookie.startsWith('payload-token='))) {
      ways.push('linkedIdentity')
    }
  }
  if (person.trustedDevice) {
    // The thief's trusted browser, with the password at either address: no second factor skipped.
    for (const email of [person.email, person.thiefAddress]) {
      const browser = app.client()
      browser.cookies.set('payload-trusted-device', person.trustedDevice)
      const signIn = await browser.post('/users/login', { email, password })
      if (signIn.status === 200 && (await browser.get('/users/me')).body?.user) {
        ways.push('trustedDevice')
      }
    }
  }
  if (resetLink) {
    const token = new URL(resetLink, origin).searchParams.get('token')
    const reset = await app.client().post('/users/reset-password', {
      password: 'the-thiefs-own-new-passphrase-31',
      token,
    })
    if (reset.status === 200) ways.push('resetLink')
  }
  return ways
}

const securityOf = async (id: number) =>
  (
    await sql(
      'SELECT security_status AS status, security_suspension_reason AS reason FROM users WHERE id = $1',
      [id],
    )
  )[0]

const passkeysOf = async (id: number) =>
  (await sql('SELECT id FROM passkeys WHERE user_id = $1', [id])).length

/**
 * A reset link asked for the account's address (the owner's mailbox), a new password set with it,
 * then a sign-in with that password: both answers.
 */
const resetFromMailbox = async (person: Victim) => {
  expect((await app.client().post('/users/forgot-password', { email: person.email })).status).toBe(
    200,
  )
  const link = await latestLink(person.email, 'token=', /reset/i)
  const token = new URL(link, origin).searchParams.get('token')
  const reset = await app.client().post('/users/reset-password', { password: newPassword, token })
  const signIn = await app.client().post('/users/login', {
    email: person.email,
    password: newPassword,
  })
  return { reset, signIn }
}

/** The owner gets back in with a reset link sent to their own address, and signs in. */
const ownerGetsBackIn = async (person: Victim) => {
  const { reset, signIn } = await resetFromMailbox(person)
  expect(reset.status, JSON.stringify(reset.body)).toBe(200)
  expect(signIn.status, JSON.stringify(signIn.body)).toBe(200)
}

/** An administrator approves the account's recovery review (signed in just now: sudo mode). */
const approveReview = async (person: Victim) => {
  const reviewer = app.client()
  expect(
    (await reviewer.post('/users/login', { email: 'admin@example.com', password })).status,
  ).toBe(200)
  const review = await reviewer.get(`/users/${person.id}/recovery-review`)
  expect(review.status).toBe(200)
  const approved = await reviewer.post(`/users/${person.id}/recovery-review/approve`)
  expect(approved.status, JSON.stringify(approved.body)).toBe(200)
  return review.body as { added: { kind: string }[]; since: string }
}

describe('finding 1: the thief’s password-reset link dies with the address it was sent to', () => {
  it('after the owner’s undo', async () => {
    const person = await victim()
    await moveAddress(person)
    expect(
      (await app.client().post('/users/forgot-password', { email: person.thiefAddress })).status,
    ).toBe(200)
    const resetLink = await latestLink(person.thiefAddress, 'token=', /reset/i)
    const undo = await latestLink(person.email, 'undo-email-change')
    expect((await app.client().post(undo)).status).toBe(200)
    expect(await thiefWaysIn(person, resetLink)).toEqual([])
    await ownerGetsBackIn(person)
  })

  it('after an administrator puts the address back', async () => {
    const person = await victim()
    await moveAddress(person)
    expect(
      (await app.client().post('/users/forgot-password', { email: person.thiefAddress })).status,
    ).toBe(200)
    const resetLink = await latestLink(person.thiefAddress, 'token=', /reset/i)
    const repaired = await admin.request('PATCH', `/users/${person.id}`, {
      body: { email: person.email },
    })
    expect(repaired.status, JSON.stringify(repaired.body)).toBe(200)
    expect(await thiefWaysIn(person, resetLink)).toEqual([])
    await ownerGetsBackIn(person)
  })
})

describe('finding 2: an undo evicts what the thief added during the run, not only the address', () => {
  it('a passkey added during the run is held for review, then removed by an administrator', async () => {
    const person = await victim()
    await moveAddress(person)
    await addPasskey(person)
    // The notice of the passkey also reached the run's first address.
    await latestLink(person.email, 'sign-in-change/report', /passkey/i)
    const undo = await latestLink(person.email, 'undo-email-change')
    expect((await app.client().post(undo)).status).toBe(200)
    expect(await securityOf(person.id)).toEqual({ reason: 'recoveryReview', status: 'suspended' })
    expect(await thiefWaysIn(person)).toEqual([])
    // A mailbox alone removed nothing.
    expect(await passkeysOf(person.id)).toBe(1)
    // A reset does not lift the hold.
    expect(
      (await app.client().post('/users/forgot-password', { email: person.email })).status,
    ).toBe(200)
    const review = await approveReview(person)
    expect(review.added.map(({ kind }) => kind)).toContain('passkey')
    expect(await passkeysOf(person.id)).toBe(0)
    expect(await thiefWaysIn(person)).toEqual([])
    await ownerGetsBackIn(person)
  })
})

describe('finding 3: "This wasn’t me" on the passkey email evicts a thief who only added a passkey', () => {
  it('suspends for review, the thief’s passkey no longer signs in, and only an administrator removes it', async () => {
    const person = await victim()
    await addPasskey(person)
    const report = await latestLink(person.email, 'sign-in-change/report', /passkey/i)
    // Opening the link (a mail scanner) changes nothing.
    expect((await app.client().get(report, { accept: 'text/html' })).status).toBe(200)
    expect(await securityOf(person.id)).toEqual({ reason: null, status: 'active' })
    expect((await app.client().post(report)).status).toBe(200)
    expect(await securityOf(person.id)).toEqual({ reason: 'recoveryReview', status: 'suspended' })
    expect(await thiefWaysIn(person)).toEqual([])
    expect(await passkeysOf(person.id)).toBe(1)
    expect((await app.client().post(report)).status).toBe(400)
    await approveReview(person)
    expect(await passkeysOf(person.id)).toBe(0)
    await ownerGetsBackIn(person)
    expect(await thiefWaysIn(person)).toEqual([])
  })
})

describe('finding 4: a run’s first address is reserved while its undo is open', () => {
  it('no other account may take it, and the owner’s undo still works', async () => {
    const person = await victim()
    await moveAddress(person)
    const insider = await app.payload.create({
      collection: 'users',
      data: { email: `insider-${person.id}@example.com`, password, roles: ['editor'] } as never,
    })
    const taken = await admin.request('PATCH', `/users/${insider.id}`, {
      body: { email: person.email },
    })
    expect(taken.status).toBe(409)
    expect(codeOf(taken)).toBe('EMAIL_RESERVED')
    const created = await admin.post('/users', {
      email: person.email,
      password,
      roles: ['editor'],
    })
    expect(created.status).toBe(409)
    const undo = await latestLink(person.email, 'undo-email-change')
    expect((await app.client().post(undo)).status).toBe(200)
    expect((await sql('SELECT email FROM users WHERE id = $1', [person.id]))[0]?.email).toBe(
      person.email,
    )
    expect(await thiefWaysIn(person)).toEqual([])
  })
})

/**
 * The thief links their own identity at the corporate provider (finding 2b): the account's address
 * is theirs by now, so the provider proves it, and the link flow voids the password.
 */
const linkIdentity = async (person: Victim) => {
  const identity = {
    email: person.thiefAddress,
    email_verified: true as const,
    sub: `thief-at-corporate-${person.id}`,
  }
  const linked = await viaCorporate(person.thief, 'flow=link&redirect=%2Fadmin%2Faccount', identity)
  expect(linked.headers.get('location')).toBe(`${origin}/admin/account`)
  expect(
    (await sql('SELECT identity_provider FROM users WHERE id = $1', [person.id]))[0]
      ?.identity_provider,
  ).toBe('corporate')
  person.identity = identity
  // The thief's identity signs in as the account: a way in of its own.
  expect(await thiefWaysIn(person)).toContain('linkedIdentity')
}

/**
 * The thief turns on an app and trusts their browser with a code from it: that browser would skip
 * the second factor for a month (`twoFactor.trustedDeviceDays`).
 */
const trustBrowser = async (person: Victim) => {
  const secret = await enrol(person.thief)
  nextTimeStep()
  const browser = app.client()
  const email = (await sql('SELECT email FROM users WHERE id = $1', [person.id]))[0]!.email
  expect((await browser.post('/users/login', { email, password })).status).toBe(200)
  const trusted = await browser.post('/users/mfa/totp/authenticate', {
    code: await authenticatorCode(secret),
    trustThisDevice: true,
  })
  // Back to the real clock: a frozen `Date` would skew every later test's "since" against the database's.
  vi.useRealTimers()
  expect(trusted.status, JSON.stringify(trusted.body)).toBe(200)
  person.trustedDevice = browser.cookies.get('payload-trusted-device')!
  expect(person.trustedDevice).toBeTruthy()
  expect(await trustedDevicesOf(person.id)).toBe(1)
}

/**
 * What a thief with the password and a fresh session can add, and the notice each one sends (with its
 * "This wasn't me" link, also to a run's first address). A linked identity needs the address moved
 * first, on every path: the provider must prove the account's address.
 */
const actions: Record<
  string,
  { add: (person: Victim) => Promise<void>; movesAddress?: true; notice: RegExp }
> = {
  app: {
    add: async (person: Victim) => {
      await enrol(person.thief)
    },
    notice: /Two-factor authentication is on/,
  },
  linkedIdentity: { add: linkIdentity, movesAddress: true, notice: /sign-in method has changed/ },
  passkey: { add: addPasskey, notice: /passkey was added/i },
  recoveryCodes: {
    add: async (person: Victim) => {
      await addPasskey(person)
      expect((await person.thief.post('/users/mfa/recovery-codes')).status).toBe(200)
    },
    notice: /Recovery codes/,
  },
  trustedDevice: { add: trustBrowser, notice: /Two-factor authentication is on/ },
}

const trustedDevicesOf = async (id: number) =>
  (await sql('SELECT id FROM trusted_devices WHERE user_id = $1', [id])).length

const factorsOf = async (id: number) => ({
  app:
    (await sql('SELECT totp_config_status AS s FROM users WHERE id = $1', [id]))[0]?.s ===
    'enabled',
  passkeys: await passkeysOf(id),
  linkedIdentities: (await sql('SELECT id FROM accounts WHERE user_id = $1', [id])).length,
  recoveryCodes: (await sql('SELECT id FROM recovery_codes WHERE user_id = $1', [id])).length,
  trustedDevices: await trustedDevicesOf(id),
})

/** Each recovery path, run after the thief acted (the undo and the repair after a move of the address). */
const paths = {
  repair: async (person: Victim) => {
    const repaired = await admin.request('PATCH', `/users/${person.id}`, {
      body: { email: person.email },
    })
    expect(repaired.status, JSON.stringify(repaired.body)).toBe(200)
  },
  report: async (person: Victim, notice: RegExp) => {
    const report = await latestLink(person.email, 'sign-in-change/report', notice)
    expect((await app.client().post(report)).status).toBe(200)
  },
  undo: async (person: Victim) => {
    const undo = await latestLink(person.email, 'undo-email-change')
    expect((await app.client().post(undo)).status).toBe(200)
  },
} as const

describe('the recovery matrix: what a thief with the password added × each recovery path', () => {
  for (const [actionName, action] of Object.entries(actions)) {
    for (const [pathName, path] of Object.entries(paths)) {
      it(`${actionName} × ${pathName}: the thief keeps no way in; an approved review removes it and the owner gets back in`, async () => {
        const person = await victim()
        if (pathName !== 'report' || action.movesAddress) {
          await moveAddress(person)
        }
        await action.add(person)
        await path(person, action.notice)
        expect(await securityOf(person.id)).toEqual({
          reason: 'recoveryReview',
          status: 'suspended',
        })
        expect(await thiefWaysIn(person)).toEqual([])
        // What was added waits for an administrator: the mailbox removed none of it. A trusted
        // browser only skips a factor, so it is forgotten at once on every path.
        const held = await factorsOf(person.id)
        expect(held.app || held.passkeys > 0 || held.linkedIdentities > 0).toBe(true)
        expect(held.trustedDevices).toBe(0)
        const review = await approveReview(person)
        expect(review.added.length).toBeGreaterThan(0)
        expect(await factorsOf(person.id)).toEqual({
          app: false,
          linkedIdentities: 0,
          passkeys: 0,
          recoveryCodes: 0,
          trustedDevices: 0,
        })
        expect(await securityOf(person.id)).toEqual({ reason: null, status: 'active' })
        expect(await thiefWaysIn(person)).toEqual([])
        await ownerGetsBackIn(person)
      })
    }
  }
})

/**
 * The thief moved the address and asked for a reset link at their own: each path kills the link. The
 * owner's "This wasn't me" here is on the new-browser email the thief's sign-in sent (the account had
 * signed in from the owner's browser before); it leaves the moved address for an administrator's
 * review, like any other addition.
 */
describe('the recovery matrix: a reset link the thief asked for at their address × each recovery path', () => {
  const resetPaths = {
    repair: paths.repair,
    report: async (person: Victim) => {
      const report = await latestLink(person.email, 'new-browser/report', /New sign-in/)
      expect((await app.client().post(report)).status).toBe(200)
    },
    undo: paths.undo,
  }
  for (const [pathName, path] of Object.entries(resetPaths)) {
    it(`resetLink × ${pathName}: the thief's link sets no password, and the owner gets back in`, async () => {
      const person = await victim({ ownerSignedInBefore: true })
      await moveAddress(person)
      expect(
        (await app.client().post('/users/forgot-password', { email: person.thiefAddress })).status,
      ).toBe(200)
      const resetLink = await latestLink(person.thiefAddress, 'token=', /reset/i)
      await path(person)
      expect(await thiefWaysIn(person, resetLink)).toEqual([])
      if (pathName === 'report') {
        // A report restores no address: the moved address is what the review lists, and its
        // approval puts the run's first address back.
        expect(await securityOf(person.id)).toEqual({
          reason: 'recoveryReview',
          status: 'suspended',
        })
        const review = await approveReview(person)
        expect(review.added.map(({ kind }) => kind)).toContain('emailAddress')
        expect(await thiefWaysIn(person, resetLink)).toEqual([])
      }
      await ownerGetsBackIn(person)
      expect(await thiefWaysIn(person, resetLink)).toEqual([])
    })
  }
})

describe('a thief who holds only a mailbox', () => {
  it('the old address: its undo link restores the address but never removes a factor', async () => {
    const person = await victim()
    await moveAddress(person)
    await addPasskey(person)
    const undo = await latestLink(person.email, 'undo-email-change')
    expect((await app.client().post(undo)).status).toBe(200)
    expect(await passkeysOf(person.id)).toBe(1)
    // Nor does a reset from that mailbox sign anyone in past the hold.
    const { signIn } = await resetFromMailbox(person)
    expect(signIn.status).toBe(403)
    expect(codeOf(signIn)).toBe('ACCOUNT_SUSPENDED')
  })

  it('the current address: its reset link sets a password, but the sign-in still asks for the owner’s passkey', async () => {
    const person = await victim()
    // The owner's own passkey: two-factor is on for the account.
    await addPasskey(person)
    const mailboxThief = app.client()
    expect(
      (await mailboxThief.post('/users/forgot-password', { email: person.email })).status,
    ).toBe(200)
    const link = await latestLink(person.email, 'token=', /reset/i)
    const token = new URL(link, origin).searchParams.get('token')
    const reset = await mailboxThief.post('/users/reset-password', {
      password: 'a-mailbox-thiefs-passphrase-55',
      token,
    })
    expect(reset.status).toBe(200)
    expect(reset.body?.user ?? null).toBeNull()
    const signIn = await mailboxThief.post('/users/login', {
      email: person.email,
      password: 'a-mailbox-thiefs-passphrase-55',
    })
    expect(signIn.status).toBe(200)
    expect(signIn.body.secondFactor).toBe('codeRequired')
    expect((await mailboxThief.get('/users/me')).body?.user ?? null).toBeNull()
    expect(await passkeysOf(person.id)).toBe(1)
  })

  it('a report link removes nothing either, however often it is followed', async () => {
    const person = await victim()
    await addPasskey(person)
    const report = await latestLink(person.email, 'sign-in-change/report', /passkey/i)
    const answers = await Promise.all([1, 2, 3].map(() => app.client().post(report)))
    expect(answers.map(({ status }) => status).sort()).toEqual([200, 400, 400])
    expect(await passkeysOf(person.id)).toBe(1)
    expect(await securityOf(person.id)).toEqual({ reason: 'recoveryReview', status: 'suspended' })
  })
})

describe('races on the recovery paths', () => {
  it('two administrators approving one review at once: one approval, the other is told it is closed', async () => {
    const second = await app.payload.create({
      collection: 'users',
      data: { email: 'second-admin@example.com', password, roles: ['admin'] } as never,
    })
    const reviewers = await Promise.all(
      ['admin@example.com', 'second-admin@example.com'].map(async (email) => {
        const reviewer = app.client()
        expect((await reviewer.post('/users/login', { email, password })).status).toBe(200)
        return reviewer
      }),
    )
    for (let trial = 0; trial < 3; trial += 1) {
      const person = await victim()
      await addPasskey(person)
      await paths.report(person, actions.passkey!.notice)
      const answers = await Promise.all(
        reviewers.map((reviewer) => reviewer.post(`/users/${person.id}/recovery-review/approve`)),
      )
      expect(answers.map(({ status }) => status).sort()).toEqual([200, 409])
      expect(answers.map(codeOf).filter(Boolean)).toEqual(['RECOVERY_REVIEW_NOT_OPEN'])
      expect(
        await sql(
          `SELECT count(*)::int AS n FROM audit_log WHERE event = 'account.recoveryReviewApproved' AND user_id = $1`,
          [person.id],
        ),
      ).toEqual([{ n: 1 }])
      expect(await passkeysOf(person.id)).toBe(0)
      expect(await securityOf(person.id)).toEqual({ reason: null, status: 'active' })
      await ownerGetsBackIn(person)
    }
    await app.payload.delete({ collection: 'users', id: second.id })
  })

  it('an undo racing a reset request for the thief’s address: whatever link reaches the thief sets no password', async () => {
    for (let trial = 0; trial < 4; trial += 1) {
      const person = await victim()
      await moveAddress(person)
      const undo = await latestLink(person.email, 'undo-email-change')
      const [{ last }] = (await sql(
        `SELECT coalesce(max(id), 0) AS last FROM audit_log WHERE event = 'password.resetRequested'`,
      )) as [{ last: number }]
      const [undone, asked] = await Promise.all([
        app.client().post(undo),
        app.client().post('/users/forgot-password', { email: person.thiefAddress }),
      ])
      expect(undone.status).toBe(200)
      expect(asked.status).toBe(200)
      expect((await sql('SELECT email FROM users WHERE id = $1', [person.id]))[0]?.email).toBe(
        person.email,
      )
      // The request's work may end after its answer (a uniform answer time): its audit entry says
      // whether it found the account (then a link was mailed to the address it had at that moment).
      let request: undefined | { reason: null | string; user_id: null | number }
      await expect
        .poll(async () => {
          request = (
            (await sql(
              `SELECT user_id, data->>'reason' AS reason FROM audit_log
               WHERE event = 'password.resetRequested' AND id > $1`,
              [last],
            )) as { reason: null | string; user_id: null | number }[]
          )[0]
          return request !== undefined
        })
        .toBe(true)
      if (request?.user_id != null && request.reason === null) {
        const mail = await inbox.waitFor(
          (candidate) =>
            /reset/i.test(candidate.subject) &&
            linksIn(candidate).some((link) => link.includes('token=')) &&
            (candidate.to.includes(person.thiefAddress) || candidate.to.includes(person.email)),
        )
        if (mail.to.includes(person.thiefAddress)) {
          const link = apiPath(linksIn(mail).find((url) => url.includes('token='))!)
          expect(await thiefWaysIn(person, link)).toEqual([])
        }
      }
      expect(await thiefWaysIn(person)).toEqual([])
      await ownerGetsBackIn(person)
    }
  })
})
