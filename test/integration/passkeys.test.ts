import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/server'

import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'

import type { Json } from '../helpers/json.js'
import type { RestClient } from '../helpers/restClient.js'

import { sealState } from '../../src/shared/sealedState/sealState.js'
import { anonymousRequest } from '../helpers/anonymousRequest.js'
import { newBrowserNotices } from '../helpers/newBrowserNotices.js'
import { rowCounts, rowsAdded } from '../helpers/rowCounts.js'
import { startSmtpInbox } from '../helpers/smtpInbox.js'
import { softAuthenticator } from '../helpers/softAuthenticator.js'
import { sqlOn } from '../helpers/sql.js'
import { startTestPayload, type TestPayload } from '../helpers/testPayload.js'
import { authenticatorCode, enrol, nextTimeStep } from '../helpers/twoFactor.js'

// The test app's serverURL is http://localhost:3000: the relying party is `localhost`.
const origin = 'http://localhost:3000'
const rpId = 'localhost'
const password = 'a-long-and-unusual-passphrase-42'
const CHROME_ON_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'
let app: TestPayload
let inbox: Awaited<ReturnType<typeof startSmtpInbox>>
let admin: RestClient
let accounts = 0
const sql = sqlOn(() => app.payload)

type Person = {
  authenticator: ReturnType<typeof softAuthenticator>
  client: RestClient
  email: string
  id: number
}

/** A new account of `role`, signed in (so in sudo mode) on a client of its own. */
const signedIn = async (role = 'editor'): Promise<Person> => {
  const email = `${role}-${++accounts}@example.com`
  const user = await app.payload.create({
    collection: 'users',
    data: { email, password, roles: [role] },
  })
  const client = app.client()
  expect((await client.post('/users/login', { email, password })).status).toBe(200)
  return {
    authenticator: softAuthenticator({ origin, rpId }),
    client,
    email,
    id: user.id as number,
  }
}

const registrationOptions = async (client: RestClient) => {
  const answer = await client.post<PublicKeyCredentialCreationOptionsJSON & Json>(
    '/users/mfa/passkeys/registration-options',
  )
  expect(answer.status).toBe(200)
  return answer.body as PublicKeyCredentialCreationOptionsJSON
}

/** Registers a passkey for a signed-in person; returns its stored id. */
const register = async (person: Person, name?: string) => {
  const response = person.authenticator.create(await registrationOptions(person.client))
  const added = await person.client.request('POST', '/users/mfa/passkeys', {
    body: { name, response },
    headers: { 'user-agent': CHROME_ON_MAC },
  })
  expect(added.status, JSON.stringify(added.body)).toBe(200)
  return added.body.doc.id as number
}

const storedPasskeys = (userId: number) =>
  sql('SELECT id, name, counter::int AS counter FROM passkeys WHERE user_id = $1 ORDER BY id', [
    userId,
  ])
const sessionsOf = async (userId: number) =>
  (await sql('SELECT id FROM users_sessions WHERE _parent_id = $1', [userId])).length
const auditEvents = async (userId: number) =>
  (
    await sql('SELECT event, data FROM audit_log WHERE target_object = $1 ORDER BY id', [
      String(userId),
    ])
  ).map((row) => row.event as string)

/** The password step on a new client: the answer asks for the second factor. */
const passwordStep = async (person: Person) => {
  const client = app.client()
  const answer = await client.post('/users/login', { email: person.email, password })
  return { answer, client }
}

const secondFactorOptions = async (client: RestClient) => {
  const answer = await client.post('/users/mfa/passkey/options')
  expect(answer.status, JSON.stringify(answer.body)).toBe(200)
  return answer.body as unknown as PublicKeyCredentialRequestOptionsJSON
}

const signInOptions = async (client: RestClient) => {
  const answer = await client.post('/users/passkey/sign-in/options')
  expect(answer.status).toBe(200)
  return answer.body as unknown as PublicKeyCredentialRequestOptionsJSON
}

beforeAll(async () => {
  inbox = await startSmtpInbox()
  app = await startTestPayload({
    backofficeOptions: {
      // Above the five parallel replays below, so the lockout does not decide their race.
      lockout: { threshold: 8 },
      passkeys: { passwordless: true, requiredForRoles: ['admin'] },
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
afterEach(() => {
  vi.useRealTimers()
})

describe('registering a passkey', () => {
  it('asks for a discoverable, user-verified credential for this site, excluding the ones held', async () => {
    const person = await signedIn()
    const options = await registrationOptions(person.client)
    expect(options.rp).toEqual({ id: rpId, name: 'Backoffice' })
    expect(options.authenticatorSelection).toMatchObject({
      residentKey: 'required',
      userVerification: 'required',
    })
    expect(options.attestation).toBe('none')
    expect(options.user.name).toBe(person.email)
    // The user handle is opaque: not the account id, not the email.
    expect(Buffer.from(options.user.id, 'base64url')).toHaveLength(32)
    expect(options.user.id).not.toBe(Buffer.from(String(person.id)).toString('base64url'))
    expect(options.excludeCredentials).toEqual([])

    await register(person)
    const again = await registrationOptions(person.client)
    expect(again.excludeCredentials).toHaveLength(1)
    expect(again.user.id).toBe(options.user.id)
  })

  it('stores the public key, lists the passkey without it, audits and emails the owner', async () => {
    const person = await signedIn()
    const id = await register(person)
    const [row] = await sql(
      'SELECT name, public_key, user_handle, counter::int AS counter, browser, os FROM passkeys WHERE id = $1',
      [id],
    )
    expect(row).toMatchObject({
      browser: 'Chrome 131',
      counter: 0,
      name: 'Chrome 131 · Mac OS 10.15.7',
      os: 'Mac OS 10.15.7',
    })
    expect(row.public_key).toMatch(/^[\w-]{40,}$/)

    const list = await person.client.get('/users/mfa/passkeys')
    expect(list.status).toBe(200)
    expect(list.body).toMatchObject({ available: true, required: false })
    expect(list.body.docs).toEqual([
      expect.objectContaining({ id, lastUsedAt: null, name: 'Chrome 131 · Mac OS 10.15.7' }),
    ])
    expect(JSON.stringify(list.body)).not.toContain(row.public_key)
    expect(JSON.stringify(list.body)).not.toContain(row.user_handle)

    expect(await auditEvents(person.id)).toContain('twoFactor.passkeyAdded')
    const mail = await inbox.waitFor(
      (email) => email.to.includes(person.email) && /passkey was added/.test(email.subject),
    )
    expect(mail.text).toContain('Chrome 131 · Mac OS 10.15.7')
  })

  it('needs the fresh proof of sudo mode', async () => {
    const person = await signedIn()
    await sql(`UPDATE sessions SET proved_at = now() - interval '11 minutes' WHERE user_id = $1`, [
      person.id,
    ])
    const options = await person.client.post('/users/mfa/passkeys/registration-options')
    expect(options.status).toBe(403)
    expect(options.body.errors[0].data.code).toBe('REAUTHENTICATION_REQUIRED')
  })

  it('refuses a response from another origin, for another relying party, or without user verification, and stores nothing', async () => {
    const person = await signedIn()
    for (const claims of [
      { origin: 'https://evil.example' },
      { rpId: 'evil.example' },
      { userVerified: false },
    ]) {
      const response = person.authenticator.create(await registrationOptions(person.client), claims)
      const refused = await person.client.post('/users/mfa/passkeys', { response })
      expect(refused.status, JSON.stringify(claims)).toBe(400)
      expect(refused.body.errors[0].data.code).toBe('PASSKEY_INVALID')
    }
    expect(await storedPasskeys(person.id)).toEqual([])
  })

  it('uses each challenge once: a replayed registration is refused', async () => {
    const person = await signedIn()
    const response = person.authenticator.create(await registrationOptions(person.client))
    expect((await person.client.post('/users/mfa/passkeys', { response })).status).toBe(200)
    const replayed = await person.client.post('/users/mfa/passkeys', { response })
    expect(replayed.status).toBe(400)
    expect(replayed.body.errors[0].data.code).toBe('PASSKEY_INVALID')
    expect(await storedPasskeys(person.id)).toHaveLength(1)
  })

  it('refuses a challenge issued to another account', async () => {
    const owner = await signedIn()
    const other = await signedIn()
    const response = other.authenticator.create(await registrationOptions(owner.client))
    const refused = await other.client.post('/users/mfa/passkeys', { response })
    expect(refused.body.errors[0].data.code).toBe('PASSKEY_INVALID')
    expect(await storedPasskeys(other.id)).toEqual([])
  })

  it('answers malformed input with a catalogue code and changes nothing', async () => {
    const person = await signedIn()
    await registrationOptions(person.client)
    for (const body of [{}, { response: 'x' }, { response: { id: 'a', type: 'public-key' } }]) {
      const refused = await person.client.post('/users/mfa/passkeys', body)
      expect(refused.status).toBe(400)
      expect(refused.body.errors[0].data.code).toBe('MALFORMED_REQUEST')
    }
    const response = person.authenticator.create(await registrationOptions(person.client))
    const badName = await person.client.post('/users/mfa/passkeys', {
      name: 'x'.repeat(65),
      response,
    })
    expect(badName.body.errors[0].data.code).toBe('PASSKEY_NAME_INVALID')
    const anonymous = await app.client().post('/users/mfa/passkeys/registration-options')
    expect(anonymous.status).toBe(401)
    expect(await storedPasskeys(person.id)).toEqual([])
  })
})

describe('a passkey as the second factor', () => {
  const withPasskey = async (role = 'editor') => {
    const person = await signedIn(role)
    const passkeyId = await register(person)
    return { ...person, passkeyId }
  }

  it('is asked for after the password, and only it mints the session', async () => {
    const person = await withPasskey()
    const { answer, client } = await passwordStep(person)
    expect(answer.status).toBe(200)
    expect(answer.body.secondFactor).toBe('codeRequired')
    const sessionsBefore = await sessionsOf(person.id)
    // The prompt asks which factors to offer: the passkey, its recovery codes (they come with the
    // first passkey), and no app here.
    expect((await client.get('/users/mfa/factors')).body).toEqual({
      passkey: true,
      recoveryCodes: true,
      totp: false,
      trustedDevice: false,
    })
    const stranger = await app.client().get('/users/mfa/factors')
    expect(stranger.status).toBe(401)
    expect(stranger.body.errors[0].data.code).toBe('MFA_SESSION_EXPIRED')

    const options = await secondFactorOptions(client)
    expect(options.allowCredentials?.map((credential) => credential.id)).toEqual([
      person.authenticator.credentials[0]!.id,
    ])
    expect(options.userVerification).toBe('required')
    const done = await client.post('/users/mfa/passkey/authenticate', {
      response: person.authenticator.get(options),
    })
    expect(done.status, JSON.stringify(done.body)).toBe(200)
    expect(done.body.user.email).toBe(person.email)
    expect(await sessionsOf(person.id)).toBe(sessionsBefore + 1)
    expect((await client.get('/users/me')).body.user.email).toBe(person.email)
    const [stored] = await storedPasskeys(person.id)
    expect(stored!.counter).toBe(1)
    expect(await auditEvents(person.id)).toEqual(
      expect.arrayContaining(['twoFactor.challengeSucceeded', 'login.succeeded']),
    )
  })

  it('refuses an assertion from another origin or for another relying party', async () => {
    const person = await withPasskey()
    for (const claims of [{ origin: 'https://evil.example' }, { rpId: 'evil.example' }]) {
      const { client } = await passwordStep(person)
      const refused = await client.post('/users/mfa/passkey/authenticate', {
        response: person.authenticator.get(await secondFactorOptions(client), claims),
      })
      expect(refused.status).toBe(400)
      expect(refused.body.errors[0].data.code).toBe('PASSKEY_INVALID')
      expect(client.cookies.has('payload-token')).toBe(false)
    }
  })

  it('refuses a replayed assertion, whose challenge was used', async () => {
    const person = await withPasskey()
    const first = await passwordStep(person)
    const response = person.authenticator.get(await secondFactorOptions(first.client))
    expect((await first.client.post('/users/mfa/passkey/authenticate', { response })).status).toBe(
      200,
    )

    const second = await passwordStep(person)
    await secondFactorOptions(second.client)
    const replayed = await second.client.post('/users/mfa/passkey/authenticate', { response })
    expect(replayed.status).toBe(400)
    expect(replayed.body.errors[0].data.code).toBe('PASSKEY_INVALID')
  })

  it('mints one session from one assertion sent five times at once', async () => {
    const person = await withPasskey()
    const { client } = await passwordStep(person)
    const response = person.authenticator.get(await secondFactorOptions(client))
    const before = await sessionsOf(person.id)
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => client.post('/users/mfa/passkey/authenticate', { response })),
    )
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1)
    expect(await sessionsOf(person.id)).toBe(before + 1)
  })

  it('refuses a counter that went backwards (a cloned authenticator)', async () => {
    const person = await withPasskey()
    const first = await passwordStep(person)
    const ok = await first.client.post('/users/mfa/passkey/authenticate', {
      response: person.authenticator.get(await secondFactorOptions(first.client), { counter: 7 }),
    })
    expect(ok.status).toBe(200)
    const second = await passwordStep(person)
    const cloned = await second.client.post('/users/mfa/passkey/authenticate', {
      response: person.authenticator.get(await secondFactorOptions(second.client), { counter: 3 }),
    })
    expect(cloned.status).toBe(400)
    expect(cloned.body.errors[0].data.code).toBe('PASSKEY_INVALID')
    expect((await storedPasskeys(person.id))[0]!.counter).toBe(7)
  })

  it('refuses another account’s passkey', async () => {
    const person = await withPasskey()
    const other = await withPasskey()
    const { client } = await passwordStep(person)
    const options = await secondFactorOptions(client)
    const refused = await client.post('/users/mfa/passkey/authenticate', {
      response: other.authenticator.get({ ...options, allowCredentials: [] }),
    })
    expect(refused.body.errors[0].data.code).toBe('PASSKEY_INVALID')
  })

  it('refuses a suspended account after the passkey', async () => {
    const person = await withPasskey()
    const { client } = await passwordStep(person)
    const options = await secondFactorOptions(client)
    await sql(`UPDATE users SET security_status = 'suspended' WHERE id = $1`, [person.id])
    const refused = await client.post('/users/mfa/passkey/authenticate', {
      response: person.authenticator.get(options),
    })
    expect(refused.status).toBe(403)
    expect(refused.body.errors[0].data.code).toBe('ACCOUNT_SUSPENDED')
    expect(client.cookies.has('payload-token')).toBe(false)
  })

  it('for a role that requires it, refuses a code from an app once the account has a passkey', async () => {
    const manager = await signedIn('admin')
    const secret = await enrol(manager.client)
    nextTimeStep()
    // Without a passkey yet, the code still finishes the sign-in, so the passkey can be added.
    const before = await passwordStep(manager)
    expect(
      (
        await before.client.post('/users/mfa/totp/authenticate', {
          code: await authenticatorCode(secret),
        })
      ).status,
    ).toBe(200)
    expect((await manager.client.get('/users/mfa/passkeys')).body.required).toBe(true)
    await register(manager)
    nextTimeStep()
    const after = await passwordStep(manager)
    const refused = await after.client.post('/users/mfa/totp/authenticate', {
      code: await authenticatorCode(secret),
    })
    expect(refused.status).toBe(403)
    expect(refused.body.errors[0].data.code).toBe('PASSKEY_REQUIRED')
    const done = await after.client.post('/users/mfa/passkey/authenticate', {
      response: manager.authenticator.get(await secondFactorOptions(after.client)),
    })
    expect(done.status).toBe(200)
  })
})

describe('a password-less sign-in', () => {
  it('signs in with a discoverable passkey alone, audited as such', async () => {
    const person = await signedIn()
    await register(person)
    const client = app.client()
    const options = await signInOptions(client)
    expect(options.allowCredentials ?? []).toEqual([])
    expect(options.userVerification).toBe('required')
    const done = await client.post('/users/passkey/sign-in', {
      response: person.authenticator.get(options),
    })
    expect(done.status, JSON.stringify(done.body)).toBe(200)
    expect((await client.get('/users/me')).body.user.email).toBe(person.email)
    const [row] = await sql(
      `SELECT data FROM audit_log WHERE target_object = $1 AND event = 'login.succeeded' ORDER BY id DESC LIMIT 1`,
      [String(person.id)],
    )
    expect(row!.data).toMatchObject({ factor: 'passkeySignIn' })
    const [session] = await sql(
      'SELECT authentication_level FROM sessions WHERE user_id = $1 ORDER BY id DESC LIMIT 1',
      [person.id],
    )
    expect(session!.authentication_level).toBe('passkey')
  })

  it('new-browser notice: a passkey sign-in from a new browser emails the owner once, naming the passkey', async () => {
    const person = await signedIn()
    await register(person)
    const notices = () =>
      inbox.received.filter(
        (mail) =>
          mail.to.includes(person.email) && mail.subject.includes('browser it has not used'),
      )
    const client = app.client()
    const passkeySignIn = async () =>
      expect(
        (
          await client.post('/users/passkey/sign-in', {
            response: person.authenticator.get(await signInOptions(client)),
          })
        ).status,
      ).toBe(200)
    await passkeySignIn()
    const notice = await inbox.waitFor((mail) => notices().includes(mail))
    expect(notice.text).toContain('Sign-in method: Passkey')
    // The device cookie it got makes the browser known: no second notice.
    expect((await client.post('/users/logout')).status).toBe(200)
    await passkeySignIn()
    // The browser was known: still one notice decided, and that one sent; no other is on its way.
    await expect.poll(() => newBrowserNotices(sql, person.id)).toEqual({ decided: 1, sent: 1 })
    expect(notices()).toHaveLength(1)
  })

  it('refuses a wrong user handle, a replayed response and a removed passkey', async () => {
    const person = await signedIn()
    const passkeyId = await register(person)

    const client = app.client()
    const wrongHandle = await client.post('/users/passkey/sign-in', {
      response: person.authenticator.get(await signInOptions(client), {
        userHandle: Buffer.from('someone-else').toString('base64url'),
      }),
    })
    expect(wrongHandle.body.errors[0].data.code).toBe('PASSKEY_INVALID')

    const response = person.authenticator.get(await signInOptions(client))
    expect((await client.post('/users/passkey/sign-in', { response })).status).toBe(200)
    const replay = app.client()
    const replayed = await replay.post('/users/passkey/sign-in', { response })
    expect(replayed.body.errors[0].data.code).toBe('PASSKEY_INVALID')

    expect((await person.client.post(`/users/mfa/passkeys/${passkeyId}/remove`)).status).toBe(200)
    const removed = app.client()
    const afterRemoval = await removed.post('/users/passkey/sign-in', {
      response: person.authenticator.get(await signInOptions(removed)),
    })
    expect(afterRemoval.status).toBe(400)
    expect(afterRemoval.body.errors[0].data.code).toBe('PASSKEY_INVALID')
    expect(removed.cookies.has('payload-token')).toBe(false)
  })

  it('refuses a suspended account', async () => {
    const person = await signedIn()
    await register(person)
    await sql(`UPDATE users SET security_status = 'suspended' WHERE id = $1`, [person.id])
    const client = app.client()
    const refused = await client.post('/users/passkey/sign-in', {
      response: person.authenticator.get(await signInOptions(client)),
    })
    expect(refused.status).toBe(403)
    expect(refused.body.errors[0].data.code).toBe('ACCOUNT_SUSPENDED')
    expect(client.cookies.has('payload-token')).toBe(false)
  })

  it('finding 4: 300 anonymous requests for sign-in options write no row, and each is a real challenge', async () => {
    const person = await signedIn()
    await register(person)
    const before = await rowCounts(app.payload, sql)
    expect(before).toHaveProperty('spent_states')
    // No cookie, no Origin, no Sec-Fetch-Site: a script, not a browser.
    const answers: Response[] = []
    for (let i = 0; i < 300; i++) {
      answers.push(await anonymousRequest(app.config, 'POST', '/users/passkey/sign-in/options'))
    }
    expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200))
    expect(rowsAdded(before, await rowCounts(app.payload, sql))).toEqual({})
    const last = answers.at(-1)!
    const [cookie] = last.headers.getSetCookie()
    expect(cookie).toMatch(/^payload-passkey-sign-in=v1\.[\w.-]+;/)
    expect(cookie).toMatch(/HttpOnly/)
    expect(cookie).toMatch(/SameSite=Strict/)
    expect(cookie).toMatch(/Path=\/api\/users\/passkey(;|$)/)
    // The last answer is a real challenge: with its cookie, the passkey signs in.
    const client = app.client()
    client.cookies.set('payload-passkey-sign-in', cookie!.split(';')[0]!.split('=')[1]!)
    const options = (await last.json()) as PublicKeyCredentialRequestOptionsJSON
    const done = await client.post('/users/passkey/sign-in', {
      response: person.authenticator.get(options),
    })
    expect(done.status, JSON.stringify(done.body)).toBe(200)
  })

  it('finding 4: refuses a replayed, changed, expired or foreign challenge cookie', async () => {
    const person = await signedIn()
    await register(person)
    const cookieName = 'payload-passkey-sign-in'
    /** A sign-in over fresh options whose cookie is replaced by `cookie(sealed, challenge)`. */
    const withCookie = async (cookie: (sealed: string, challenge: string) => string) => {
      const client = app.client()
      const options = await signInOptions(client)
      client.cookies.set(cookieName, cookie(client.cookies.get(cookieName)!, options.challenge))
      return client.post('/users/passkey/sign-in', {
        response: person.authenticator.get(options),
      })
    }

    // The same cookie twice: the second is refused, whoever sends it.
    const client = app.client()
    const options = await signInOptions(client)
    const sealed = client.cookies.get(cookieName)!
    const response = person.authenticator.get(options)
    expect((await client.post('/users/passkey/sign-in', { response })).status).toBe(200)
    expect(client.cookies.has(cookieName)).toBe(false)
    const replay = app.client()
    replay.cookies.set(cookieName, sealed)
    const replayed = await replay.post('/users/passkey/sign-in', { response })
    expect(replayed.status).toBe(400)
    expect(replayed.body.errors[0].data.code).toBe('PASSKEY_INVALID')
    expect(replay.cookies.has('payload-token')).toBe(false)

    const refusals = [
      // A bit of the sealed value changed.
      (value: string) => {
        const parts = value.split('.')
        const ciphertext = Buffer.from(parts[2]!, 'base64url')
        ciphertext[0]! ^= 1
        parts[2] = ciphertext.toString('base64url')
        return parts.join('.')
      },
      // Sealed by the server, for this very challenge, but expired.
      (_: string, challenge: string) => sealState(app.payload, 'passkeySignIn', { challenge }, -1),
      // Sealed by the server for this challenge, but for the SSO flow.
      (_: string, challenge: string) =>
        sealState(app.payload, 'ssoTransaction', { challenge }, 300),
      // Another browser's live challenge.
      () => sealState(app.payload, 'passkeySignIn', { challenge: 'A'.repeat(43) }, 300),
    ]
    for (const refusal of refusals) {
      const answer = await withCookie(refusal)
      expect(answer.status).toBe(400)
      expect(answer.body.errors[0].data.code).toBe('PASSKEY_INVALID')
    }
    // And the cookie left as it was still signs in.
    expect((await withCookie((value) => value)).status).toBe(200)
  })

  it('finding 5: refuses a challenge cookie whose AES-GCM tag was truncated to 4 bytes', async () => {
    const person = await signedIn()
    await register(person)
    const cookieName = 'payload-passkey-sign-in'
    const client = app.client()
    const options = await signInOptions(client)
    // The live cookie of this very browser, its tag (the last part) cut to its first 4 bytes.
    const parts = client.cookies.get(cookieName)!.split('.')
    parts[3] = Buffer.from(parts[3]!, 'base64url').subarray(0, 4).toString('base64url')
    client.cookies.set(cookieName, parts.join('.'))
    const answer = await client.post('/users/passkey/sign-in', {
      response: person.authenticator.get(options),
    })
    expect(answer.status).toBe(400)
    expect(answer.body.errors[0].data.code).toBe('PASSKEY_INVALID')
    expect(client.cookies.has('payload-token')).toBe(false)
  })

  it('refuses a sign-in posted by another site’s page', async () => {
    const person = await signedIn()
    await register(person)
    const client = app.client()
    const options = await signInOptions(client)
    const refused = await client.request('POST', '/users/passkey/sign-in', {
      body: { response: person.authenticator.get(options) },
      headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    })
    expect(refused.status).toBe(403)
    expect(client.cookies.has('payload-token')).toBe(false)
  })
})

describe('managing passkeys', () => {
  it('renames one’s own passkey only', async () => {
    const person = await signedIn()
    const id = await register(person)
    const renamed = await person.client.post(`/users/mfa/passkeys/${id}/rename`, {
      name: '  Work   laptop ',
    })
    expect(renamed.status).toBe(200)
    expect((await storedPasskeys(person.id))[0]!.name).toBe('Work laptop')
    const other = await signedIn()
    const refused = await other.client.post(`/users/mfa/passkeys/${id}/rename`, { name: 'Mine' })
    expect(refused.status).toBe(404)
    expect((await storedPasskeys(person.id))[0]!.name).toBe('Work laptop')
  })

  it('removes one’s own passkey in sudo mode only, and nobody else’s', async () => {
    const person = await signedIn()
    const id = await register(person)
    const other = await signedIn()
    expect((await other.client.post(`/users/mfa/passkeys/${id}/remove`)).status).toBe(404)
    await sql(`UPDATE sessions SET proved_at = now() - interval '11 minutes' WHERE user_id = $1`, [
      person.id,
    ])
    const stale = await person.client.post(`/users/mfa/passkeys/${id}/remove`)
    expect(stale.body.errors[0].data.code).toBe('REAUTHENTICATION_REQUIRED')
    expect(await storedPasskeys(person.id)).toHaveLength(1)
  })

  it('lets an administrator remove another account’s passkey, audited and emailed', async () => {
    const person = await signedIn()
    const id = await register(person, 'Phone')
    const listed = await admin.get(`/users/mfa/passkeys?user=${person.id}`)
    expect(listed.body.docs).toEqual([expect.objectContaining({ id, name: 'Phone' })])
    const removed = await admin.post(`/users/mfa/passkeys/${id}/remove`)
    expect(removed.status).toBe(200)
    expect(await storedPasskeys(person.id)).toEqual([])
    expect(await auditEvents(person.id)).toContain('twoFactor.passkeyRemoved')
    const mail = await inbox.waitFor(
      (email) => email.to.includes(person.email) && /passkey was removed/.test(email.subject),
    )
    expect(mail.text).toContain('An administrator removed the passkey “Phone”')
    // An editor may not list someone else's.
    expect((await person.client.get(`/users/mfa/passkeys?user=1`)).status).toBe(403)
  })

  it('lets whoever lost their only passkey ask for the reviewed reset, which removes every passkey', async () => {
    const person = await signedIn()
    await register(person)
    const { answer, client } = await passwordStep(person)
    expect(answer.body.secondFactor).toBe('codeRequired')
    const asked = await client.post('/users/mfa/totp/request-reset', {
      reason: 'The laptop that held my passkey was stolen yesterday.',
    })
    expect(asked.status, JSON.stringify(asked.body)).toBe(200)
    const [request] = await sql(
      'SELECT id FROM two_factor_reset_requests WHERE requester_id = $1',
      [person.id],
    )
    const approved = await admin.post(`/two-factor-reset-requests/${request!.id}/approve`, {})
    expect(approved.status, JSON.stringify(approved.body)).toBe(200)
    expect(await storedPasskeys(person.id)).toEqual([])
    // The next sign-in sets up a new second factor before any session.
    const next = await passwordStep(person)
    expect(next.answer.body.secondFactor).toBe('enrolmentRequired')
    expect(next.client.cookies.has('payload-token')).toBe(false)
  })

  it('deletes an account’s passkeys with the account', async () => {
    const person = await signedIn()
    await register(person)
    await app.payload.delete({ collection: 'users', id: person.id })
    expect(await storedPasskeys(person.id)).toEqual([])
  })
})

describe('finding 3: adding a passkey and the account’s other sessions', () => {
  const auditRows = (userId: number, event: string) =>
    sql('SELECT data FROM audit_log WHERE target_object = $1 AND event = $2 ORDER BY id', [
      String(userId),
      event,
    ])

  it('finding 3: the first passkey turns two-factor on, ends every other session, keeps the enrolling one and emails the owner', async () => {
    const person = await signedIn()
    // A session opened before, with the password alone (a thief's, say).
    const before = app.client()
    expect((await before.post('/users/login', { email: person.email, password })).status).toBe(200)
    expect((await before.get('/users/me')).body.user.email).toBe(person.email)

    await register(person)

    const refreshed = await before.post('/users/refresh-token')
    // A session that ended is refused as every request without one: 401 AUTHENTICATION_REQUIRED.
    expect([refreshed.status, refreshed.body.errors?.[0]?.data?.code]).toEqual([
      401,
      'AUTHENTICATION_REQUIRED',
    ])
    expect((await before.get('/users/me')).body.user).toBeNull()
    expect((await person.client.get('/users/me')).body.user.email).toBe(person.email)
    expect(await auditRows(person.id, 'twoFactor.enrolled')).toEqual([
      { data: expect.objectContaining({ factor: 'passkey', via: 'account' }) },
    ])
    expect(await auditRows(person.id, 'session.revoked')).toEqual([
      { data: expect.objectContaining({ count: 1, reason: 'twoFactorChange' }) },
    ])
    const mail = await inbox.waitFor(
      (email) =>
        email.to.includes(person.email) && /Two-factor authentication is on/.test(email.subject),
    )
    expect(mail.text).toContain('Chrome 131 · Mac OS 10.15.7')
    expect(mail.text).toContain('signed out')
  })

  it('finding 3: turning two-factor on with the app does the same: other sessions end, the owner is emailed', async () => {
    const person = await signedIn()
    const before = app.client()
    expect((await before.post('/users/login', { email: person.email, password })).status).toBe(200)
    await enrol(person.client)
    const refreshed = await before.post('/users/refresh-token')
    // A session that ended is refused as every request without one: 401 AUTHENTICATION_REQUIRED.
    expect([refreshed.status, refreshed.body.errors?.[0]?.data?.code]).toEqual([
      401,
      'AUTHENTICATION_REQUIRED',
    ])
    expect((await person.client.get('/users/me')).body.user.email).toBe(person.email)
    expect(await auditRows(person.id, 'twoFactor.enrolled')).toEqual([
      { data: expect.objectContaining({ factor: 'totp', via: 'account' }) },
    ])
    expect(await auditRows(person.id, 'session.revoked')).toEqual([
      { data: expect.objectContaining({ count: 1, reason: 'twoFactorChange' }) },
    ])
    const mail = await inbox.waitFor(
      (email) =>
        email.to.includes(person.email) && /Two-factor authentication is on/.test(email.subject),
    )
    expect(mail.text).toContain('authenticator app')
    // Adding a passkey afterwards leaves two-factor as it was: no second "is on" email.
    await register(person)
    expect(await auditRows(person.id, 'twoFactor.enrolled')).toHaveLength(1)
    expect((await person.client.get('/users/me')).body.user.email).toBe(person.email)
  })

  it('finding 3: a later passkey leaves sessions alone; adding, renaming and removing one are audited', async () => {
    const person = await signedIn()
    await register(person, 'Laptop')
    // A session opened after two-factor was on: with the passkey.
    const { client: later } = await passwordStep(person)
    expect(
      (
        await later.post('/users/mfa/passkey/authenticate', {
          response: person.authenticator.get(await secondFactorOptions(later)),
        })
      ).status,
    ).toBe(200)

    const second = await register(person, 'Phone')
    expect((await later.get('/users/me')).body.user.email).toBe(person.email)
    expect(await auditRows(person.id, 'twoFactor.enrolled')).toHaveLength(1)
    expect(await auditRows(person.id, 'twoFactor.passkeyAdded')).toEqual([
      { data: expect.objectContaining({ name: 'Laptop' }) },
      { data: expect.objectContaining({ name: 'Phone', passkeyId: second }) },
    ])

    const renamed = await person.client.post(`/users/mfa/passkeys/${second}/rename`, {
      name: 'Work phone',
    })
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200)
    expect(await auditRows(person.id, 'twoFactor.passkeyRenamed')).toEqual([
      { data: { name: 'Work phone', passkeyId: second, previousName: 'Phone' } },
    ])

    expect((await person.client.post(`/users/mfa/passkeys/${second}/remove`)).status).toBe(200)
    expect(await auditRows(person.id, 'twoFactor.passkeyRemoved')).toEqual([
      { data: { name: 'Work phone', passkeyId: second } },
    ])
    expect((await later.get('/users/me')).body.user.email).toBe(person.email)
  })
})

describe('finding 6b: a trusted device and a required passkey', () => {
  /** An administrator (whose role requires a passkey) who trusted a browser after a code from the app, then added a passkey. */
  const trustedAfterCode = async () => {
    const manager = await signedIn('admin')
    const secret = await enrol(manager.client)
    nextTimeStep()
    const browser = app.client()
    expect((await browser.post('/users/login', { email: manager.email, password })).status).toBe(
      200,
    )
    const trusted = await browser.post('/users/mfa/totp/authenticate', {
      code: await authenticatorCode(secret),
      trustThisDevice: true,
    })
    expect(trusted.status).toBe(200)
    expect(browser.cookies.has('payload-trusted-device')).toBe(true)
    await register(manager)
    /** The same browser later: only its device cookie. */
    const later = () => {
      const client = app.client()
      client.cookies.set('payload-trusted-device', browser.cookies.get('payload-trusted-device')!)
      return client
    }
    return { later, manager }
  }

  it('finding 6b: a device trusted after a code does not skip the passkey a role requires', async () => {
    const { later, manager } = await trustedAfterCode()
    const client = later()
    const sessionsBefore = await sessionsOf(manager.id)
    const answer = await client.post('/users/login', { email: manager.email, password })
    expect(answer.status).toBe(200)
    expect(answer.body.secondFactor).toBe('codeRequired')
    expect(answer.body.user).toBeUndefined()
    expect(client.cookies.has('payload-token')).toBe(false)
    expect(await sessionsOf(manager.id)).toBe(sessionsBefore)
    // The app's setup ended with its first recovery codes (issue 38, item 2).
    expect((await client.get('/users/mfa/factors')).body).toEqual({
      passkey: true,
      recoveryCodes: true,
      totp: true,
      trustedDevice: false,
    })
    // The passkey still finishes it.
    const done = await client.post('/users/mfa/passkey/authenticate', {
      response: manager.authenticator.get(await secondFactorOptions(client)),
    })
    expect(done.status).toBe(200)
  })

  it('finding 6b: nor does the trusted-device step a single sign-on settles with', async () => {
    const { later, manager } = await trustedAfterCode()
    // A single sign-on's challenge: opened where the device cookie is not sent, settled where it is.
    const client = app.client()
    const challenge = await client.post('/users/login', { email: manager.email, password })
    expect(challenge.body.secondFactor).toBe('codeRequired')
    client.cookies.set('payload-trusted-device', later().cookies.get('payload-trusted-device')!)
    const refused = await client.post('/users/mfa/trusted-device')
    expect(refused.status).toBe(401)
    expect(refused.body.errors[0].data.code).toBe('TRUSTED_DEVICE_NOT_RECOGNISED')
    expect(client.cookies.has('payload-token')).toBe(false)
  })

  it('finding 6b: a device trusted after the passkey itself still skips it', async () => {
    const { manager } = await trustedAfterCode()
    const browser = app.client()
    await browser.post('/users/login', { email: manager.email, password })
    const trusted = await browser.post('/users/mfa/passkey/authenticate', {
      response: manager.authenticator.get(await secondFactorOptions(browser)),
      trustThisDevice: true,
    })
    expect(trusted.status).toBe(200)
    expect(
      await sql('SELECT after_passkey FROM trusted_devices WHERE user_id = $1 ORDER BY id', [
        manager.id,
      ]),
    ).toEqual([{ after_passkey: false }, { after_passkey: true }])
    const again = app.client()
    again.cookies.set('payload-trusted-device', browser.cookies.get('payload-trusted-device')!)
    const signedInAgain = await again.post('/users/login', { email: manager.email, password })
    expect(signedInAgain.status).toBe(200)
    expect(signedInAgain.body.user.email).toBe(manager.email)
    expect((await again.get('/users/me')).body.user.email).toBe(manager.email)
  })
})

describe('"Confirm it\'s you" with a passkey (issue 38 item 7)', () => {
  /** A signed-in person with a passkey whose session's proof is past the sudo window. */
  const staleWithPasskey = async () => {
    const person = await signedIn()
    await register(person)
    await sql(`UPDATE sessions SET proved_at = now() - interval '11 minutes' WHERE user_id = $1`, [
      person.id,
    ])
    const refused = await person.client.post('/users/mfa/passkeys/registration-options')
    expect(refused.body.errors[0].data.code).toBe('REAUTHENTICATION_REQUIRED')
    return person
  }
  const confirmOptions = async (client: RestClient) => {
    const answer = await client.post('/users/mfa/passkeys/confirm-options')
    expect(answer.status, JSON.stringify(answer.body)).toBe(200)
    return answer.body as unknown as PublicKeyCredentialRequestOptionsJSON
  }

  it('opens sudo mode: the change that was refused goes through, audited with the passkey as the factor', async () => {
    const person = await staleWithPasskey()
    const options = await confirmOptions(person.client)
    expect(options.userVerification).toBe('required')
    const confirmed = await person.client.post('/users/mfa/passkeys/confirm', {
      response: person.authenticator.get(options),
    })
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200)
    expect(confirmed.body.windowMinutes).toBeGreaterThan(0)
    expect((await person.client.post('/users/mfa/passkeys/registration-options')).status).toBe(200)
    const [audit] = await sql(
      `SELECT data FROM audit_log WHERE target_object = $1 AND event = 'password.confirmed' ORDER BY id DESC LIMIT 1`,
      [String(person.id)],
    )
    expect((audit!.data as { factor?: string }).factor).toBe('passkey')
  })

  it('refuses a replayed assertion, and two racing ones open it once', async () => {
    const person = await staleWithPasskey()
    const response = person.authenticator.get(await confirmOptions(person.client))
    const answers = await Promise.all(
      [1, 2, 3].map(() => person.client.post('/users/mfa/passkeys/confirm', { response })),
    )
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 400, 400])
    for (const answer of answers.filter((each) => each.status === 400)) {
      expect(answer.body.errors[0].data.code).toBe('PASSKEY_INVALID')
    }
    const again = await person.client.post('/users/mfa/passkeys/confirm', { response })
    expect(again.status).toBe(400)
    expect(again.body.errors[0].data.code).toBe('PASSKEY_INVALID')
  })

  it("refuses another account's passkey, and an assertion made for a sign-in's second step", async () => {
    const person = await staleWithPasskey()
    const other = await staleWithPasskey()
    // The other account's authenticator answering this session's challenge.
    const options = await confirmOptions(person.client)
    const foreign = other.authenticator.get({ ...options, allowCredentials: [] })
    const refused = await person.client.post('/users/mfa/passkeys/confirm', { response: foreign })
    expect(refused.status).toBe(400)
    expect(refused.body.errors[0].data.code).toBe('PASSKEY_INVALID')

    // A sign-in's second-step challenge, answered by the right passkey, is not a sudo challenge.
    const { client } = await passwordStep(person)
    const signInStep = person.authenticator.get(await secondFactorOptions(client))
    const crossed = await person.client.post('/users/mfa/passkeys/confirm', {
      response: signInStep,
    })
    expect(crossed.status).toBe(400)
    expect(crossed.body.errors[0].data.code).toBe('PASSKEY_INVALID')
    const still = await person.client.post('/users/mfa/passkeys/registration-options')
    expect(still.body.errors[0].data.code).toBe('REAUTHENTICATION_REQUIRED')
  })

  it('is only for a signed-in session with a passkey, and malformed input is a 400 that changes nothing', async () => {
    const anonymous = app.client()
    expect((await anonymous.post('/users/mfa/passkeys/confirm-options')).status).toBe(401)
    const withoutPasskey = await signedIn()
    const none = await withoutPasskey.client.post('/users/mfa/passkeys/confirm-options')
    expect(none.status).toBe(400)
    expect(none.body.errors[0].data.code).toBe('PASSKEY_NOT_REGISTERED')
    for (const body of [{}, { response: 'x' }, { response: { id: 1 } }]) {
      const answer = await withoutPasskey.client.post('/users/mfa/passkeys/confirm', body)
      expect(answer.status).toBe(400)
      expect(answer.body.errors[0].data.code).toBe('MALFORMED_REQUEST')
    }
  })
})
