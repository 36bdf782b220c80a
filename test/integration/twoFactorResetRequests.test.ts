import { resetSecondFactorWithServerAccess } from 'payload-backoffice'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'

import type { Json } from '../helpers/json.js'
import type { RestClient } from '../helpers/restClient.js'

import { resetRequestExpiryTaskSlug } from '../../src/policies/twoFactor/resetRequests/expiryTask.js'
import { linksIn, startSmtpInbox } from '../helpers/smtpInbox.js'
import { sqlOn } from '../helpers/sql.js'
import { startTestPayload, type TestPayload } from '../helpers/testPayload.js'
import { authenticatorCode, enrol, nextTimeStep } from '../helpers/twoFactor.js'

const password = 'a-long-and-unusual-passphrase-42'
const reason = 'My phone with the authenticator app was stolen yesterday.'
const DAY_MS = 86_400_000
let app: TestPayload
let admin: RestClient
let adminId: number
let inbox: Awaited<ReturnType<typeof startSmtpInbox>>
let accounts = 0
const sql = sqlOn(() => app.payload)

const requestReset = (client: RestClient, body: unknown) =>
  client.post('/users/mfa/totp/request-reset', body)
const review = (
  client: RestClient,
  id: number | string,
  action: 'approve' | 'deny',
  body: unknown = {},
) => client.post(`/two-factor-reset-requests/${id}/${action}`, body)
const codeOf = (response: { body: Json }) => response.body.errors?.[0]?.data?.code
const messageOf = (response: { body: Json }) => response.body.errors?.[0]?.message
const auditEvents = async (id: number) =>
  (await sql('SELECT event FROM audit_log WHERE target_object = $1 ORDER BY id', [String(id)])).map(
    (row) => row.event,
  )
const requestsOf = (id: number) =>
  sql(
    `SELECT id, status, reason, expires_at, approver_id, processed_at, approver_comment, user_agent, pending_key
     FROM two_factor_reset_requests WHERE requester_id = $1 ORDER BY id`,
    [id],
  )

/**
 * An editor (or an account of `role`) with a second factor, signed in on `signedIn` (with a code, on
 * a device it trusts), and `locked`, a second browser past the password and stuck at the code
 * prompt: the one who lost the phone.
 */
const editorAtCodePrompt = async (role: 'admin' | 'editor' = 'editor') => {
  const email = `${role}-${++accounts}@example.com`
  const user = await app.payload.create({
    collection: 'users',
    data: { email, password, roles: [role] },
  })
  const setup = app.client()
  expect((await setup.post('/users/login', { email, password })).status).toBe(200)
  const secret = await enrol(setup)
  nextTimeStep()
  const signedIn = app.client()
  await signedIn.post('/users/login', { email, password })
  const trusted = await signedIn.post('/users/mfa/totp/authenticate', {
    code: await authenticatorCode(secret),
    trustThisDevice: true,
  })
  expect(trusted.status).toBe(200)
  const locked = app.client()
  const passwordStep = await locked.post('/users/login', { email, password })
  expect(passwordStep.body.redirectTo).toMatch(/two-factor/)
  return { email, id: user.id as number, locked, secret, signedIn }
}

beforeAll(async () => {
  inbox = await startSmtpInbox()
  app = await startTestPayload({ smtpUrl: inbox.url })
  admin = app.client()
  const registered = await admin.post('/users/first-register', {
    email: 'admin@example.com',
    password,
  })
  expect(registered.status).toBe(200)
  adminId = registered.body.user.id
})
afterAll(async () => {
  await app?.close()
  await inbox?.close()
})
afterEach(() => {
  vi.useRealTimers()
})

describe('requesting a reset', () => {
  it('stores a pending request for 7 days from the code prompt, visible to administrators only', async () => {
    const { email, id, locked, signedIn } = await editorAtCodePrompt()
    const before = Date.now()
    const response = await locked.request('POST', '/users/mfa/totp/request-reset', {
      body: { reason: `  ${reason}  ` },
      headers: { 'user-agent': 'Mozilla/5.0 Test' },
    })
    expect(response.status).toBe(200)
    expect(response.body).toMatchObject({
      message: expect.stringContaining('valid for 1 week'),
      success: true,
    })

    const [stored] = await requestsOf(id)
    expect(stored).toMatchObject({
      approver_comment: null,
      pending_key: String(id),
      reason,
      approver_id: null,
      status: 'pending',
      user_agent: 'Mozilla/5.0 Test',
    })
    expect(new Date(stored.expires_at).getTime() - before).toBeGreaterThanOrEqual(7 * DAY_MS - 1000)
    expect(new Date(stored.expires_at).getTime() - before).toBeLessThanOrEqual(7 * DAY_MS + 60_000)
    expect(await auditEvents(id)).toContain('twoFactor.resetRequested')

    const listed = await admin.get('/two-factor-reset-requests')
    expect(listed.status).toBe(200)
    expect(listed.body.docs.map((doc: Json) => doc.id)).toContain(stored.id)
    expect(JSON.stringify(listed.body)).not.toContain('pendingKey')
    expect((await signedIn.get('/two-factor-reset-requests')).status).toBe(403)

    // Administrators are told, with the reason and a link to the request's page.
    const alert = await inbox.waitFor(
      (message) =>
        message.to.includes('admin@example.com') &&
        message.subject === `2FA reset request to review: ${email}`,
    )
    expect(alert.text).toContain(`Reason given: “${reason}”`)
    expect(linksIn(alert)).toContain(
      `http://localhost:3000/admin/collections/two-factor-reset-requests/${stored.id}`,
    )
  })

  it("shows a reason that is a URL as text, never as a link in the administrators' alert", async () => {
    const { email, locked } = await editorAtCodePrompt()
    const lure = 'https://evil.example/payload-admin/approve?request=1 approve me'
    expect((await requestReset(locked, { reason: lure })).status).toBe(200)
    const alert = await inbox.waitFor(
      (message) =>
        message.to.includes('admin@example.com') &&
        message.subject === `2FA reset request to review: ${email}`,
    )
    expect(alert.html).toContain('https://evil.example/payload-admin/approve?request=1 approve me')
    expect(alert.html).not.toMatch(/href="[^"]*evil\.example/)
  })

  it('refuses anyone who is neither past the password nor signed in', async () => {
    const response = await requestReset(app.client(), { reason })
    expect(response.status).toBe(401)
    expect(codeOf(response)).toBe('MFA_SESSION_EXPIRED')
  })

  it('requires a reason after trimming, of at least 10 and at most 500 characters', async () => {
    const { id, locked } = await editorAtCodePrompt()
    const blank = await requestReset(locked, { reason: '   \n ' })
    expect(blank.status).toBe(400)
    expect(codeOf(blank)).toBe('RESET_REASON_REQUIRED')
    expect(messageOf(blank)).toBe('Please provide a reason for the 2FA reset request')
    expect(codeOf(await requestReset(locked, {}))).toBe('RESET_REASON_REQUIRED')

    const short = await requestReset(locked, { reason: '  lost it  ' })
    expect(short.status).toBe(400)
    expect(codeOf(short)).toBe('RESET_REASON_TOO_SHORT')
    expect(messageOf(short)).toContain('at least 10 characters')

    const long = await requestReset(locked, { reason: 'x'.repeat(501) })
    expect(long.status).toBe(400)
    expect(codeOf(long)).toBe('RESET_REASON_TOO_LONG')
    expect(messageOf(long)).toContain('maximum 500 characters')
    expect(await requestsOf(id)).toEqual([])

    expect((await requestReset(locked, { reason: `${'x'.repeat(500)}   ` })).status).toBe(200)
  })

  it('allows one pending request per account, even when two race', async () => {
    const { id, locked } = await editorAtCodePrompt()
    const answers = await Promise.all([
      requestReset(locked, { reason }),
      requestReset(locked, { reason }),
    ])
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409])
    const again = await requestReset(locked, { reason })
    expect(again.status).toBe(409)
    expect(codeOf(again)).toBe('RESET_REQUEST_PENDING_EXISTS')
    expect(await requestsOf(id)).toHaveLength(1)
  })

  it('answers "nothing to reset" for an account without a second factor', async () => {
    const email = `plain-${++accounts}@example.com`
    await app.payload.create({ collection: 'users', data: { email, password, roles: ['editor'] } })
    const client = app.client()
    expect((await client.post('/users/login', { email, password })).status).toBe(200)
    const response = await requestReset(client, { reason })
    expect(response.status).toBe(400)
    expect(codeOf(response)).toBe('TOTP_NOT_ENABLED')
    expect(messageOf(response)).toContain('nothing to reset')
  })

  it('no API caller creates, edits or deletes a request; the Local API is held to the transition rules', async () => {
    const { id, locked, signedIn } = await editorAtCodePrompt()
    await requestReset(locked, { reason })
    const [stored] = await requestsOf(id)
    expect(
      (await signedIn.post('/two-factor-reset-requests', { reason, requester: id })).status,
    ).toBe(403)
    expect((await admin.post('/two-factor-reset-requests', { reason, requester: id })).status).toBe(
      403,
    )
    expect(
      (
        await admin.request('PATCH', `/two-factor-reset-requests/${stored.id}`, {
          body: { status: 'approved' },
        })
      ).status,
    ).toBe(403)
    expect((await admin.request('DELETE', `/two-factor-reset-requests/${stored.id}`)).status).toBe(
      403,
    )

    const update = (data: Record<string, unknown>) =>
      app.payload.update({
        id: stored.id,
        collection: 'two-factor-reset-requests' as never,
        data: data as never,
        overrideAccess: true,
      })
    await expect(update({ reason: 'something else entirely' })).rejects.toMatchObject({
      data: { code: 'SYSTEM_CONTROLLED_FIELD', field: 'reason' },
      message: "Field 'reason' is system-controlled.",
      status: 400,
    })
    await expect(update({ status: 'approved' })).rejects.toMatchObject({
      data: { code: 'SYSTEM_CONTROLLED_FIELD', field: 'status' },
    })
    expect((await review(admin, stored.id, 'deny')).status).toBe(200)
    await expect(update({ status: 'approved' })).rejects.toMatchObject({
      data: { code: 'RESET_REQUEST_PROCESSED' },
      message: 'Cannot change processed requests.',
    })
    expect((await requestsOf(id))[0]).toMatchObject({ reason, status: 'denied' })
  })
})

describe('reviewing a request', () => {
  it('finding: reset-request fields are named as the spec names them (requester, approver, processedAt), the misuse token stored only as a hash', async () => {
    const { id, locked } = await editorAtCodePrompt()
    await requestReset(locked, { reason })
    const [stored] = await requestsOf(id)
    expect((await review(admin, stored.id, 'approve')).status).toBe(200)

    const read = await admin.get(`/two-factor-reset-requests/${stored.id}?depth=0`)
    expect(read.status).toBe(200)
    expect(read.body).toMatchObject({
      approver: adminId,
      reason,
      requester: id,
      status: 'approved',
    })
    expect(new Date(read.body.processedAt).getTime()).not.toBeNaN()
    for (const gone of ['requestedBy', 'reviewedBy', 'reviewedAt', 'misuseReportTokenHash']) {
      expect(read.body).not.toHaveProperty(gone)
    }
    const [hash] = await sql(
      'SELECT misuse_report_token_hash AS hash FROM two_factor_reset_requests WHERE id = $1',
      [stored.id],
    )
    expect(hash.hash).toMatch(/^[0-9a-f]{64}$/)
  })

  it('approval puts 2FA back to pending, forgets trusted devices, ends sessions and emails the user', async () => {
    const { email, id, locked, signedIn } = await editorAtCodePrompt()
    await requestReset(locked, { reason })
    const [stored] = await requestsOf(id)
    expect((await signedIn.get('/users/me')).body.user?.id).toBe(id)

    const approved = await review(admin, stored.id, 'approve', {
      comment: '  Confirmed by phone call.  ',
    })
    expect(approved.status).toBe(200)
    const [after] = await requestsOf(id)
    // What the review panel shows once answered, without reloading the page.
    expect(approved.body).toEqual({
      approverComment: 'Confirmed by phone call.',
      message: '2FA reset approved',
      processedAt: new Date(after.processed_at).toISOString(),
      reviewer: 'admin@example.com',
      status: 'approved',
    })

    expect(after).toMatchObject({
      approver_comment: 'Confirmed by phone call.',
      pending_key: null,
      approver_id: adminId,
      status: 'approved',
    })
    expect(after.processed_at).not.toBeNull()
    const [account] = await sql(
      'SELECT totp_config_status AS status, totp_config_secret AS secret FROM users WHERE id = $1',
      [id],
    )
    expect(account).toEqual({ secret: null, status: 'pending' })
    expect(await sql('SELECT id FROM trusted_devices WHERE user_id = $1', [id])).toEqual([])
    expect((await signedIn.get('/users/me')).body.user).toBeNull()
    expect(await auditEvents(id)).toEqual(
      expect.arrayContaining(['twoFactor.resetRequested', 'twoFactor.resetApproved']),
    )

    const mail = await inbox.waitFor(
      (message) => message.to.includes(email) && /approved/.test(message.subject),
    )
    expect(mail.text).toContain('Confirmed by phone call.')

    // The next sign-in sets up a new second factor before any session, although two-factor is
    // optional in this app; the lost one is gone.
    const fresh = app.client()
    const passwordStep = await fresh.post('/users/login', { email, password })
    expect(passwordStep.body).toMatchObject({
      redirectTo: '/admin/two-factor/setup',
      secondFactor: 'enrolmentRequired',
    })
    expect(passwordStep.body.token).toBeUndefined()
    expect((await fresh.get('/users/me')).body.user).toBeNull()
    // The setup page is told why it is shown: an administrator approved the reset.
    const setupAfterReset = await fresh.get('/users/mfa/totp/setup')
    expect(setupAfterReset.status).toBe(200)
    expect(setupAfterReset.body.afterApprovedReset).toBe(true)
    nextTimeStep()
    await enrol(fresh)
    expect((await fresh.get('/users/me')).body.user?.id).toBe(id)
    const [reenrolled] = await sql(
      'SELECT totp_config_status AS status, totp_config_setup_required AS required FROM users WHERE id = $1',
      [id],
    )
    expect(reenrolled).toEqual({ required: false, status: 'enabled' })
  })

  it('an approval that fails half-way changes nothing and can be given again', async () => {
    const { id, locked, signedIn } = await editorAtCodePrompt()
    await requestReset(locked, { reason })
    const [stored] = await requestsOf(id)
    // A real database failure in the middle of the approval: forgetting the trusted devices is refused.
    await sql(
      `CREATE FUNCTION refuse_device_delete() RETURNS trigger AS $$ BEGIN RAISE EXCEPTION 'refused for the test'; END $$ LANGUAGE plpgsql`,
    )
    await sql(
      'CREATE TRIGGER refuse_device_delete BEFORE DELETE ON trusted_devices FOR EACH ROW EXECUTE FUNCTION refuse_device_delete()',
    )
    try {
      const failed = await review(admin, stored.id, 'approve', { comment: 'Confirmed in person.' })
      expect(failed.status).toBe(500)
    } finally {
      await sql('DROP TRIGGER refuse_device_delete ON trusted_devices')
      await sql('DROP FUNCTION refuse_device_delete()')
    }
    expect((await requestsOf(id))[0]).toMatchObject({
      approver_comment: null,
      approver_id: null,
      status: 'pending',
    })
    const [account] = await sql(
      'SELECT totp_config_status AS status, totp_config_setup_required AS required FROM users WHERE id = $1',
      [id],
    )
    expect(account).toEqual({ required: false, status: 'enabled' })
    expect(await sql('SELECT id FROM trusted_devices WHERE user_id = $1', [id])).toHaveLength(1)
    expect((await signedIn.get('/users/me')).body.user?.id).toBe(id)
    expect(await auditEvents(id)).not.toContain('twoFactor.resetApproved')

    const approved = await review(admin, stored.id, 'approve')
    expect(approved.status).toBe(200)
    expect((await requestsOf(id))[0].status).toBe('approved')
    expect(await sql('SELECT id FROM trusted_devices WHERE user_id = $1', [id])).toEqual([])
  })

  it('denial keeps the second factor and emails the user', async () => {
    const { email, id, locked, signedIn } = await editorAtCodePrompt()
    await requestReset(locked, { reason })
    const [stored] = await requestsOf(id)
    const denied = await review(admin, stored.id, 'deny')
    expect(denied.status).toBe(200)
    const [answered] = await requestsOf(id)
    expect(denied.body).toEqual({
      approverComment: null,
      message: '2FA reset denied',
      processedAt: new Date(answered.processed_at).toISOString(),
      reviewer: 'admin@example.com',
      status: 'denied',
    })
    expect((await requestsOf(id))[0]).toMatchObject({
      approver_comment: null,
      approver_id: adminId,
      status: 'denied',
    })
    const [account] = await sql('SELECT totp_config_status AS status FROM users WHERE id = $1', [
      id,
    ])
    expect(account.status).toBe('enabled')
    expect((await signedIn.get('/users/me')).body.user?.id).toBe(id)
    expect(await sql('SELECT id FROM trusted_devices WHERE user_id = $1', [id])).toHaveLength(1)
    expect(await auditEvents(id)).toContain('twoFactor.resetDenied')
    await inbox.waitFor((message) => message.to.includes(email) && /denied/.test(message.subject))
  })

  it('a first setup, without any approved reset, is not told of one', async () => {
    const email = `editor-${++accounts}@example.com`
    await app.payload.create({ collection: 'users', data: { email, password, roles: ['editor'] } })
    const client = app.client()
    expect((await client.post('/users/login', { email, password })).status).toBe(200)
    const setup = await client.get('/users/mfa/totp/setup')
    expect(setup.status).toBe(200)
    expect(setup.body).toMatchObject({ abort: false, afterApprovedReset: false })
  })

  it('a processed request cannot be reviewed again, and of two racing reviews one wins', async () => {
    const { id, locked } = await editorAtCodePrompt()
    await requestReset(locked, { reason })
    const [stored] = await requestsOf(id)
    const answers = await Promise.all([
      review(admin, stored.id, 'approve'),
      review(admin, stored.id, 'deny'),
    ])
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409])
    for (const action of ['approve', 'deny'] as const) {
      const again = await review(admin, stored.id, action, { comment: 'changed my mind' })
      expect(again.status).toBe(409)
      expect(codeOf(again)).toBe('RESET_REQUEST_PROCESSED')
      expect(messageOf(again)).toBe('Cannot change processed requests.')
    }
  })

  it('only administrators review; unknown requests are not found', async () => {
    const { id, locked, signedIn } = await editorAtCodePrompt()
    await requestReset(locked, { reason })
    const [stored] = await requestsOf(id)
    const byEditor = await review(signedIn, stored.id, 'approve')
    expect(byEditor.status).toBe(403)
    expect(codeOf(byEditor)).toBe('INSUFFICIENT_PERMISSIONS')
    const anonymous = await review(app.client(), stored.id, 'approve')
    expect(anonymous.status).toBe(401)
    expect(codeOf(anonymous)).toBe('AUTHENTICATION_REQUIRED')
    expect(codeOf(await review(locked, stored.id, 'approve'))).toBe('AUTHENTICATION_REQUIRED')
    expect((await review(admin, 999_999, 'approve')).status).toBe(404)
    expect((await review(admin, 'not-an-id', 'approve')).status).toBe(400)
    expect((await review(admin, stored.id, 'approve', { comment: 42 })).status).toBe(400)
    expect((await requestsOf(id))[0].status).toBe('pending')
  })

  it('a request past its 7 days cannot be approved, and no longer blocks a new one', async () => {
    const { id, locked } = await editorAtCodePrompt()
    await requestReset(locked, { reason })
    const [stored] = await requestsOf(id)
    // Seven days on, for this request only: moving the whole clock would expire the reviewer's session too.
    await sql(
      "UPDATE two_factor_reset_requests SET expires_at = now() - interval '1 second' WHERE id = $1",
      [stored.id],
    )
    const late = await review(admin, stored.id, 'approve')
    expect(late.status).toBe(410)
    expect(codeOf(late)).toBe('RESET_REQUEST_EXPIRED')
    expect((await requestsOf(id))[0].status).toBe('pending')
    const [account] = await sql('SELECT totp_config_status AS status FROM users WHERE id = $1', [
      id,
    ])
    expect(account.status).toBe('enabled')

    expect((await requestReset(locked, { reason })).status).toBe(200)
    expect((await requestsOf(id)).map((row) => row.status)).toEqual(['expired', 'pending'])
  })
})

describe("an administrator's own request", () => {
  const secondFactorOf = async (id: number) =>
    (
      await sql(
        'SELECT totp_config_status AS status, totp_config_secret IS NOT NULL AS "hasSecret" FROM users WHERE id = $1',
        [id],
      )
    )[0]
  const approvalsOf = async (id: number) =>
    (
      await app.payload.find({
        collection: 'audit-log' as never,
        overrideAccess: true,
        where: {
          and: [
            { event: { equals: 'twoFactor.resetApproved' } },
            { userId: { equals: String(id) } },
          ],
        } as never,
      })
    ).docs as unknown as { actor: null | string; actorId: null | string; data: Json }[]

  it('finding 11: an administrator cannot approve their own 2FA reset request; another administrator can', async () => {
    const owner = await editorAtCodePrompt('admin')
    // Whoever holds the administrator's session, freshly proved with the password, asks...
    expect((await requestReset(owner.signedIn, { reason })).status).toBe(200)
    const [stored] = await requestsOf(owner.id)

    // ...and answers: refused, with nothing changed.
    const own = await review(owner.signedIn, stored.id, 'approve', { comment: 'It is me.' })
    expect(own.status).toBe(403)
    expect(codeOf(own)).toBe('RESET_REQUEST_OWN_ACCOUNT')
    expect(messageOf(own)).toBe(
      'You cannot approve a 2FA reset request for your own account: another administrator must review it.',
    )
    expect((await requestsOf(owner.id))[0]).toMatchObject({
      approver_id: null,
      pending_key: String(owner.id),
      status: 'pending',
    })
    expect(await secondFactorOf(owner.id)).toEqual({ hasSecret: true, status: 'enabled' })
    expect(await sql('SELECT id FROM trusted_devices WHERE user_id = $1', [owner.id])).toHaveLength(
      1,
    )
    expect(await approvalsOf(owner.id)).toEqual([])
    // The password alone still leads to the code prompt, not past it.
    const passwordOnly = await app.client().post('/users/login', { email: owner.email, password })
    expect(passwordOnly.body.redirectTo).toMatch(/two-factor\/verify/)

    // Another administrator reviews it.
    const approved = await review(admin, stored.id, 'approve')
    expect(approved.status).toBe(200)
    expect((await requestsOf(owner.id))[0]).toMatchObject({
      approver_id: adminId,
      status: 'approved',
    })
    expect(await secondFactorOf(owner.id)).toEqual({ hasSecret: false, status: 'pending' })
    expect((await approvalsOf(owner.id))[0]).toMatchObject({ actorId: String(adminId) })
  })

  it('finding 11: with no other administrator, the break-glass function run with server access approves the request, audited as such', async () => {
    const owner = await editorAtCodePrompt('admin')
    expect((await requestReset(owner.locked, { reason })).status).toBe(200)
    const [stored] = await requestsOf(owner.id)

    const result = await resetSecondFactorWithServerAccess(app.payload, {
      comment: 'Identity checked in person by the operator.',
      email: owner.email,
    })
    expect(result).toMatchObject({ requestId: stored.id, userId: owner.id })
    expect((await requestsOf(owner.id))[0]).toMatchObject({
      approver_comment: 'Identity checked in person by the operator.',
      approver_id: null,
      pending_key: null,
      status: 'approved',
    })
    expect(await secondFactorOf(owner.id)).toEqual({ hasSecret: false, status: 'pending' })
    expect(await sql('SELECT id FROM trusted_devices WHERE user_id = $1', [owner.id])).toEqual([])
    expect((await owner.signedIn.get('/users/me')).body.user).toBeNull()
    const [audited] = await approvalsOf(owner.id)
    expect(audited).toMatchObject({
      actor: null,
      actorId: null,
      data: { breakGlass: true, requestId: stored.id },
    })
    const mail = await inbox.waitFor(
      (message) => message.to.includes(owner.email) && /approved/.test(message.subject),
    )
    expect(mail.text).toContain('Identity checked in person by the operator.')

    // The owner sets up a new second factor at the next sign-in.
    const fresh = app.client()
    expect((await fresh.post('/users/login', { email: owner.email, password })).body).toMatchObject(
      { redirectTo: '/admin/two-factor/setup' },
    )
  })

  it('finding 11: the break-glass function also resets an account with no request, and refuses an unknown one', async () => {
    const owner = await editorAtCodePrompt('admin')
    const result = await resetSecondFactorWithServerAccess(app.payload, { userId: owner.id })
    expect(result).toMatchObject({ requestId: null, userId: owner.id })
    expect(await secondFactorOf(owner.id)).toEqual({ hasSecret: false, status: 'pending' })
    expect((await approvalsOf(owner.id))[0]).toMatchObject({
      actorId: null,
      data: { breakGlass: true, requestId: null },
    })
    await expect(
      resetSecondFactorWithServerAccess(app.payload, { email: 'nobody@example.com' }),
    ).rejects.toMatchObject({ data: { code: 'USER_NOT_FOUND' } })
  })
})

describe('expiry', () => {
  it('the jobs queue expires pending requests past their 7 days and keeps younger ones', async () => {
    const old = await editorAtCodePrompt()
    expect((await requestReset(old.locked, { reason })).status).toBe(200)
    vi.useFakeTimers({ now: Date.now() + 7 * DAY_MS + 60_000, toFake: ['Date'] })
    // Signed in at the moved time, so the challenge is as young as the new request.
    const young = await editorAtCodePrompt()
    expect((await requestReset(young.locked, { reason })).status).toBe(200)

    const job = (await app.payload.jobs.queue({
      input: {},
      task: resetRequestExpiryTaskSlug as never,
    })) as { id: number | string }
    await app.payload.jobs.runByID({ id: job.id })

    expect((await requestsOf(old.id))[0]).toMatchObject({ pending_key: null, status: 'expired' })
    expect((await requestsOf(young.id))[0]).toMatchObject({ status: 'pending' })
    expect(await auditEvents(old.id)).toContain('twoFactor.resetExpired')
    const task = app.config.jobs.tasks?.find(
      (candidate) => candidate.slug === resetRequestExpiryTaskSlug,
    )
    expect(task?.schedule).toEqual([{ cron: '0 * * * *', queue: 'default' }])

    // An expired request is processed: it cannot be reviewed.
    vi.useRealTimers()
    const [expired] = await requestsOf(old.id)
    const late = await review(admin, expired.id, 'approve')
    expect(late.status).toBe(409)
    expect(codeOf(late)).toBe('RESET_REQUEST_PROCESSED')
  })
})

describe('the misuse-report link', () => {
  /** The "this wasn't me" link from the confirmation email, as a path of the REST API. */
  const misuseLink = async (email: string) => {
    const mail = await inbox.waitFor(
      (message) => message.to.includes(email) && /received/.test(message.subject),
    )
    const link = linksIn(mail).find((candidate) => candidate.includes('report-misuse'))!
    expect(link).toMatch(
      /^http:\/\/localhost:3000\/api\/users\/mfa\/totp\/report-misuse\?token=[\w-]{43}$/,
    )
    return link.replace('http://localhost:3000/api', '')
  }
  const accountState = async (id: number) =>
    (
      await sql(
        'SELECT security_status AS status, security_suspension_reason AS reason FROM users WHERE id = $1',
        [id],
      )
    )[0]

  it('opening the link only asks; confirming suspends the account, ends its sessions and alerts administrators', async () => {
    const { email, id, locked, signedIn } = await editorAtCodePrompt()
    await requestReset(locked, { reason })
    const link = await misuseLink(email)
    const [stored] = await sql(
      'SELECT misuse_report_token_hash AS hash FROM two_factor_reset_requests WHERE requester_id = $1',
      [id],
    )
    expect(stored.hash).toMatch(/^[0-9a-f]{64}$/)
    expect(link).not.toContain(stored.hash)

    const opened = await app.client().get(link)
    expect(opened.status).toBe(200)
    expect(opened.headers.get('referrer-policy')).toBe('no-referrer')
    expect(String(opened.body)).toContain('<form method="post"')
    expect((await requestsOf(id))[0].status).toBe('pending')
    expect((await accountState(id)).status).toBe('active')

    const reported = await app.client().request('POST', link, { headers: { accept: 'text/html' } })
    expect(reported.status).toBe(200)
    expect(String(reported.body)).toContain('your account is suspended')
    expect((await requestsOf(id))[0]).toMatchObject({ pending_key: null, status: 'reportedMisuse' })
    expect(await accountState(id)).toEqual({ reason: 'misuseReport', status: 'suspended' })
    expect((await signedIn.get('/users/me')).body.user).toBeNull()
    expect(await auditEvents(id)).toEqual(
      expect.arrayContaining(['twoFactor.misuseReported', 'account.suspended']),
    )
    await inbox.waitFor(
      (message) => message.to.includes('admin@example.com') && message.text.includes(email),
    )

    const again = await app.client().post(link)
    expect(again.status).toBe(400)
    expect(codeOf(again)).toBe('TOKEN_INVALID_OR_EXPIRED')
  })

  it('still works after an approval, but not after a denial', async () => {
    const first = await editorAtCodePrompt()
    await requestReset(first.locked, { reason })
    const approvedLink = await misuseLink(first.email)
    await review(admin, (await requestsOf(first.id))[0].id, 'approve')
    expect((await app.client().post(approvedLink)).status).toBe(200)
    expect((await requestsOf(first.id))[0].status).toBe('reportedMisuse')
    expect((await accountState(first.id)).status).toBe('suspended')

    const second = await editorAtCodePrompt()
    await requestReset(second.locked, { reason })
    const deniedLink = await misuseLink(second.email)
    await review(admin, (await requestsOf(second.id))[0].id, 'deny')
    const refused = await app.client().post(deniedLink)
    expect(refused.status).toBe(400)
    expect((await app.client().get(deniedLink)).status).toBe(400)
    expect((await requestsOf(second.id))[0].status).toBe('denied')
    expect((await accountState(second.id)).status).toBe('active')
  })

  it('refuses a made-up token', async () => {
    const made = await app.client().post(`/users/mfa/totp/report-misuse?token=${'a'.repeat(43)}`)
    expect(made.status).toBe(400)
    expect((await app.client().post('/users/mfa/totp/report-misuse')).status).toBe(400)
  })
})

describe('deleting an account', () => {
  it('deletes its reset requests with it, and keeps the requests it reviewed', async () => {
    const requester = await editorAtCodePrompt()
    await requestReset(requester.locked, { reason })
    const reviewer = await app.payload.create({
      collection: 'users',
      data: { email: `admin-${++accounts}@example.com`, password, roles: ['admin'] },
    })
    const other = await editorAtCodePrompt()
    await requestReset(other.locked, { reason })
    await sql('UPDATE two_factor_reset_requests SET approver_id = $1 WHERE requester_id = $2', [
      reviewer.id,
      other.id,
    ])

    await app.payload.delete({ collection: 'users', id: requester.id })
    await app.payload.delete({ collection: 'users', id: reviewer.id })
    expect(await requestsOf(requester.id)).toEqual([])
    expect((await requestsOf(other.id))[0]).toMatchObject({
      approver_id: null,
      status: 'pending',
    })
  })
})
