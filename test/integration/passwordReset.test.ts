import { createHash } from 'node:crypto'
import { createLocalReq } from 'payload'
import { getPluginOptions, suspendAccount } from 'payload-backoffice'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import type { Json } from '../helpers/json.js'

import { linksIn, type ReceivedEmail, startSmtpInbox } from '../helpers/smtpInbox.js'
import { sqlOn } from '../helpers/sql.js'
import { startTestPayload, type TestPayload } from '../helpers/testPayload.js'

let app: TestPayload
let inbox: Awaited<ReturnType<typeof startSmtpInbox>>
const sql = sqlOn(() => app.payload)
/** The answer floor of this file's app: every forgot-password answer leaves no sooner than this. */
const floorMs = 400
const password = 'a-long-and-unusual-passphrase-42'
const newPassword = 'the-lighthouse-keeper-sings-at-dawn-7'
let accounts = 0

beforeAll(async () => {
  inbox = await startSmtpInbox()
  app = await startTestPayload({
    backofficeOptions: { lockout: { failureResponseMs: floorMs } },
    smtpUrl: inbox.url,
  })
})
afterAll(async () => {
  await app?.close()
  await inbox?.close()
})

const createAccount = async (overrides: Record<string, unknown> = {}) => {
  const email = `reset-${++accounts}@example.com`
  const { id } = await app.payload.create({
    collection: 'users',
    data: { email, password, roles: ['editor'], ...overrides } as never,
  })
  return { email, id }
}
const forgot = (email: unknown) => app.client().post('/users/forgot-password', { email })
const resetMailsTo = (email: string) =>
  inbox.received.filter((mail) => mail.to.includes(email) && mail.subject === 'Reset your password')
const tokenIn = (mail: ReceivedEmail) => {
  const link = linksIn(mail).find((candidate) => candidate.includes('/admin/reset?'))!
  return new URL(link).searchParams.get('token')!
}
/** Asks for a reset and returns the token of the email it brings. */
const requestToken = async (email: string) => {
  const before = resetMailsTo(email).length
  expect((await forgot(email)).status).toBe(200)
  await inbox.waitFor(() => resetMailsTo(email).length > before)
  return tokenIn(resetMailsTo(email).at(-1)!)
}
const reset = (token: unknown, secret: unknown = newPassword, client = app.client()) =>
  client.post('/users/reset-password', { password: secret, token })
const signIn = (email: string, secret: string) =>
  app.client().post('/users/login', { email, password: secret })
const codeOf = (response: { body: Json }) => response.body?.errors?.[0]?.data?.code
const row = async (id: number | string) =>
  (await sql('SELECT * FROM users WHERE id = $1', [id]))[0] as Record<string, unknown>
/** Lets the per-account pause between reset emails pass, as if the last request were a minute old. */
const pauseOver = (id: number | string) =>
  sql("UPDATE users SET reset_password_requested_at = now() - interval '1 minute' WHERE id = $1", [
    id,
  ])
const auditOf = async (email: string) =>
  (
    await app.payload.find({
      collection: 'audit-log' as never,
      limit: 100,
      overrideAccess: true,
      sort: 'timestamp',
      where: { user: { equals: email } } as never,
    })
  ).docs as unknown as {
    actor: null | string
    data: Record<string, unknown> | null
    event: string
  }[]

describe('forgot password: one answer for every address', () => {
  it('answers a local, an unknown and an external-provider account alike, and emails only where due', async () => {
    const local = await createAccount()
    const external = await createAccount()
    await sql("UPDATE users SET identity_provider = 'google' WHERE id = $1", [external.id])
    const unknown = 'nobody-here@example.com'

    const timed = async (email: string) => {
      const startedAt = Date.now()
      const response = await forgot(email)
      return { ...response, ms: Date.now() - startedAt }
    }
    const answers = [await timed(local.email), await timed(unknown), await timed(external.email)]
    for (const answer of answers) {
      expect(answer.status).toBe(200)
      expect(answer.body).toEqual(answers[0]!.body)
      expect(answer.ms).toBeGreaterThanOrEqual(floorMs - 5)
    }
    expect(answers[0]!.body).toEqual({
      message: 'If the address belongs to an account, an email is on its way.',
    })

    const mail = await inbox.waitFor((message) => message.to.includes(local.email))
    expect(mail.subject).toBe('Reset your password')
    expect(mail.text).toContain('The link expires after 1 hour and works only once.')
    const link = linksIn(mail).find((candidate) => candidate.includes('/admin/reset?'))
    expect(link).toMatch(/^http:\/\/localhost:3000\/admin\/reset\?token=[\w-]{43}$/)
    expect(mail.html).toContain(`href="${link}"`)

    const methodMail = await inbox.waitFor((message) => message.to.includes(external.email))
    expect(methodMail.subject).toBe('How to sign in to your account')
    expect(methodMail.text).toContain('it signs in with Google')
    expect(new Set(linksIn(methodMail))).toEqual(new Set(['http://localhost:3000/admin/login']))
    expect((await row(external.id)).reset_password_token).toBeNull()

    // The address someone tried is on record for investigations, naming no account. That entry is
    // the last thing the request's background work does for an unknown address, so once it is
    // there, no email can still be on its way.
    const probes = async () =>
      (
        await app.payload.find({
          collection: 'audit-log' as never,
          overrideAccess: true,
          where: { details: { equals: unknown } } as never,
        })
      ).docs.map((entry: Json) => [entry.event, entry.user, entry.data])
    await expect
      .poll(probes)
      .toEqual([['password.resetRequested', null, { reason: 'unknownAccount' }]])
    expect(inbox.received.filter((message) => message.to.includes(unknown))).toEqual([])
  })

  it('offers no reset to an account whose invitation is open: the invitation is its way in', async () => {
    const invited: string[] = []
    for (const status of ['pending', 'revoked']) {
      const { email, id } = await createAccount()
      invited.push(email)
      await sql('UPDATE users SET invitation_status = $2 WHERE id = $1', [id, status])
      const answer = await forgot(email)
      expect(answer.status).toBe(200)
      expect(answer.body).toEqual({
        message: 'If the address belongs to an account, an email is on its way.',
      })
      expect((await row(id)).reset_password_token).toBeNull()
      expect((await auditOf(email)).map((entry: Json) => [entry.event, entry.data])).toContainEqual(
        ['password.resetRequested', { reason: 'openInvitation' }],
      )

      // A link issued some other way (Payload's Local API) sets no password either.
      const token = await app.payload.forgotPassword({
        collection: 'users',
        data: { email },
        disableEmail: true,
      })
      const hashBefore = (await row(id)).hash
      const refused = await reset(token)
      expect([refused.status, codeOf(refused)]).toEqual([400, 'TOKEN_INVALID_OR_EXPIRED'])
      expect((await row(id)).hash).toBe(hashBefore)
    }
    // Each request's `openInvitation` entry, checked above, is the last thing its background work
    // does: no email can still be on its way.
    expect(invited.flatMap(resetMailsTo)).toEqual([])
  })

  it('writes the email in the account holder’s language, with the expiry in hours from the options', async () => {
    const { email } = await createAccount({ preferredLanguage: 'de' })
    expect((await forgot(email)).status).toBe(200)
    const mail = await inbox.waitFor((message) => message.to.includes(email))
    expect(mail.subject).toBe('Setzen Sie Ihr Passwort zurück')
    expect(mail.text).toContain('Der Link läuft nach 1 Stunde ab')
  })

  it('sends one email per pause however often it is asked (mail-bombing), with the same answer', async () => {
    const { email } = await createAccount()
    const answers = await Promise.all([forgot(email), forgot(email), forgot(email)])
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200])
    await inbox.waitFor(() => resetMailsTo(email).length > 0)
    // A throttled request audits itself as such and stops there: once all three entries are in,
    // the one email above is all there will be.
    const reasons = async () =>
      (await auditOf(email))
        .filter((entry) => entry.event === 'password.resetRequested')
        .map((entry) => entry.data?.reason ?? 'recorded')
        .sort()
    await expect.poll(reasons).toEqual(['recorded', 'throttled', 'throttled'])
    expect(resetMailsTo(email)).toHaveLength(1)
  })
})

describe('reset tokens', () => {
  it('are stored only as a SHA-256 hash: the token itself is nowhere in the database', async () => {
    const { email, id } = await createAccount()
    const token = await requestToken(email)
    const stored = await row(id)
    expect(stored.reset_password_token).toBe(createHash('sha256').update(token).digest('hex'))
    const expiresInMs = new Date(stored.reset_password_expiration as string).getTime() - Date.now()
    expect(expiresInMs).toBeGreaterThan(59 * 60_000)
    expect(expiresInMs).toBeLessThanOrEqual(60 * 60_000)

    const tables = await sql(
      "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public'",
    )
    for (const { table_name: table } of tables) {
      const hits = await sql(`SELECT 1 FROM "${table}" AS t WHERE t::text LIKE $1 LIMIT 1`, [
        `%${token}%`,
      ])
      expect(hits, `table ${table}`).toEqual([])
    }
  })

  it('work once: the link sets the password and signs in, a second use is refused', async () => {
    const { email, id } = await createAccount()
    const token = await requestToken(email)
    const browser = app.client()
    const first = await reset(token, newPassword, browser)
    expect(first.status).toBe(200)
    expect(first.body.user.email).toBe(email)
    expect(first.body.token).toMatch(/^ey/)
    expect((await browser.get('/users/me')).body.user?.email).toBe(email)
    expect((await row(id)).reset_password_token).toBeNull()

    const second = await reset(token, 'yet-another-unusual-passphrase-11')
    expect(second.status).toBe(400)
    expect(codeOf(second)).toBe('TOKEN_INVALID_OR_EXPIRED')
    expect((await signIn(email, password)).status).toBe(401)
    expect((await signIn(email, newPassword)).status).toBe(200)
  })

  it('expire: a link past its time is refused and changes nothing', async () => {
    const { email, id } = await createAccount()
    const token = await requestToken(email)
    await sql(
      "UPDATE users SET reset_password_expiration = now() - interval '1 second' WHERE id = $1",
      [id],
    )
    const response = await reset(token)
    expect(response.status).toBe(400)
    expect(codeOf(response)).toBe('TOKEN_INVALID_OR_EXPIRED')
    expect((await signIn(email, password)).status).toBe(200)
  })

  it('are void once a newer one is asked for', async () => {
    const { email, id } = await createAccount()
    const earlier = await requestToken(email)
    await pauseOver(id)
    const later = await requestToken(email)
    expect(later).not.toBe(earlier)
    expect(codeOf(await reset(earlier))).toBe('TOKEN_INVALID_OR_EXPIRED')
    expect((await reset(later)).status).toBe(200)
  })

  it('let exactly one of two parallel resets win', async () => {
    const { email } = await createAccount()
    const token = await requestToken(email)
    const results = await Promise.all([
      reset(token, newPassword),
      reset(token, 'a-second-unusual-passphrase-58'),
    ])
    expect(results.map((result) => result.status).sort()).toEqual([200, 400])
    const winner = results.find((result) => result.status === 200)!
    const winning = winner === results[0] ? newPassword : 'a-second-unusual-passphrase-58'
    expect((await signIn(email, winning)).status).toBe(200)
  })

  it("from Payload's own Local API forgotPassword are stored hashed too, and work with the endpoint", async () => {
    const { email, id } = await createAccount()
    const token = await app.payload.forgotPassword({
      collection: 'users',
      data: { email },
      disableEmail: true,
    })
    const hash = createHash('sha256').update(token).digest('hex')
    expect((await row(id)).reset_password_token).toBe(hash)
    // Payload merges the stored value into every later update: it must not be hashed twice.
    await app.payload.update({ id, collection: 'users', data: { name: 'Renamed' } })
    expect((await row(id)).reset_password_token).toBe(hash)
    expect((await reset(token)).status).toBe(200)
  })
})

describe('the new password', () => {
  it('must meet the policy; a refused one changes nothing and the link still works', async () => {
    const { email, id } = await createAccount()
    const token = await requestToken(email)
    const hashBefore = (await row(id)).hash
    for (const weak of ['password', 'short', `${email}123`]) {
      const refused = await reset(token, weak)
      expect(refused.status).toBe(400)
      expect(codeOf(refused)).toBe('PASSWORD_REQUIREMENTS_NOT_MET')
    }
    expect((await row(id)).hash).toBe(hashBefore)
    expect((await signIn(email, password)).status).toBe(200)
    expect((await reset(token)).status).toBe(200)
  })

  it('ends every other session of the account', async () => {
    const { email } = await createAccount()
    const laptop = app.client()
    expect((await laptop.post('/users/login', { email, password })).status).toBe(200)
    const token = await requestToken(email)
    const browser = app.client()
    expect((await reset(token, newPassword, browser)).status).toBe(200)
    expect((await laptop.get('/users/me')).body.user).toBeNull()
    expect((await browser.get('/users/me')).body.user?.email).toBe(email)
    const ended = await app.payload.find({
      collection: 'sessions' as never,
      overrideAccess: true,
      where: { revokedReason: { equals: 'passwordReset' } } as never,
    })
    expect(ended.docs.length).toBeGreaterThan(0)
  })

  it('is audited once as a reset, and the owner is told by email', async () => {
    const { email } = await createAccount()
    const token = await requestToken(email)
    expect((await reset(token)).status).toBe(200)
    const events = await auditOf(email)
    expect(events.filter((entry) => entry.event === 'password.reset')).toHaveLength(1)
    expect(events.map((entry) => entry.event)).not.toContain('password.changed')
    expect(events.find((entry) => entry.event === 'password.reset')?.actor).toBe(email)
    expect(events.find((entry) => entry.event === 'login.succeeded')?.data).toEqual({
      factor: 'password',
      via: 'passwordReset',
    })
    expect(events.find((entry) => entry.event === 'password.resetRequested')?.data).toEqual({
      kind: 'resetLink',
    })
    await inbox.waitFor(
      (mail) => mail.to.includes(email) && mail.subject === 'Your password was changed',
    )
  })
})

describe('a reset and a suspended account', () => {
  it('lifts the suspension, clears failed sign-ins, signs in and confirms by email', async () => {
    const { email, id } = await createAccount()
    const req = await createLocalReq({}, app.payload)
    await suspendAccount(req, getPluginOptions(app.payload), {
      reason: 'securityIncident',
      userId: id,
    })
    await sql('UPDATE users SET consecutive_failed_logins = 7 WHERE id = $1', [id])
    expect((await signIn(email, password)).status).toBe(403)

    const token = await requestToken(email)
    const browser = app.client()
    expect((await reset(token, newPassword, browser)).status).toBe(200)
    const stored = await row(id)
    expect(stored.security_status).toBe('active')
    expect(Number(stored.consecutive_failed_logins)).toBe(0)
    expect((await browser.get('/users/me')).body.user?.email).toBe(email)
    expect((await signIn(email, newPassword)).status).toBe(200)

    const confirmation = await inbox.waitFor(
      (mail) => mail.to.includes(email) && mail.subject === 'Your account has been unblocked',
    )
    expect(confirmation.text).toContain('You reset your password')
    const unblocked = (await auditOf(email)).filter((entry) => entry.event === 'account.unblocked')
    expect(unblocked.map((entry) => entry.data)).toEqual([{ reason: 'passwordReset' }])
  })
})

describe('what the endpoints let through', () => {
  it('answers malformed, oversized and hostile forgot-password input with a 4xx and a catalogue code', async () => {
    const client = app.client()
    const cases: [unknown, Record<string, string> | undefined, number, string][] = [
      ['{"email": ', { 'content-type': 'application/json' }, 400, 'MALFORMED_REQUEST'],
      [[1, 2], undefined, 400, 'MALFORMED_REQUEST'],
      [{}, undefined, 400, 'EMAIL_INVALID'],
      [{ email: 42 }, undefined, 400, 'EMAIL_INVALID'],
      [{ email: ['a@example.com'] }, undefined, 400, 'EMAIL_INVALID'],
      [{ email: 'not-an-address' }, undefined, 400, 'EMAIL_INVALID'],
      [{ email: 'two..dots@example.com' }, undefined, 400, 'EMAIL_INVALID'],
      [{ email: 'no-tld@example' }, undefined, 400, 'EMAIL_INVALID'],
      [{ email: `${'a'.repeat(250)}@example.com` }, undefined, 400, 'EMAIL_INVALID'],
      [{ email: "x' OR 1=1 --@example.com" }, undefined, 400, 'EMAIL_INVALID'],
      [{ email: `${'a'.repeat(20_000)}@example.com` }, undefined, 413, 'PAYLOAD_TOO_LARGE'],
    ]
    for (const [body, headers, status, code] of cases) {
      const response = await client.request('POST', '/users/forgot-password', { body, headers })
      expect([JSON.stringify(body).slice(0, 40), response.status, codeOf(response)]).toEqual([
        JSON.stringify(body).slice(0, 40),
        status,
        code,
      ])
    }
  })

  it('answers malformed, oversized and hostile reset-password input with a 4xx and a catalogue code', async () => {
    const { email } = await createAccount()
    const token = await requestToken(email)
    const client = app.client()
    const cases: [unknown, Record<string, string> | undefined, number, string][] = [
      ['{"token": ', { 'content-type': 'application/json' }, 400, 'MALFORMED_REQUEST'],
      ['"just a string"', { 'content-type': 'application/json' }, 400, 'MALFORMED_REQUEST'],
      [{}, undefined, 400, 'TOKEN_INVALID_OR_EXPIRED'],
      [{ password: newPassword }, undefined, 400, 'TOKEN_INVALID_OR_EXPIRED'],
      [{ password: newPassword, token: 42 }, undefined, 400, 'TOKEN_INVALID_OR_EXPIRED'],
      [{ password: newPassword, token: { $ne: null } }, undefined, 400, 'TOKEN_INVALID_OR_EXPIRED'],
      [{ password: newPassword, token: "' OR 1=1 --" }, undefined, 400, 'TOKEN_INVALID_OR_EXPIRED'],
      [
        { password: newPassword, token: 'A'.repeat(43) },
        undefined,
        400,
        'TOKEN_INVALID_OR_EXPIRED',
      ],
      [
        { password: newPassword, token: createHash('sha256').update(token).digest('hex') },
        undefined,
        400,
        'TOKEN_INVALID_OR_EXPIRED',
      ],
      [{ token }, undefined, 400, 'PASSWORD_REQUIRED'],
      [{ password: 42, token }, undefined, 400, 'PASSWORD_REQUIRED'],
      [{ password: 'x'.repeat(300), token }, undefined, 400, 'PASSWORD_REQUIREMENTS_NOT_MET'],
      [{ password: 'x'.repeat(20_000), token }, undefined, 413, 'PAYLOAD_TOO_LARGE'],
    ]
    for (const [body, headers, status, code] of cases) {
      const response = await client.request('POST', '/users/reset-password', { body, headers })
      expect([JSON.stringify(body).slice(0, 40), response.status, codeOf(response)]).toEqual([
        JSON.stringify(body).slice(0, 40),
        status,
        code,
      ])
    }
    // None of that spent the token.
    expect((await reset(token)).status).toBe(200)
  })

  it("turns off GraphQL's forgot and reset mutations, which would skip the uniform answer", async () => {
    const { email } = await createAccount()
    const forgotten = await app
      .client()
      .post('/graphql', { query: `mutation { forgotPasswordUser(email: "${email}") }` })
    expect(JSON.stringify(forgotten.body)).toContain('Password reset through GraphQL is turned off')
    const resetByGraphQL = await app.client().post('/graphql', {
      query: `mutation { resetPasswordUser(token: "${'a'.repeat(40)}", password: "${newPassword}") { token } }`,
    })
    expect(JSON.stringify(resetByGraphQL.body)).toContain(
      'Password reset through GraphQL is turned off',
    )
    // Payload's mutation, had it run, would have sent its email before answering (it awaits the mail
    // server, which keeps a message before acknowledging it): anything sent would be here already.
    expect(inbox.received.filter((mail) => mail.to.includes(email))).toEqual([])
  })
})
