import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import type { Json } from '../helpers/json.js'
import type { RestClient } from '../helpers/restClient.js'

import { linksIn, startSmtpInbox } from '../helpers/smtpInbox.js'
import { sqlOn } from '../helpers/sql.js'
import { startTestPayload, type TestPayload } from '../helpers/testPayload.js'

/**
 * Issue 38 item 8: an administrator acts on another account from its security panel in one click
 * (suspend, unblock, reset two-factor, send a reset link, remove a passkey, forget a trusted
 * device), and nobody else can.
 */
const password = 'a-long-and-unusual-passphrase-42'
const adminEmail = 'actions-admin@example.com'
const editorEmail = 'actions-editor@example.com'
let app: TestPayload
let inbox: Awaited<ReturnType<typeof startSmtpInbox>>
let admin: RestClient
let adminId: number
let accounts = 0
const sql = sqlOn(() => app.payload)
const codeOf = (response: { body: Json }) => response.body?.errors?.[0]?.data?.code
const fromEvil = { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' }

const signedInClient = async (email: string) => {
  const client = app.client()
  expect((await client.post('/users/login', { email, password })).status).toBe(200)
  return client
}

/** A new editor signed in once (a session to end), with an app, a passkey, codes and a device. */
const newTarget = async () => {
  const email = `actions-target-${++accounts}@example.com`
  const id = (
    await app.payload.create({ collection: 'users', data: { email, password, roles: ['editor'] } })
  ).id as number
  await signedInClient(email)
  await sql(`UPDATE users SET totp_config_status = 'enabled' WHERE id = $1`, [id])
  await sql(
    `INSERT INTO passkeys (user_id, name, credential_id, public_key, user_handle, counter, created_at, updated_at)
     VALUES ($1, 'Work laptop', $2, 'key', 'handle', 0, now(), now())`,
    [id, randomBytes(16).toString('base64url')],
  )
  await sql(
    `INSERT INTO recovery_codes (user_id, code_hash, created_at, updated_at) VALUES ($1, $2, now(), now())`,
    [id, randomBytes(16).toString('hex')],
  )
  await sql(
    `INSERT INTO trusted_devices (user_id, browser, os, last_used_at, expiration_date, token_hash, updated_at, created_at)
     VALUES ($1, 'Firefox', 'Linux', now(), now() + interval '10 days', $2, now(), now())`,
    [id, randomBytes(32).toString('hex')],
  )
  return { email, id }
}

const openSessions = async (id: number) =>
  (
    await sql('SELECT count(*)::int AS n FROM sessions WHERE user_id = $1 AND revoked_at IS NULL', [
      id,
    ])
  )[0]
const auditOf = async (id: number, event: string) =>
  sql('SELECT actor_id, data FROM audit_log WHERE target_object = $1 AND event = $2', [
    String(id),
    event,
  ])

beforeAll(async () => {
  inbox = await startSmtpInbox()
  app = await startTestPayload({ smtpUrl: inbox.url })
  admin = app.client()
  const registered = await admin.post('/users/first-register', { email: adminEmail, password })
  expect(registered.status).toBe(200)
  adminId = Number((await sql('SELECT id FROM users WHERE email = $1', [adminEmail]))[0]!.id)
  await app.payload.create({
    collection: 'users',
    data: { email: editorEmail, password, roles: ['editor'] },
  })
})
afterAll(async () => {
  await app?.close()
  await inbox?.close()
})

describe('issue 38 item 8: one-click actions on another account', () => {
  it('issue 38 item 8: Suspend ends every session, is audited and emailed; a parallel second click is refused with a code, never a 500; Unblock reactivates', async () => {
    const target = await newTarget()
    expect(await openSessions(target.id)).toEqual({ n: 1 })
    const answers = await Promise.all([
      admin.post(`/users/${target.id}/suspend`, undefined),
      admin.post(`/users/${target.id}/suspend`, undefined),
    ])
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409])
    expect(answers.map(codeOf).filter(Boolean)).toEqual(['ACCOUNT_ALREADY_SUSPENDED'])
    const [row] = await sql(
      'SELECT security_status AS status, security_suspension_reason AS reason FROM users WHERE id = $1',
      [target.id],
    )
    expect(row).toEqual({ reason: 'administrator', status: 'suspended' })
    expect(await openSessions(target.id)).toEqual({ n: 0 })
    const suspended = await auditOf(target.id, 'account.suspended')
    expect(suspended).toHaveLength(1)
    expect(String(suspended[0]!.actor_id)).toBe(String(adminId))
    await inbox.waitFor((mail) => mail.to.includes(target.email) && /suspended/.test(mail.subject))
    const signIn = await app.client().post('/users/login', { email: target.email, password })
    expect(codeOf(signIn)).toBe('ACCOUNT_SUSPENDED')

    const unblocks = await Promise.all([
      admin.post(`/users/${target.id}/unblock`, undefined),
      admin.post(`/users/${target.id}/unblock`, undefined),
    ])
    expect(unblocks.map((answer) => answer.status).sort()).toEqual([200, 409])
    expect(await auditOf(target.id, 'account.unblocked')).toHaveLength(1)
    expect(
      (await app.client().post('/users/login', { email: target.email, password })).status,
    ).toBe(200)
  })

  it('issue 38 item 8: Reset two-factor removes every factor, ends every session, is audited and emailed; a second click finds nothing to reset', async () => {
    const target = await newTarget()
    const answers = await Promise.all([
      admin.post(`/users/${target.id}/reset-two-factor`, undefined),
      admin.post(`/users/${target.id}/reset-two-factor`, undefined),
    ])
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409])
    expect(answers.map(codeOf).filter(Boolean)).toEqual(['TWO_FACTOR_NOTHING_TO_RESET'])
    for (const table of ['passkeys', 'recovery_codes', 'trusted_devices']) {
      expect(await sql(`SELECT id FROM ${table} WHERE user_id = $1`, [target.id])).toEqual([])
    }
    const [state] = await sql('SELECT totp_config_status AS status FROM users WHERE id = $1', [
      target.id,
    ])
    expect(state!.status).not.toBe('enabled')
    expect(await openSessions(target.id)).toEqual({ n: 0 })
    const audited = await auditOf(target.id, 'twoFactor.resetApproved')
    expect(audited).toHaveLength(1)
    expect(String(audited[0]!.actor_id)).toBe(String(adminId))
    await inbox.waitFor((mail) => mail.to.includes(target.email) && /2FA reset/.test(mail.subject))
  })

  it('issue 38 item 8: Send password reset link mails the owner a reset link (stored only as a hash), audited with the administrator; SSO-only accounts are refused', async () => {
    const target = await newTarget()
    const sent = await admin.post(`/users/${target.id}/send-password-reset`, undefined)
    expect(sent.status).toBe(200)
    const mail = await inbox.waitFor(
      (message) =>
        message.to.includes(target.email) && linksIn(message).some((link) => /reset/.test(link)),
    )
    const token = new URL(linksIn(mail).find((link) => /reset/.test(link))!).pathname
      .split('/')
      .pop()
    const [stored] = await sql('SELECT reset_password_token AS token FROM users WHERE id = $1', [
      target.id,
    ])
    // Stored as a hash, never the token the email carries.
    expect(stored!.token).not.toBe(token)
    const audited = await auditOf(target.id, 'password.resetRequested')
    expect(audited).toHaveLength(1)
    expect(String(audited[0]!.actor_id)).toBe(String(adminId))

    await sql(`UPDATE users SET identity_provider = 'corporate' WHERE id = $1`, [target.id])
    const sso = await admin.post(`/users/${target.id}/send-password-reset`, undefined)
    expect([sso.status, codeOf(sso)]).toEqual([409, 'RESET_LINK_UNAVAILABLE'])
  })

  it('issue 38 item 8: the overview lists passkeys and trusted devices; removing one passkey and forgetting one device leaves the rest', async () => {
    const target = await newTarget()
    const overview = (await admin.get(`/users/${target.id}/security-overview`)).body as {
      canSendResetLink: boolean
      email: string
      passkeyList: { id: number; name: string }[]
      trustedDeviceList: { browser: string; id: number }[]
    }
    expect(overview).toMatchObject({ canSendResetLink: true, email: target.email })
    expect(overview.passkeyList.map((passkey) => passkey.name)).toEqual(['Work laptop'])
    expect(overview.trustedDeviceList.map((device) => device.browser)).toEqual(['Firefox'])
    const passkeyId = overview.passkeyList[0]!.id
    const deviceId = overview.trustedDeviceList[0]!.id
    expect((await admin.post(`/users/mfa/passkeys/${passkeyId}/remove`, undefined)).status).toBe(
      200,
    )
    expect(
      (await admin.post(`/users/mfa/trusted-devices/${deviceId}/remove`, undefined)).status,
    ).toBe(200)
    const after = (await admin.get(`/users/${target.id}/security-overview`)).body as {
      authenticatorApp: string
      passkeyList: unknown[]
      trustedDeviceList: unknown[]
    }
    expect(after).toMatchObject({
      authenticatorApp: 'enabled',
      passkeyList: [],
      trustedDeviceList: [],
    })
  })
})

describe("issue 38 item 8: an attacker's view of the panel's actions", () => {
  const actions = ['suspend', 'unblock', 'reset-two-factor', 'send-password-reset'] as const

  it('issue 38 item 8: an editor, an anonymous client and a cross-site request are refused with a code, and nothing changes', async () => {
    const target = await newTarget()
    const editor = await signedInClient(editorEmail)
    for (const action of actions) {
      const byEditor = await editor.post(`/users/${target.id}/${action}`, undefined)
      expect([byEditor.status, codeOf(byEditor)]).toEqual([403, 'INSUFFICIENT_PERMISSIONS'])
      const anonymous = await app.client().post(`/users/${target.id}/${action}`, undefined)
      expect([anonymous.status, codeOf(anonymous)]).toEqual([401, 'AUTHENTICATION_REQUIRED'])
      // Payload ignores the session cookie of another site's request: it arrives anonymous.
      const crossSite = await admin.post(`/users/${target.id}/${action}`, undefined, fromEvil)
      expect(crossSite.status).toBe(401)
      expect(codeOf(crossSite)).toBe('AUTHENTICATION_REQUIRED')
    }
    const passkey = (await sql('SELECT id FROM passkeys WHERE user_id = $1', [target.id]))[0]!.id
    const device = (await sql('SELECT id FROM trusted_devices WHERE user_id = $1', [target.id]))[0]!
      .id
    // Another account's passkey or device is "not found" to an editor, so ids cannot be probed.
    expect((await editor.post(`/users/mfa/passkeys/${passkey}/remove`, undefined)).status).toBe(404)
    expect(
      (await editor.post(`/users/mfa/trusted-devices/${device}/remove`, undefined)).status,
    ).toBe(404)
    expect(await sql('SELECT security_status AS s FROM users WHERE id = $1', [target.id])).toEqual([
      { s: 'active' },
    ])
    expect(await sql('SELECT id FROM passkeys WHERE user_id = $1', [target.id])).toHaveLength(1)
    expect(
      await sql('SELECT id FROM trusted_devices WHERE user_id = $1', [target.id]),
    ).toHaveLength(1)
    expect(await openSessions(target.id)).toEqual({ n: 1 })
  })

  it('issue 38 item 8: a stale administrator session (no sudo) is refused with REAUTHENTICATION_REQUIRED until it confirms its password', async () => {
    const target = await newTarget()
    const stale = await signedInClient(adminEmail)
    await sql(`UPDATE sessions SET proved_at = now() - interval '1 day' WHERE user_id = $1`, [
      adminId,
    ])
    for (const action of actions) {
      const refused = await stale.post(`/users/${target.id}/${action}`, undefined)
      expect([refused.status, codeOf(refused)]).toEqual([403, 'REAUTHENTICATION_REQUIRED'])
    }
    expect(await openSessions(target.id)).toEqual({ n: 1 })
    expect((await stale.post('/users/confirm-password', { password })).status).toBe(200)
    expect((await stale.post(`/users/${target.id}/suspend`, undefined)).status).toBe(200)
    // The first client's session was made stale too: it confirms again for the tests after this one.
    expect((await admin.post('/users/confirm-password', { password })).status).toBe(200)
  })

  it('issue 38 item 8: an administrator cannot reset their own two-factor or suspend themselves from these endpoints', async () => {
    const ownReset = await admin.post(`/users/${adminId}/reset-two-factor`, undefined)
    expect([ownReset.status, codeOf(ownReset)]).toEqual([403, 'RESET_REQUEST_OWN_ACCOUNT'])
    const ownSuspend = await admin.post(`/users/${adminId}/suspend`, undefined)
    expect([ownSuspend.status, codeOf(ownSuspend)]).toEqual([403, 'OWN_ACCOUNT_ACTION'])
    const malformed = await admin.post('/users/not-an-id/suspend', undefined)
    expect([malformed.status, codeOf(malformed)]).toEqual([400, 'MALFORMED_REQUEST'])
    const unknown = await admin.post('/users/999999/reset-two-factor', undefined)
    expect([unknown.status, codeOf(unknown)]).toEqual([404, 'USER_NOT_FOUND'])
    const withBody = await admin.post(`/users/${adminId}/suspend`, { anything: true })
    expect(withBody.status).toBeGreaterThanOrEqual(400)
    expect(withBody.status).toBeLessThan(500)
  })
})
