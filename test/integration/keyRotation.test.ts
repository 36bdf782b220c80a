import type { BackofficePluginOptions } from 'payload-backoffice'

import { createHash, randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import type { Json } from '../helpers/json.js'
import type { RestClient, RestResponse } from '../helpers/restClient.js'

import { deriveSecretKey, openSecret } from '../../src/shared/lib/secretBox.js'
import { startSmtpInbox } from '../helpers/smtpInbox.js'
import { sqlOn } from '../helpers/sql.js'
import { startTestPayload, type TestPayload } from '../helpers/testPayload.js'
import { authenticatorCode, enrol, nextTimeStep } from '../helpers/twoFactor.js'
import { rawRequest } from '../helpers/video.js'

const password = 'a-long-and-unusual-passphrase-42'
const alertSubject = 'Two-factor secrets can no longer be decrypted'
const keyA = randomBytes(32).toString('hex')
const keyB = randomBytes(32).toString('hex')
const keyC = randomBytes(32).toString('hex')

let app: TestPayload
/** The first administrator's browser, signed in since the app started. */
let admin: RestClient
let inbox: Awaited<ReturnType<typeof startSmtpInbox>>
/** Payload's secret the app runs with now. */
let payloadSecret: string
const sql = sqlOn(() => app.payload)
let accounts = 0

const codeOf = (response: RestResponse) => response.body?.errors?.[0]?.data?.code
const signedInAs = async (browser: RestClient) =>
  ((await browser.get('/users/me')).body?.user?.email as string | undefined) ?? null

/** An editor with an authenticator app, enrolled under the app's keys as they are now. */
const enrolledEditor = async () => {
  const email = `rotation-${++accounts}@example.com`
  const user = await app.payload.create({
    collection: 'users',
    data: { email, password, roles: ['editor'] },
  })
  const browser = app.client()
  expect((await browser.post('/users/login', { email, password })).status).toBe(200)
  const secret = await enrol(browser)
  return { email, id: user.id as number, secret }
}

/** A new browser giving the password, then the authenticator app's current code. */
const signInWithCode = async ({ email, secret }: { email: string; secret: string }) => {
  const browser = app.client()
  const passwordStep = await browser.post('/users/login', { email, password })
  expect(passwordStep.body.secondFactor).toBe('codeRequired')
  nextTimeStep()
  const response = await browser.post('/users/mfa/totp/authenticate', {
    code: await authenticatorCode(secret),
  })
  return { browser, response }
}

/** What is stored of the account's second factor and lockout, exactly as stored. */
const storedFactor = async (id: number) =>
  (
    await sql(
      `SELECT totp_config_secret AS sealed, totp_config_status AS status,
         totp_config_last_used_step AS step, consecutive_failed_logins AS failures
       FROM users WHERE id = $1`,
      [id],
    )
  )[0] as { failures: null | number; sealed: string; status: string; step: string }

/** Whether the stored value opens with this key material alone. */
const opensWith = (sealed: string, material: string, id: number) =>
  openSecret(sealed, deriveSecretKey(material), String(id)) !== null
/** What Payload 3 makes of a configured secret (`payload.secret`): the plugin's key material. */
const runningSecret = (configured: string) =>
  createHash('sha256').update(configured).digest('hex').slice(0, 32)
const opensWithSecret = (sealed: string, configured: string, id: number) =>
  opensWith(sealed, runningSecret(configured), id)

const alerts = () => inbox.received.filter(({ subject }) => subject === alertSubject)
const unreadableEntries = async (id: number) =>
  sql(
    "SELECT data FROM audit_log WHERE event = 'twoFactor.secretUnreadable' AND target_object = $1 ORDER BY id",
    [String(id)],
  )

/** As if the last alert were over an hour old: the one-an-hour limit lets the next one through. */
const afterAlertInterval = () =>
  sql(
    "UPDATE audit_log SET timestamp = timestamp - interval '2 hours' WHERE event = 'twoFactor.secretUnreadable'",
  )

const restartWith = (backofficeOptions: BackofficePluginOptions, secret?: string) =>
  app.restart({ backofficeOptions, secret })

/** The answer to the right code when no configured key opens the secret, and what it leaves. */
const expectUnreadable = async (editor: Awaited<ReturnType<typeof enrolledEditor>>) => {
  const before = await storedFactor(editor.id)
  const { browser, response } = await signInWithCode(editor)
  expect([response.status, codeOf(response)]).toEqual([403, 'TWO_FACTOR_SECRET_UNREADABLE'])
  // The person is told their way on, in words: not a 500, not "an unknown error occurred".
  expect(response.body.errors[0].message).toMatch(/recovery code.*two-factor reset/)
  expect(await signedInAs(browser)).toBeNull()
  // Nothing changed: the secret as it was, no step used, no failure counted.
  expect(await storedFactor(editor.id)).toEqual(before)
  return browser
}

beforeAll(async () => {
  inbox = await startSmtpInbox()
  // Staff enrol while the TOTP key is derived from Payload's secret (no `encryptionKey`).
  app = await startTestPayload({ backofficeOptions: {}, smtpUrl: inbox.url })
  payloadSecret = process.env.PAYLOAD_SECRET!
  admin = app.client()
  expect(
    (await admin.post('/users/first-register', { email: 'admin@example.com', password })).status,
  ).toBe(200)
})
afterAll(async () => {
  await app?.close()
  await inbox?.close()
})

// Each restart is an app start on the same database (about 10 s on a loaded machine), so the tests
// run in order and each starts on the keys the one before left the app with.
describe('finding: rotating a secret locks staff out with a 500', { timeout: 180_000 }, () => {
  it('PAYLOAD_SECRET rotated: short-lived values signed with the earlier one answer a catalogue 4xx, never a 500; a 2FA challenge (stored hashed) carries on', async () => {
    const editor = await enrolledEditor()
    const upload = await admin.request('PUT', '/video/videos/upload', {
      body: {
        extension: 'mp4',
        mimeType: 'video/mp4',
        size: 4,
        title: 'Before',
        visibility: 'public',
      },
    })
    expect(upload.status).toBe(200)
    const atPrompt = app.client()
    expect(
      (await atPrompt.post('/users/login', { email: editor.email, password })).body.secondFactor,
    ).toBe('codeRequired')

    const earlier = payloadSecret
    payloadSecret = randomBytes(32).toString('hex')
    await restartWith({ previousSecrets: [earlier] }, payloadSecret)

    const put = await rawRequest(app.config, 'PUT', upload.body.signedUrl, {
      body: new Uint8Array(4),
      headers: { 'content-type': 'video/mp4' },
    })
    expect([put.status, ((await put.json()) as Json).errors[0].data.code]).toEqual([
      403,
      'VIDEO_UPLOAD_URL_INVALID',
    ])
    // Payload's own session ends with its secret: signed out, not an error.
    const me = await admin.get('/users/me')
    expect([me.status, me.body.user]).toEqual([200, null])
    nextTimeStep()
    const code = await atPrompt.post('/users/mfa/totp/authenticate', {
      code: await authenticatorCode(editor.secret),
    })
    expect(code.status).toBe(200)
    expect(await signedInAs(atPrompt)).toBe(editor.email)
    admin = app.client()
    expect(
      (await admin.post('/users/login', { email: 'admin@example.com', password })).status,
    ).toBe(200)
  })

  it('PAYLOAD_SECRET rotated with the earlier one in `previousSecrets`: the right code signs in, and the stored secret is re-sealed under the new secret', async () => {
    const editor = await enrolledEditor()
    const firstSecret = payloadSecret
    expect(opensWithSecret((await storedFactor(editor.id)).sealed, firstSecret, editor.id)).toBe(
      true,
    )
    const secondSecret = randomBytes(32).toString('hex')

    await restartWith({ previousSecrets: [firstSecret] }, secondSecret)
    payloadSecret = secondSecret
    const { browser, response } = await signInWithCode(editor)

    expect(response.status).toBe(200)
    expect(await signedInAs(browser)).toBe(editor.email)
    const { sealed } = await storedFactor(editor.id)
    expect(opensWithSecret(sealed, secondSecret, editor.id)).toBe(true)
    expect(opensWithSecret(sealed, firstSecret, editor.id)).toBe(false)
    // The next sign-in needs no earlier secret at all.
    await restartWith({}, secondSecret)
    expect((await signInWithCode(editor)).response.status).toBe(200)
  })

  it('PAYLOAD_SECRET rotated without keeping the earlier one: the right code answers 403 TWO_FACTOR_SECRET_UNREADABLE, changes nothing, and the administrators get one email', async () => {
    const first = await enrolledEditor()
    const second = await enrolledEditor()
    await afterAlertInterval()
    const alertsBefore = alerts().length

    const earlierSecret = payloadSecret
    payloadSecret = randomBytes(32).toString('hex')
    await restartWith({}, payloadSecret)
    await expectUnreadable(first)
    const alert = await inbox.waitFor(({ subject }) => subject === alertSubject)
    expect(alert.to).toEqual(['admin@example.com'])
    expect(alert.text).toContain(first.email)
    expect(alert.text).toContain('previousSecrets')
    // Every further case is on record, without another email within the hour.
    await expectUnreadable(second)
    await expectUnreadable(first)
    expect(alerts().length).toBe(alertsBefore + 1)
    expect(await unreadableEntries(first.id)).toEqual([
      { data: { administratorsAlerted: true, factor: 'totp', stage: 'signIn' } },
      { data: { administratorsAlerted: false, factor: 'totp', stage: 'signIn' } },
    ])
    expect(await unreadableEntries(second.id)).toEqual([
      { data: { administratorsAlerted: false, factor: 'totp', stage: 'signIn' } },
    ])

    // Putting the earlier secret back in the list lets them in again.
    await restartWith({ previousSecrets: [earlierSecret] })
    expect((await signInWithCode(first)).response.status).toBe(200)
    expect((await signInWithCode(second)).response.status).toBe(200)
  })

  it("`twoFactor.encryptionKey` set after enrolling under Payload's secret: the right code signs in, and the secret is re-sealed under the key", async () => {
    const editor = await enrolledEditor()
    expect(opensWithSecret((await storedFactor(editor.id)).sealed, payloadSecret, editor.id)).toBe(
      true,
    )
    await restartWith({ twoFactor: { encryptionKey: keyA } })

    expect((await signInWithCode(editor)).response.status).toBe(200)
    const { sealed } = await storedFactor(editor.id)
    expect(opensWith(sealed, keyA, editor.id)).toBe(true)
    expect(opensWithSecret(sealed, payloadSecret, editor.id)).toBe(false)
  })

  it('`twoFactor.encryptionKey` rotated with the earlier key in `previousEncryptionKeys`: the right code signs in, and the stored secret no longer opens with the earlier key alone', async () => {
    const editor = await enrolledEditor()
    expect(opensWith((await storedFactor(editor.id)).sealed, keyA, editor.id)).toBe(true)

    await restartWith({ twoFactor: { encryptionKey: keyB, previousEncryptionKeys: [keyA] } })
    const { browser, response } = await signInWithCode(editor)

    expect(response.status).toBe(200)
    expect(await signedInAs(browser)).toBe(editor.email)
    const { sealed, status } = await storedFactor(editor.id)
    expect(status).toBe('enabled')
    expect(opensWith(sealed, keyB, editor.id)).toBe(true)
    expect(opensWith(sealed, keyA, editor.id)).toBe(false)
    await restartWith({ twoFactor: { encryptionKey: keyB } })
    expect((await signInWithCode(editor)).response.status).toBe(200)
  })

  it('`twoFactor.encryptionKey` rotated with the earlier key dropped: the right code answers 403 TWO_FACTOR_SECRET_UNREADABLE, changes nothing, and the administrators get one email', async () => {
    const editor = await enrolledEditor()
    await afterAlertInterval()
    const alertsBefore = alerts().length

    await restartWith({ twoFactor: { encryptionKey: keyC } })
    await expectUnreadable(editor)
    await expectUnreadable(editor)

    await inbox.waitFor(
      ({ subject, text }) => subject === alertSubject && text.includes(editor.email),
    )
    expect(alerts().length).toBe(alertsBefore + 1)
    expect(opensWith((await storedFactor(editor.id)).sealed, keyB, editor.id)).toBe(true)
  })

  it('an unreadable secret leaves the recovery codes working', async () => {
    const email = `rotation-${++accounts}@example.com`
    await app.payload.create({ collection: 'users', data: { email, password, roles: ['editor'] } })
    const enrolling = app.client()
    expect((await enrolling.post('/users/login', { email, password })).status).toBe(200)
    const secret = await enrol(enrolling)
    nextTimeStep()
    const generated = await enrolling.post('/users/mfa/recovery-codes')
    expect(generated.status).toBe(200)

    await restartWith({ twoFactor: { encryptionKey: keyA } })
    const { browser, response } = await signInWithCode({ email, secret })
    expect(codeOf(response)).toBe('TWO_FACTOR_SECRET_UNREADABLE')
    const recovered = await browser.post('/users/mfa/recovery-code/authenticate', {
      code: (generated.body.codes as string[])[0],
    })
    expect(recovered.status).toBe(200)
    expect(await signedInAs(browser)).toBe(email)
  })

  it('a pending setup whose secret no key opens answers 400 TOTP_SETUP_FAILED, and a new setup works', async () => {
    const email = `rotation-${++accounts}@example.com`
    await app.payload.create({ collection: 'users', data: { email, password, roles: ['editor'] } })
    const browser = app.client()
    expect((await browser.post('/users/login', { email, password })).status).toBe(200)
    const setup = await browser.get('/users/mfa/totp/setup')
    expect(setup.status).toBe(200)

    await restartWith({ twoFactor: { encryptionKey: keyB } })
    const signedIn = app.client()
    expect((await signedIn.post('/users/login', { email, password })).status).toBe(200)
    nextTimeStep()
    const finished = await signedIn.post('/users/mfa/totp/finish-enrollment', {
      code: await authenticatorCode(setup.body.secret),
    })
    expect([finished.status, codeOf(finished)]).toEqual([400, 'TOTP_SETUP_FAILED'])
    await enrol(signedIn)
  })
})
