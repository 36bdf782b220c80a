import type { PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/server'

import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'

import type { Json } from '../helpers/json.js'
import type { RestClient } from '../helpers/restClient.js'

import { linksIn, startSmtpInbox } from '../helpers/smtpInbox.js'
import { softAuthenticator } from '../helpers/softAuthenticator.js'
import { sqlOn } from '../helpers/sql.js'
import { startTestPayload, type TestPayload } from '../helpers/testPayload.js'
import { enrol } from '../helpers/twoFactor.js'

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
let accounts = 0
const sql = sqlOn(() => app.payload)

beforeAll(async () => {
  inbox = await startSmtpInbox()
  app = await startTestPayload({
    backofficeOptions: {
      lockout: { suspendAfter: 100, threshold: 50 },
      passkeys: { passwordless: true },
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
const victim = async () => {
  const email = `owner-${++accounts}@example.com`
  const user = await app.payload.create({
    collection: 'users',
    data: { email, password, roles: ['editor'] } as never,
  })
  const thief = app.client()
  expect((await thief.post('/users/login', { email, password })).status).toBe(200)
  return {
    authenticator: softAuthenticator({ origin, rpId: 'localhost' }),
    email,
    /** Whether the thief's authenticator holds a passkey for the account. */
    hasPasskey: false,
    id: user.id as number,
    thief,
    thiefAddress: `thief-${accounts}@example.net`,
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

/** What a thief with the password and a fresh session can add, and the notice each one sends. */
const actions = {
  app: {
    add: async (person: Victim) => {
      await enrol(person.thief)
    },
    notice: /Two-factor authentication is on/,
  },
  passkey: { add: addPasskey, notice: /passkey was added/i },
  recoveryCodes: {
    add: async (person: Victim) => {
      await addPasskey(person)
      expect((await person.thief.post('/users/mfa/recovery-codes')).status).toBe(200)
    },
    notice: /Recovery codes/,
  },
} as const

const factorsOf = async (id: number) => ({
  app:
    (await sql('SELECT totp_config_status AS s FROM users WHERE id = $1', [id]))[0]?.s ===
    'enabled',
  passkeys: await passkeysOf(id),
  recoveryCodes: (await sql('SELECT id FROM recovery_codes WHERE user_id = $1', [id])).length,
  trustedDevices: (await sql('SELECT id FROM trusted_devices WHERE user_id = $1', [id])).length,
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
        if (pathName !== 'report') {
          await moveAddress(person)
        }
        await action.add(person)
        await path(person, action.notice)
        expect(await securityOf(person.id)).toEqual({
          reason: 'recoveryReview',
          status: 'suspended',
        })
        expect(await thiefWaysIn(person)).toEqual([])
        // What was added waits for an administrator: the mailbox removed none of it.
        const held = await factorsOf(person.id)
        expect(held.app || held.passkeys > 0).toBe(true)
        expect(held.trustedDevices).toBe(0)
        const review = await approveReview(person)
        expect(review.added.length).toBeGreaterThan(0)
        expect(await factorsOf(person.id)).toEqual({
          app: false,
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
