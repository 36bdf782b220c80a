import { createLocalReq } from 'payload'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'

import { readReviewDetails } from '../../src/policies/twoFactor/resetRequests/readReviewDetails.js'
import { getPluginOptions } from '../../src/shared/options/getPluginOptions.js'
import { capturedLog } from '../helpers/capturedLog.js'
import { startSmtpInbox } from '../helpers/smtpInbox.js'
import { sqlOn } from '../helpers/sql.js'
import { startTestPayload, type TestPayload } from '../helpers/testPayload.js'
import { enrol, nextTimeStep } from '../helpers/twoFactor.js'

/**
 * The app behind the reverse proxy the docs recommend, with `trustProxy` on. HAProxy's
 * `option forwardfor` appends the address it saw to whatever X-Forwarded-For the client sent, so
 * the right-most entry is the proxy's view and everything left of it is the client's own claim.
 */
const password = 'a-long-and-unusual-passphrase-42'
const firefox = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0'
/** The address the client claims, and the one HAProxy saw and appended after it. */
const claimed = '192.0.2.77'
const seenByProxy = '198.51.100.23'
const forwardedByHaproxy = {
  'user-agent': firefox,
  'x-forwarded-for': `${claimed}, ${seenByProxy}`,
}
const clientFailureLimit = 10
const log = capturedLog()
let app: TestPayload
let inbox: Awaited<ReturnType<typeof startSmtpInbox>>
let admin: { id: number }
let accounts = 0
const sql = sqlOn(() => app.payload)

/** A new editor whose first sign-in, from its owner's everyday browser, told nobody. */
const staffAccount = async () => {
  const email = `staff-${++accounts}@example.com`
  const user = await app.payload.create({
    collection: 'users',
    data: { email, password, roles: ['editor'] },
  })
  const owner = app.client()
  expect(
    (await owner.post('/users/login', { email, password }, { 'x-forwarded-for': '203.0.113.1' }))
      .status,
  ).toBe(200)
  return { email, id: user.id as number, owner }
}

beforeAll(async () => {
  inbox = await startSmtpInbox()
  app = await startTestPayload({
    backofficeOptions: {
      lockout: { clientFailureLimit, clientWindowSeconds: 600, failureResponseMs: 50 },
      trustProxy: true,
    },
    logger: log.logger as never,
    smtpUrl: inbox.url,
  })
  const registered = await app
    .client()
    .post('/users/first-register', { email: 'admin@example.com', password })
  expect(registered.status).toBe(200)
  admin = { id: registered.body.user.id }
})
afterAll(async () => {
  await app?.close()
  await inbox?.close()
})
afterEach(() => {
  vi.useRealTimers()
})

describe('finding 7: addresses behind a proxy that appends to X-Forwarded-For', () => {
  it('finding 7: the new-browser email, the audit entry and the session show the address the proxy saw, not the one the client claimed', async () => {
    const { email, id } = await staffAccount()
    const stranger = app.client()
    expect(
      (await stranger.post('/users/login', { email, password }, forwardedByHaproxy)).status,
    ).toBe(200)
    const mail = await inbox.waitFor(
      (message) =>
        message.to.includes(email) && message.subject.includes('browser it has not used'),
    )
    expect(mail.text).toContain(`IP address: ${seenByProxy}`)
    expect(mail.text).not.toContain(claimed)

    const [audited] = await sql(
      `SELECT client_ip, ip_address FROM audit_log
       WHERE event = 'login.succeeded' AND target_object = $1 ORDER BY id DESC LIMIT 1`,
      [String(id)],
    )
    expect(audited).toEqual({ client_ip: seenByProxy, ip_address: seenByProxy })
    const sessions = await sql(
      'SELECT client_ip, ip_address FROM sessions WHERE user_id = $1 ORDER BY id DESC LIMIT 1',
      [id],
    )
    expect(sessions).toEqual([{ client_ip: seenByProxy, ip_address: seenByProxy }])
  })

  it('finding 7: the 2FA reset review shows the address the proxy saw for the request and the sign-ins', async () => {
    const { email, id, owner } = await staffAccount()
    // A sign-in through the proxy, listed among the requester's last sign-ins.
    expect(
      (await app.client().post('/users/login', { email, password }, forwardedByHaproxy)).status,
    ).toBe(200)
    await enrol(owner)
    nextTimeStep()
    const locked = app.client()
    const passwordStep = await locked.post('/users/login', { email, password }, forwardedByHaproxy)
    expect(passwordStep.body.redirectTo).toMatch(/two-factor/)
    const asked = await locked.request('POST', '/users/mfa/totp/request-reset', {
      body: { reason: 'My phone with the authenticator app was stolen yesterday.' },
      headers: forwardedByHaproxy,
    })
    expect(asked.status).toBe(200)

    const [request] = await sql(
      'SELECT id, client_ip FROM two_factor_reset_requests WHERE requester_id = $1',
      [id],
    )
    expect(request.client_ip).toBe(seenByProxy)
    // Read as the review screen reads it: with the viewing administrator's access.
    const viewer = await app.payload.findByID({ collection: 'users', id: admin.id })
    const req = await createLocalReq({ user: { ...viewer, collection: 'users' } }, app.payload)
    const review = await readReviewDetails(req, getPluginOptions(app.payload), request.id)
    expect(review?.request.address).toBe(seenByProxy)
    const addresses = review?.requester.signIns.map((signIn) => signIn.address)
    expect(addresses).toContain(seenByProxy)
    expect(JSON.stringify(review)).not.toContain(claimed)
  })
})

describe('finding 8: an X-Forwarded-For that names no address', () => {
  it('finding 8: 15 wrong guesses with an empty or blank X-Forwarded-For against a limit of 10: the ones past the limit are refused', async () => {
    // With `trustProxy` on and no proxy in front, the client writes the header itself.
    const headers = ['', ' ', ',', ' , ', 'unknown']
    const answers = []
    for (let guess = 0; guess < 15; guess++) {
      answers.push(
        await app
          .client()
          .post(
            '/users/login',
            { email: `sprayed-${guess}@example.com`, password: 'wrong-guess' },
            { 'x-forwarded-for': headers[guess % headers.length]! },
          ),
      )
    }
    expect(answers.map((answer) => answer.status)).toEqual([
      ...Array<number>(clientFailureLimit).fill(401),
      ...Array<number>(15 - clientFailureLimit).fill(403),
    ])
    for (const refused of answers.slice(clientFailureLimit)) {
      expect(refused.body.errors[0].data.code).toBe('LOGIN_TEMPORARILY_BLOCKED')
    }
    // An address the proxy would have written still has its own budget.
    const elsewhere = await app
      .client()
      .post(
        '/users/login',
        { email: 'sprayed-0@example.com', password: 'wrong-guess' },
        { 'x-forwarded-for': '203.0.113.99' },
      )
    expect(elsewhere.status).toBe(401)
  })

  it('finding 8: warns once at start-up that the app must sit behind a proxy that writes X-Forwarded-For', () => {
    const warnings = log.lines.filter(
      (line) => line.level === 40 && String(line.msg).includes('trustProxy'),
    )
    expect(warnings).toHaveLength(1)
    expect(warnings[0]!.msg).toMatch(/X-Forwarded-For/)
  })
})
