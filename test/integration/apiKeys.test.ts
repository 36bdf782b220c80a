import { createHash, createHmac, randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import type { RestClient } from '../helpers/restClient.js'

import { oneGuessFromSuspension } from '../helpers/knownBrowser.js'
import { linksIn, startSmtpInbox } from '../helpers/smtpInbox.js'
import { sqlOn } from '../helpers/sql.js'
import { startTestPayload, type TestPayload } from '../helpers/testPayload.js'

// Users with Payload's `auth.useAPIKey` and the plugin's `apiKeys` option on: administrators hand
// out keys, and a key stops working when its account is suspended or its sessions are ended.
let app: TestPayload
const sql = sqlOn(() => app.payload)
const password = 'a-long-and-unusual-passphrase-42'
const adminEmail = 'keys-admin@example.com'
let adminBrowser: RestClient
let inbox: Awaited<ReturnType<typeof startSmtpInbox>>
let accounts = 0

const newKey = () => randomBytes(24).toString('hex')
/** What Payload stores to find an account by its key (`apiKeyIndex`). */
const indexOf = (key: string) => createHmac('sha256', app.payload.secret).update(key).digest('hex')

const createEditor = async () => {
  const email = `keys-editor-${++accounts}@example.com`
  const created = await app.payload.create({
    collection: 'users',
    data: { email, password, roles: ['editor'] } as never,
  })
  return { email, id: created.id }
}

const signIn = async (email: string, secret = password): Promise<RestClient> => {
  const browser = app.client()
  expect((await browser.post('/users/login', { email, password: secret })).status).toBe(200)
  return browser
}

const keyColumns = async (id: number | string) =>
  (
    await sql(
      'SELECT coalesce(enable_a_p_i_key, false) AS enabled, api_key_index AS index FROM users WHERE id = $1',
      [id],
    )
  )[0]

/** Who `/users/me` says a request carrying only this key is. */
const signedInByKey = async (key: string) => {
  const response = await app.client().get('/users/me', { authorization: `users API-Key ${key}` })
  return (response.body as { user: null | { email: string } }).user?.email ?? null
}

/** An administrator gives the account a key through the REST API, as the admin's form does. */
const giveKey = async (id: number | string) => {
  const key = newKey()
  const answer = await adminBrowser.request('PATCH', `/users/${id}`, {
    body: { apiKey: key, enableAPIKey: true },
  })
  expect(answer.status).toBe(200)
  return key
}

const keyEvents = async (email: string) =>
  (
    await app.payload.find({
      collection: 'audit-log' as never,
      overrideAccess: true,
      sort: 'timestamp',
      where: {
        and: [{ user: { equals: email } }, { event: { equals: 'account.apiKeyDisabled' } }],
      },
    })
  ).docs.map((doc) => (doc as unknown as { data: unknown }).data)

beforeAll(async () => {
  inbox = await startSmtpInbox()
  app = await startTestPayload({
    backofficeOptions: { apiKeys: { enabled: true } },
    smtpUrl: inbox.url,
    usersUseAPIKey: true,
  })
  await app.client().post('/users/first-register', { email: adminEmail, password })
  adminBrowser = await signIn(adminEmail)
})
afterAll(async () => {
  await app?.close()
  await inbox?.close()
})

describe('who may give an account an API key', () => {
  it('lets an administrator give an account a key, which then signs that account in', async () => {
    const editor = await createEditor()
    const key = await giveKey(editor.id)
    expect(await keyColumns(editor.id)).toEqual({ enabled: true, index: indexOf(key) })
    expect(await signedInByKey(key)).toBe(editor.email)
  })

  it('does not let an editor give its own account a key', async () => {
    const editor = await createEditor()
    const browser = await signIn(editor.email)
    const key = newKey()
    const answer = await browser.request('PATCH', `/users/${editor.id}`, {
      body: { apiKey: key, enableAPIKey: true, name: 'Still an editor' },
    })
    // Payload's field access: the key fields are dropped, the rest of the change is saved.
    expect(answer.status).toBe(200)
    expect((await sql('SELECT name FROM users WHERE id = $1', [editor.id]))[0].name).toBe(
      'Still an editor',
    )
    expect(await keyColumns(editor.id)).toEqual({ enabled: false, index: null })
    expect(await signedInByKey(key)).toBeNull()
  })

  it('refuses an editor setting a key through the Local API, where field access is skipped', async () => {
    const editor = await createEditor()
    const user = await app.payload.findByID({ id: editor.id, collection: 'users' })
    await expect(
      app.payload.update({
        id: editor.id,
        collection: 'users',
        data: { apiKey: newKey(), enableAPIKey: true } as never,
        user,
      }),
    ).rejects.toMatchObject({ data: { code: 'INSUFFICIENT_PERMISSIONS' }, status: 403 })
    expect(await keyColumns(editor.id)).toEqual({ enabled: false, index: null })
  })

  it('asks an administrator whose sign-in is older than the sudo window to confirm the password first', async () => {
    const editor = await createEditor()
    const admin = await signIn(adminEmail)
    const adminId = (await admin.get('/users/me')).body.user.id
    // Only this sign-in's session (the newest) is old; the other tests' administrator stays fresh.
    await sql(
      "UPDATE sessions SET proved_at = now() - interval '11 minutes' WHERE id = (SELECT max(id) FROM sessions WHERE user_id = $1)",
      [adminId],
    )
    const key = newKey()
    const refused = await admin.request('PATCH', `/users/${editor.id}`, {
      body: { apiKey: key, enableAPIKey: true },
    })
    expect(refused.status).toBe(403)
    expect(refused.body.errors?.[0]?.data?.code).toBe('REAUTHENTICATION_REQUIRED')
    expect(await keyColumns(editor.id)).toEqual({ enabled: false, index: null })

    expect((await admin.post('/users/confirm-password', { password })).status).toBe(200)
    const given = await admin.request('PATCH', `/users/${editor.id}`, {
      body: { apiKey: key, enableAPIKey: true },
    })
    expect(given.status).toBe(200)
    expect(await signedInByKey(key)).toBe(editor.email)
  })

  it('does not sign in with a stored key whose account has keys turned off', async () => {
    const editor = await createEditor()
    const key = newKey()
    await sql('UPDATE users SET api_key_index = $1 WHERE id = $2', [indexOf(key), editor.id])
    expect(await signedInByKey(key)).toBeNull()
    // The same key planted with the switch on works: the refusal above is the switch's doing.
    await sql('UPDATE users SET enable_a_p_i_key = true WHERE id = $1', [editor.id])
    expect(await signedInByKey(key)).toBe(editor.email)
  })

  it('stops an old key the moment an administrator sets a new one', async () => {
    const editor = await createEditor()
    const oldKey = await giveKey(editor.id)
    expect(await signedInByKey(oldKey)).toBe(editor.email)
    const newerKey = await giveKey(editor.id)
    expect(await signedInByKey(oldKey)).toBeNull()
    expect(await signedInByKey(newerKey)).toBe(editor.email)
  })
  it('finding 9: an administrator invitee is not offered, and cannot set, an API key while accepting', async () => {
    const email = `keys-invitee-${++accounts}@example.com`
    expect((await adminBrowser.post('/users', { email, roles: ['admin'] })).status).toBe(201)
    // The link as the invitation email carries it; only its SHA-256 is stored.
    const token = randomBytes(32).toString('base64url')
    await sql('UPDATE users SET invitation_token_hash = $1 WHERE email = $2', [
      createHash('sha256').update(token).digest('hex'),
      email,
    ])
    const shown = await app.client().get(`/users/invitation?token=${token}`)
    expect(shown.status).toBe(200)
    for (const keyField of ['enableAPIKey', 'apiKey', 'apiKeyIndex', 'hasAPIKey']) {
      expect(shown.body.fields).not.toContain(keyField)
    }

    const key = newKey()
    const inviteePassword = 'my-own-new-and-unusual-passphrase-7'
    const accepted = await app.client().post('/users/accept-invitation', {
      apiKey: key,
      enableAPIKey: true,
      password: inviteePassword,
      token,
    })
    expect(accepted.status).toBe(200)
    const [row] = await sql('SELECT id FROM users WHERE email = $1', [email])
    expect(await keyColumns(row.id)).toEqual({ enabled: false, index: null })
    expect(await signedInByKey(key)).toBeNull()
    expect(
      (await app.client().post('/users/login', { email, password: inviteePassword })).status,
    ).toBe(200)
  })
})

describe('a key ends with its account', () => {
  it('refuses the key of a suspended account on its next request, and turns it off', async () => {
    const editor = await createEditor()
    const key = await giveKey(editor.id)
    expect(await signedInByKey(key)).toBe(editor.email)

    // Suspended by excessive failures, as the lockout does it.
    // Only a browser the account knows can suspend it by guessing (device cookies).
    const browser = app.client()
    await oneGuessFromSuspension(sql, browser, { email: editor.email, password })
    const failed = await browser.post('/users/login', {
      email: editor.email,
      password: 'wrong-password',
    })
    expect(failed.status).toBe(401)
    expect(
      (await sql('SELECT security_status FROM users WHERE id = $1', [editor.id]))[0]
        .security_status,
    ).toBe('suspended')

    expect(await signedInByKey(key)).toBeNull()
    expect(await keyColumns(editor.id)).toEqual({ enabled: false, index: null })
    expect(await keyEvents(editor.email)).toEqual([{ reason: 'suspension' }])
  })

  it('checks suspension on every use, even of a key that is still stored', async () => {
    const editor = await createEditor()
    const key = await giveKey(editor.id)
    expect(await signedInByKey(key)).toBe(editor.email)
    // Suspended behind the plugin's back: the key is still there, and still refused.
    await sql("UPDATE users SET security_status = 'suspended' WHERE id = $1", [editor.id])
    expect(await keyColumns(editor.id)).toEqual({ enabled: true, index: indexOf(key) })
    expect(await signedInByKey(key)).toBeNull()
  })

  it('turns the key off when an administrator ends all of the account’s sessions', async () => {
    const editor = await createEditor()
    const key = await giveKey(editor.id)
    await signIn(editor.email)
    const ended = await adminBrowser.post(`/users/${editor.id}/sessions/revoke-all`)
    expect(ended.status).toBe(200)
    expect(await signedInByKey(key)).toBeNull()
    expect(await keyColumns(editor.id)).toEqual({ enabled: false, index: null })
    expect(await keyEvents(editor.email)).toEqual([{ reason: 'administrator' }])

    // A new key given afterwards works, and the old one stays dead.
    const newerKey = await giveKey(editor.id)
    expect(await signedInByKey(newerKey)).toBe(editor.email)
    expect(await signedInByKey(key)).toBeNull()
  })

  it('turns the key off when the account’s password changes', async () => {
    const editor = await createEditor()
    const key = await giveKey(editor.id)
    const answer = await adminBrowser.request('PATCH', `/users/${editor.id}`, {
      body: { password: 'another-long-and-unusual-passphrase-7' },
    })
    expect(answer.status).toBe(200)
    expect(await signedInByKey(key)).toBeNull()
    expect(await keyColumns(editor.id)).toEqual({ enabled: false, index: null })
    expect(await keyEvents(editor.email)).toEqual([{ reason: 'passwordChange' }])
  })

  it('leaves the key alone when a single session is ended', async () => {
    const editor = await createEditor()
    const key = await giveKey(editor.id)
    const browser = await signIn(editor.email)
    expect((await browser.post('/users/logout')).status).toBe(200)
    expect(await signedInByKey(key)).toBe(editor.email)
    expect(await keyEvents(editor.email)).toEqual([])
  })
})

describe('issue 35, the recovery matrix: an API key a thief gave the account', () => {
  /** The path of a link mailed to `to`, for the REST client (which prefixes the API route). */
  const mailedLink = async (to: string, part: string) => {
    const mail = await inbox.waitFor(
      (candidate) =>
        candidate.to.includes(to) && linksIn(candidate).some((url) => url.includes(part)),
    )
    const url = new URL(linksIn(mail).find((link) => link.includes(part))!)
    return url.pathname.replace(/^\/api/, '') + url.search
  }

  /**
   * A second administrator whose password the thief holds (the owner had signed in from their own
   * browser before, so the thief's sign-in is a new browser's): the thief moves its address and gives
   * it a key.
   */
  const thiefGivesKey = async () => {
    const email = `keys-admin-owner-${++accounts}@example.com`
    const thiefAddress = `thief-${accounts}@example.net`
    const owner = await app.payload.create({
      collection: 'users',
      data: { email, password, roles: ['admin'] } as never,
    })
    await signIn(email)
    const thief = await signIn(email)
    const moved = await thief.request('PATCH', `/users/${owner.id}`, {
      body: { email: thiefAddress },
    })
    expect(moved.status).toBe(200)
    const key = newKey()
    const given = await thief.request('PATCH', `/users/${owner.id}`, {
      body: { apiKey: key, enableAPIKey: true },
    })
    expect(given.status, JSON.stringify(given.body)).toBe(200)
    expect(await signedInByKey(key)).toBe(thiefAddress)
    return { email, id: owner.id, key, thief, thiefAddress }
  }

  /** The thief afterwards: the key, their session, the password at either address. */
  const thiefWaysIn = async (taken: Awaited<ReturnType<typeof thiefGivesKey>>) => {
    const ways: string[] = []
    if (await signedInByKey(taken.key)) ways.push('apiKey')
    if ((await taken.thief.get('/users/me')).body?.user) ways.push('session')
    for (const email of [taken.email, taken.thiefAddress]) {
      if ((await app.client().post('/users/login', { email, password })).status === 200) {
        ways.push('password')
      }
    }
    return ways
  }

  it('ends with the owner’s undo', async () => {
    const taken = await thiefGivesKey()
    expect(
      (await app.client().post(await mailedLink(taken.email, 'undo-email-change'))).status,
    ).toBe(200)
    expect(await thiefWaysIn(taken)).toEqual([])
    expect(await keyColumns(taken.id)).toEqual({ enabled: false, index: null })
  })

  it('ends with the owner’s "This wasn’t me" on the new-browser email, and after the approved review', async () => {
    const taken = await thiefGivesKey()
    const report = await mailedLink(taken.email, 'new-browser/report')
    expect((await app.client().post(report)).status).toBe(200)
    expect(await thiefWaysIn(taken)).toEqual([])
    expect(await keyColumns(taken.id)).toEqual({ enabled: false, index: null })
    // The moved address waits for an administrator; the approval puts it back and keeps the key off.
    expect(
      (
        await sql('SELECT security_suspension_reason AS reason FROM users WHERE id = $1', [
          taken.id,
        ])
      )[0]?.reason,
    ).toBe('recoveryReview')
    const approved = await adminBrowser.post(`/users/${taken.id}/recovery-review/approve`)
    expect(approved.status, JSON.stringify(approved.body)).toBe(200)
    expect((await sql('SELECT email FROM users WHERE id = $1', [taken.id]))[0]?.email).toBe(
      taken.email,
    )
    expect(await thiefWaysIn(taken)).toEqual([])
    expect(await keyColumns(taken.id)).toEqual({ enabled: false, index: null })
  })

  it('ends when an administrator puts the address back, with the password the thief held', async () => {
    // The thief holds a second administrator's password: they move its address and give it a key.
    const email = `keys-admin-victim-${++accounts}@example.com`
    const victim = await app.payload.create({
      collection: 'users',
      data: { email, password, roles: ['admin'] } as never,
    })
    const thief = await signIn(email)
    const moved = await thief.request('PATCH', `/users/${victim.id}`, {
      body: { email: `thief-${accounts}@example.net` },
    })
    expect(moved.status).toBe(200)
    const key = newKey()
    const given = await thief.request('PATCH', `/users/${victim.id}`, {
      body: { apiKey: key, enableAPIKey: true },
    })
    expect(given.status, JSON.stringify(given.body)).toBe(200)
    expect(await signedInByKey(key)).toBe(`thief-${accounts}@example.net`)

    const repaired = await adminBrowser.request('PATCH', `/users/${victim.id}`, { body: { email } })
    expect(repaired.status).toBe(200)
    expect(await signedInByKey(key)).toBeNull()
    expect(await keyColumns(victim.id)).toEqual({ enabled: false, index: null })
    expect((await thief.get('/users/me')).body?.user ?? null).toBeNull()
    expect((await app.client().post('/users/login', { email, password })).status).toBe(401)
  })
})
