import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'

import type { Json } from '../helpers/json.js'
import type { RestClient } from '../helpers/restClient.js'

import { linksIn, startSmtpInbox } from '../helpers/smtpInbox.js'
import { sqlOn } from '../helpers/sql.js'
import { startTestPayload, type TestPayload } from '../helpers/testPayload.js'
import { authenticatorCode, nextTimeStep, wrongCode } from '../helpers/twoFactor.js'

const password = 'a-long-and-unusual-passphrase-42'
let app: TestPayload
let inbox: Awaited<ReturnType<typeof startSmtpInbox>>
let accounts = 0
const sql = sqlOn(() => app.payload)
const codeOf = (response: { body: Json }) => response.body?.errors?.[0]?.data?.code
const codeFormat = /^([0-9a-hjkmnp-tv-z]{4}-){5}[0-9a-hjkmnp-tv-z]{4}$/

beforeAll(async () => {
  inbox = await startSmtpInbox()
  // Administrators must use two-factor; editors may choose.
  app = await startTestPayload({
    backofficeOptions: { twoFactor: { enforcement: { roles: ['admin'] } } },
    smtpUrl: inbox.url,
  })
  expect(
    (await app.client().post('/users/first-register', { email: 'admin@example.com', password }))
      .status,
  ).toBe(200)
})
afterAll(async () => {
  await app?.close()
  await inbox?.close()
})
beforeEach(async () => {
  await sql('DELETE FROM login_throttles')
})
afterEach(() => {
  vi.useRealTimers()
})

/** A new account of `role`, signed in just now on a browser of its own. */
const signedIn = async (role = 'editor') => {
  const email = `self-service-${++accounts}@example.com`
  const user = await app.payload.create({
    collection: 'users',
    data: { email, password, roles: [role] },
  })
  const browser = app.client()
  const login = await browser.post('/users/login', { email, password })
  expect(login.status).toBe(200)
  return { browser, email, id: user.id as number }
}

/** Sets the app up from the signed-in browser; answers the secret and the finished setup's answer. */
const setUpApp = async (browser: RestClient) => {
  const setup = await browser.get('/users/mfa/totp/setup')
  expect(setup.status).toBe(200)
  const finished = await browser.post('/users/mfa/totp/finish-enrollment', {
    code: await authenticatorCode(setup.body.secret),
  })
  expect(finished.status).toBe(200)
  return { finished, secret: setup.body.secret as string }
}

/** A second browser through the password and the app's code: another session of the account. */
const otherSession = async (email: string, secret: string) => {
  const browser = app.client()
  expect((await browser.post('/users/login', { email, password })).body.secondFactor).toBe(
    'codeRequired',
  )
  nextTimeStep()
  const done = await browser.post('/users/mfa/totp/authenticate', {
    code: await authenticatorCode(secret),
  })
  expect(done.status).toBe(200)
  return browser
}

const proofExpired = (id: number) =>
  sql(`UPDATE sessions SET proved_at = now() - interval '1 hour' WHERE user_id = $1`, [id])

describe('the authenticator app on one’s own account', () => {
  it('issue 38 item 2: finishing the setup answers the first recovery codes (120 bits, stored with one salted SHA-256), and they sign in', async () => {
    const { browser, email, id } = await signedIn()
    const { finished } = await setUpApp(browser)
    const codes = finished.body.recoveryCodes as string[]
    expect(codes).toHaveLength(10)
    for (const code of codes) {
      expect(code).toMatch(codeFormat)
    }
    expect(finished.headers.get('cache-control')).toBe('no-store')
    const stored = await sql('SELECT code_hash FROM recovery_codes WHERE user_id = $1', [id])
    expect(stored).toHaveLength(10)
    for (const row of stored) {
      expect(row.code_hash).toMatch(/^sha256\$[\w-]{22}\$[\w-]{43}$/)
    }
    // One email for the setup, with its "this wasn't me" link; none more for the codes it came with.
    await inbox.waitFor((mail) => mail.to.includes(email) && /is on/.test(mail.subject))
    expect(
      inbox.received.filter((mail) => mail.to.includes(email) && /recovery/i.test(mail.subject)),
    ).toHaveLength(0)

    const atPrompt = app.client()
    expect((await atPrompt.post('/users/login', { email, password })).body.secondFactor).toBe(
      'codeRequired',
    )
    const used = await atPrompt.post('/users/mfa/recovery-code/authenticate', {
      code: codes[0]!.toUpperCase(),
    })
    expect(used.status).toBe(200)
  })

  it('issue 38 item 1: Replace needs sudo and a current code, the new app takes over only once its code is entered, other sessions end and the owner is told with a "this wasn’t me" link', async () => {
    const { browser, email, id } = await signedIn()
    const { secret: oldSecret } = await setUpApp(browser)
    const other = await otherSession(email, oldSecret)

    // A wrong code is refused and changes nothing.
    nextTimeStep()
    const wrong = await browser.post('/users/mfa/totp/replace', {
      code: wrongCode(await authenticatorCode(oldSecret)),
    })
    expect(wrong.status).toBe(400)
    expect(codeOf(wrong)).toBe('TOTP_CODE_INVALID')

    // Sudo mode first, code or not.
    await proofExpired(id)
    nextTimeStep()
    const stale = await browser.post('/users/mfa/totp/replace', {
      code: await authenticatorCode(oldSecret),
    })
    expect(codeOf(stale)).toBe('REAUTHENTICATION_REQUIRED')
    expect((await browser.post('/users/confirm-password', { password })).status).toBe(200)

    nextTimeStep()
    const begun = await browser.post('/users/mfa/totp/replace', {
      code: await authenticatorCode(oldSecret),
    })
    expect(begun.status).toBe(200)
    expect(begun.body.qrCode).toMatch(/^data:image\/png;base64,/)
    const newSecret = begun.body.secret as string
    expect(newSecret).not.toBe(oldSecret)

    // Half-way, the old app still signs in and the new one does not.
    nextTimeStep()
    const halfWay = app.client()
    await halfWay.post('/users/login', { email, password })
    expect(
      (
        await halfWay.post('/users/mfa/totp/authenticate', {
          code: await authenticatorCode(newSecret),
        })
      ).status,
    ).toBe(400)

    nextTimeStep()
    const finished = await browser.post('/users/mfa/totp/replace/finish', {
      code: await authenticatorCode(newSecret),
    })
    expect(finished.status).toBe(200)
    expect(finished.body.success).toBe(true)

    // This session stays, the other one ended.
    expect((await browser.get('/users/me')).body.user?.email).toBe(email)
    expect((await other.get('/users/me')).body.user ?? null).toBeNull()

    // The old app's codes no longer sign in; the new one's do.
    nextTimeStep()
    const withOld = app.client()
    await withOld.post('/users/login', { email, password })
    const refused = await withOld.post('/users/mfa/totp/authenticate', {
      code: await authenticatorCode(oldSecret),
    })
    expect(codeOf(refused)).toBe('TOTP_CODE_INVALID')
    nextTimeStep()
    expect(
      (
        await withOld.post('/users/mfa/totp/authenticate', {
          code: await authenticatorCode(newSecret),
        })
      ).status,
    ).toBe(200)

    const notice = await inbox.waitFor(
      (mail) =>
        mail.to.includes(email) &&
        mail.subject === 'A new authenticator app was set up for your account',
    )
    expect(linksIn(notice).some((link) => link.includes('token='))).toBe(true)
    const [audit] = await sql(
      `SELECT count(*) AS n FROM audit_log WHERE event = 'twoFactor.appReplaced' AND target_object = $1`,
      [String(id)],
    )
    expect(Number(audit!.n)).toBe(1)
  })

  it('issue 38 item 1: Remove with a recovery code turns the app off, takes the codes with it (no factor left to recover) and emails the owner', async () => {
    const { browser, email, id } = await signedIn()
    const { finished } = await setUpApp(browser)
    const codes = finished.body.recoveryCodes as string[]
    const removed = await browser.post('/users/mfa/totp/remove', { recoveryCode: codes[3] })
    expect(removed.status).toBe(200)
    const [row] = await sql('SELECT totp_config_status AS status FROM users WHERE id = $1', [id])
    expect(row!.status).toBeNull()
    expect((await sql('SELECT 1 FROM recovery_codes WHERE user_id = $1', [id])).length).toBe(0)
    // The password alone signs in again.
    const later = app.client()
    const login = await later.post('/users/login', { email, password })
    expect(login.status).toBe(200)
    expect(login.body.secondFactor ?? null).toBeNull()
    await inbox.waitFor(
      (mail) =>
        mail.to.includes(email) &&
        mail.subject === 'The authenticator app was removed from your account' &&
        linksIn(mail).some((link) => link.includes('token=')),
    )
  })

  it('issue 38 item 1: Remove is refused with TWO_FACTOR_REQUIRED where the role must use two-factor and no passkey remains, and the app stays', async () => {
    const { browser, id } = await signedIn('admin')
    const { secret } = await setUpApp(browser)
    nextTimeStep()
    const refused = await browser.post('/users/mfa/totp/remove', {
      code: await authenticatorCode(secret),
    })
    expect(refused.status).toBe(403)
    expect(codeOf(refused)).toBe('TWO_FACTOR_REQUIRED')
    const [row] = await sql('SELECT totp_config_status AS status FROM users WHERE id = $1', [id])
    expect(row!.status).toBe('enabled')
  })

  it('issue 38 item 7: sudo mode opens with the app’s current code, once per code', async () => {
    const { browser, id } = await signedIn()
    const { secret } = await setUpApp(browser)
    await proofExpired(id)
    expect(codeOf(await browser.post('/users/mfa/recovery-codes'))).toBe(
      'REAUTHENTICATION_REQUIRED',
    )
    nextTimeStep()
    const code = await authenticatorCode(secret)
    const confirmed = await browser.post('/users/mfa/confirm-code', { code })
    expect(confirmed.status).toBe(200)
    expect((await browser.post('/users/mfa/recovery-codes')).status).toBe(200)
    // The same code again is a replay.
    await proofExpired(id)
    expect(codeOf(await browser.post('/users/mfa/confirm-code', { code }))).toBe(
      'TOTP_CODE_INVALID',
    )
    expect(codeOf(await browser.post('/users/mfa/recovery-codes'))).toBe(
      'REAUTHENTICATION_REQUIRED',
    )
  })

  it('issue 38 item 7: sudo mode opens with a recovery code, which is used up by it', async () => {
    const { browser, id } = await signedIn()
    const { finished } = await setUpApp(browser)
    const codes = finished.body.recoveryCodes as string[]
    await proofExpired(id)
    expect(codeOf(await browser.post('/users/mfa/totp/remove', { recoveryCode: codes[1] }))).toBe(
      'REAUTHENTICATION_REQUIRED',
    )
    // Typed as a person copies it from paper: upper case, with spaces around.
    const confirmed = await browser.post('/users/mfa/confirm-code', {
      recoveryCode: ` ${codes[0]!.toUpperCase()} `,
    })
    expect(confirmed.status).toBe(200)
    expect(
      await sql(
        'SELECT count(*)::int AS used FROM recovery_codes WHERE user_id = $1 AND used_at IS NOT NULL',
        [id],
      ),
    ).toEqual([{ used: 1 }])
    const [audit] = await sql(
      `SELECT data FROM audit_log WHERE event = 'password.confirmed' AND target_object = $1 ORDER BY id DESC LIMIT 1`,
      [String(id)],
    )
    expect(audit!.data).toMatchObject({ factor: 'recoveryCode' })
    // Used up: the same code does not confirm a second time, nor sign in.
    await proofExpired(id)
    expect(codeOf(await browser.post('/users/mfa/confirm-code', { recoveryCode: codes[0] }))).toBe(
      'RECOVERY_CODE_INVALID',
    )
    expect(codeOf(await browser.post('/users/mfa/recovery-codes'))).toBe(
      'REAUTHENTICATION_REQUIRED',
    )
  })
})
