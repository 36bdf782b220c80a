import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'

import type { Json } from '../helpers/json.js'
import type { RestClient, RestResponse } from '../helpers/restClient.js'

import { suspendAccount } from '../../src/index.js'
import { getPluginOptions } from '../../src/shared/options/getPluginOptions.js'
import { linksIn, startSmtpInbox } from '../helpers/smtpInbox.js'
import { sqlOn } from '../helpers/sql.js'
import { startTestPayload, type TestPayload } from '../helpers/testPayload.js'
import { authenticatorCode, enrol, nextTimeStep } from '../helpers/twoFactor.js'

/**
 * A thief holds a copy of a staff member's session and keeps it busy: Payload's refresh and update
 * operations read the whole account and write it back. Each incident response below runs while
 * several such loops are in flight, and must hold all the same: the session stays ended, the new
 * password is the only one, the account stays suspended, the second factor stays on. No request
 * may answer 5xx or show database internals.
 */

const password = 'a-long-and-unusual-passphrase-42'
const newPassword = 'another-long-and-unusual-passphrase-77'
const reason = 'My phone with the authenticator app was stolen yesterday.'
/** Each scenario runs this many times, each time with `loopsEach` refresh and `loopsEach` update loops. */
const trials = 3
const loopsEach = 3

let app: TestPayload
let inbox: Awaited<ReturnType<typeof startSmtpInbox>>
let admin: RestClient
let accounts = 0
const sql = sqlOn(() => app.payload)

beforeAll(async () => {
  inbox = await startSmtpInbox()
  app = await startTestPayload({ smtpUrl: inbox.url })
  admin = app.client()
  const registered = await admin.post('/users/first-register', {
    email: 'admin@example.com',
    password,
  })
  expect(registered.status).toBe(200)
})
afterAll(async () => {
  await app?.close()
  await inbox?.close()
})
/** The thieves of the running test, stopped after it whatever happened. */
const thieves = new Set<{ stop: () => Promise<unknown> }>()
afterEach(async () => {
  vi.useRealTimers()
  // A test that failed before its `stop()` would leave its loops running against the next tests,
  // and, once Payload is closed, spinning on answers that come back at once.
  await Promise.all([...thieves].map((thief) => thief.stop()))
  thieves.clear()
})

const signIn = async (email: string, secret = password): Promise<RestClient> => {
  const client = app.client()
  const login = await client.post('/users/login', { email, password: secret })
  expect(login.status).toBe(200)
  return client
}

/** A new editor, signed in twice: `owner` in their own browser, `victim` the session that was stolen. */
const editor = async () => {
  const email = `editor-${++accounts}@example.com`
  const created = await app.payload.create({
    collection: 'users',
    data: { email, name: 'Editor', password, roles: ['editor'] } as never,
  })
  const owner = await signIn(email)
  const victim = await signIn(email)
  return { email, id: created.id as number, owner, victim }
}

const sidOf = (client: RestClient): string => {
  const token = client.cookies.get('payload-token')!
  return JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).sid
}

/**
 * The thief: a copy of `stolen`'s cookies, refreshing the token and updating its own name in
 * `loopsEach` parallel loops each, until `stop()`, which answers every response they got.
 */
const thiefOf = (stolen: RestClient, userId: number) => {
  const thief = app.client()
  stolen.cookies.forEach((value, name) => thief.cookies.set(name, value))
  let stopping = false
  const answers: RestResponse[] = []
  const loop = async (kind: 'refresh' | 'update') => {
    // After `stop()`, each loop sends two more requests, so writes that start after the response
    // still race it, and ends once their answers are in.
    for (let round = 0, after = 0; after < 2; round++) {
      after += stopping ? 1 : 0
      answers.push(
        kind === 'refresh'
          ? await thief.post('/users/refresh-token')
          : await thief.request('PATCH', `/users/${userId}`, { body: { name: `Thief ${round}` } }),
      )
    }
  }
  const loops = Array.from({ length: loopsEach }, () => [loop('refresh'), loop('update')]).flat()
  const running = {
    client: thief,
    /** Lets every loop send two more requests after the response (its writes must hold), then stops them. */
    stop: async () => {
      stopping = true
      await Promise.all(loops)
      return answers
    },
  }
  thieves.add(running)
  return running
}

/** No loop request failed on the server or showed what the database said. */
const expectNoServerErrors = (answers: RestResponse[]) => {
  expect(answers.length).toBeGreaterThan(loopsEach * 2)
  expect(answers.filter(({ status }) => status >= 500)).toEqual([])
  expect(
    answers
      .map(({ body }) => JSON.stringify(body))
      .filter((body) => /tableName|Failed query/.test(body)),
  ).toEqual([])
}

/** What the thief can still do with the copied session, and whether its sid is still stored. */
const expectSessionGone = async (thief: RestClient, sid: string) => {
  expect((await thief.get('/users/me')).body.user).toBeNull()
  expect((await thief.post('/users/refresh-token')).status).toBeGreaterThanOrEqual(400)
  expect(await sql('SELECT id FROM users_sessions WHERE id = $1', [sid])).toEqual([])
}

const codeOf = (response: { body: Json }) => response.body.errors?.[0]?.data?.code

// Each test runs its scenario `trials` times against six busy loops: about 20 s on a quiet 2-core
// machine, over a minute when both cores are shared.
describe(
  'a stolen session that keeps refreshing and updating cannot undo',
  { timeout: 180_000 },
  () => {
    it('ending that one session', async () => {
      for (let trial = 0; trial < trials; trial++) {
        const { id, owner, victim } = await editor()
        const sid = sidOf(victim)
        const thief = thiefOf(victim, id)
        const [stolenSession] = await sql('SELECT id FROM sessions WHERE sid = $1', [sid])
        const ended = await owner.post(`/users/sessions/${stolenSession.id}/revoke`)
        expect(ended.status).toBe(200)
        expectNoServerErrors(await thief.stop())
        await expectSessionGone(thief.client, sid)
        expect((await owner.get('/users/me')).body.user?.id).toBe(id)
      }
    })

    it("ending all of the account's sessions", async () => {
      for (let trial = 0; trial < trials; trial++) {
        const { id, owner, victim } = await editor()
        const sid = sidOf(victim)
        const thief = thiefOf(victim, id)
        const ended = await admin.post(`/users/${id}/sessions/revoke-all`)
        expect(ended.status).toBe(200)
        expectNoServerErrors(await thief.stop())
        await expectSessionGone(thief.client, sid)
        expect((await owner.get('/users/me')).body.user).toBeNull()
        expect(await sql('SELECT id FROM users_sessions WHERE _parent_id = $1', [id])).toEqual([])
      }
    })

    it('a suspension', async () => {
      const options = getPluginOptions(app.payload)
      for (let trial = 0; trial < trials; trial++) {
        const { id, victim } = await editor()
        const sid = sidOf(victim)
        const thief = thiefOf(victim, id)
        const { createLocalReq } = await import('payload')
        await suspendAccount(await createLocalReq({}, app.payload), options, {
          reason: 'securityIncident',
          userId: id,
        })
        expectNoServerErrors(await thief.stop())
        await expectSessionGone(thief.client, sid)
        const [stored] = await sql('SELECT security_status FROM users WHERE id = $1', [id])
        expect(stored.security_status).toBe('suspended')
      }
    })

    it('a password change by the owner', async () => {
      for (let trial = 0; trial < trials; trial++) {
        const { email, id, owner, victim } = await editor()
        const sid = sidOf(victim)
        const thief = thiefOf(victim, id)
        const changed = await owner.post('/users/change-password', {
          currentPassword: password,
          password: newPassword,
        })
        expect(changed.status).toBe(200)
        expectNoServerErrors(await thief.stop())
        await expectSessionGone(thief.client, sid)
        const withOld = await app.client().post('/users/login', { email, password })
        expect(withOld.status).toBe(401)
        expect(
          (await app.client().post('/users/login', { email, password: newPassword })).status,
        ).toBe(200)
      }
    })

    it('a password reset through the emailed link', async () => {
      for (let trial = 0; trial < trials; trial++) {
        const { email, id, victim } = await editor()
        const sid = sidOf(victim)
        const thief = thiefOf(victim, id)
        expect((await app.client().post('/users/forgot-password', { email })).status).toBe(200)
        const mail = await inbox.waitFor(
          (message) =>
            message.to.includes(email) && linksIn(message).some((link) => link.includes('/reset?')),
        )
        const token = new URL(
          linksIn(mail).find((link) => link.includes('token='))!,
        ).searchParams.get('token')
        const reset = await app.client().post('/users/reset-password', {
          password: newPassword,
          token,
        })
        expect(reset.status).toBe(200)
        expectNoServerErrors(await thief.stop())
        await expectSessionGone(thief.client, sid)
        expect((await app.client().post('/users/login', { email, password })).status).toBe(401)
        expect(
          (await app.client().post('/users/login', { email, password: newPassword })).status,
        ).toBe(200)
      }
    })

    it('turning on a second factor', async () => {
      for (let trial = 0; trial < trials; trial++) {
        const { email, id, owner, victim } = await editor()
        const sid = sidOf(victim)
        const thief = thiefOf(victim, id)
        const setup = await owner.get('/users/mfa/totp/setup')
        expect(setup.status).toBe(200)
        const finished = await owner.post('/users/mfa/totp/finish-enrollment', {
          code: await authenticatorCode(setup.body.secret),
        })
        expect(finished.status).toBe(200)
        expectNoServerErrors(await thief.stop())
        await expectSessionGone(thief.client, sid)
        const [stored] = await sql('SELECT totp_config_status AS status FROM users WHERE id = $1', [
          id,
        ])
        expect(stored.status).toBe('enabled')
        const passwordOnly = await app.client().post('/users/login', { email, password })
        expect(passwordOnly.status).toBe(200)
        expect(passwordOnly.body.redirectTo).toMatch(/two-factor/)
        expect(passwordOnly.body.token).toBeUndefined()
      }
    })

    it("an administrator's approval of a second-factor reset, and a misuse report", async () => {
      for (let trial = 0; trial < trials; trial++) {
        const { email, id } = await editor()
        const setupClient = await signIn(email)
        const secret = await enrol(setupClient)
        nextTimeStep()
        const victim = app.client()
        await victim.post('/users/login', { email, password })
        const verified = await victim.post('/users/mfa/totp/authenticate', {
          code: await authenticatorCode(secret),
        })
        expect(verified.status).toBe(200)
        const sid = sidOf(victim)
        const locked = app.client()
        await locked.post('/users/login', { email, password })
        expect((await locked.post('/users/mfa/totp/request-reset', { reason })).status).toBe(200)
        const [request] = await sql(
          'SELECT id FROM two_factor_reset_requests WHERE requester_id = $1',
          [id],
        )

        const thief = thiefOf(victim, id)
        const approved = await admin.post(`/two-factor-reset-requests/${request.id}/approve`, {})
        expect(approved.status).toBe(200)
        const mail = await inbox.waitFor(
          (message) => message.to.includes(email) && /received/.test(message.subject),
        )
        const link = linksIn(mail)
          .find((candidate) => candidate.includes('report-misuse'))!
          .replace('http://localhost:3000/api', '')
        const reported = await app.client().post(link)
        expect(reported.status).toBe(200)
        expectNoServerErrors(await thief.stop())
        await expectSessionGone(thief.client, sid)
        const [stored] = await sql(
          `SELECT totp_config_status AS totp, totp_config_setup_required AS "setupRequired",
                security_status AS status FROM users WHERE id = $1`,
          [id],
        )
        // The approval removed the factor and asks for a new one; the report suspended the account
        // and replaced the password the thief holds, which is refused as any wrong one.
        expect(stored).toEqual({ setupRequired: true, status: 'suspended', totp: 'pending' })
        const attempt = await app.client().post('/users/login', { email, password })
        expect(attempt.status).toBe(401)
        expect(codeOf(attempt)).toBe('INVALID_CREDENTIALS')
      }
    })
  },
)
