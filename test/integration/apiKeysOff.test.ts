import { createHmac, randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import type { RestClient } from '../helpers/restClient.js'

import { sqlOn } from '../helpers/sql.js'
import { startTestPayload, type TestPayload } from '../helpers/testPayload.js'

// The plugin's `apiKeys` option left at its default (off) on an app whose users have Payload's
// `auth.useAPIKey`: nobody gets a key, and a key already in the database opens nothing.
let app: TestPayload
const sql = sqlOn(() => app.payload)
const password = 'a-long-and-unusual-passphrase-42'
const adminEmail = 'keys-off-admin@example.com'
let adminId: number | string
let accounts = 0

const newKey = () => randomBytes(24).toString('hex')
/** What Payload stores to find an account by its key (`apiKeyIndex`). */
const indexOf = (key: string) => createHmac('sha256', app.payload.secret).update(key).digest('hex')

const createEditor = async () => {
  const email = `keys-off-editor-${++accounts}@example.com`
  const created = await app.payload.create({
    collection: 'users',
    data: { email, password, roles: ['editor'] } as never,
  })
  return { email, id: created.id }
}

const signIn = async (email: string): Promise<RestClient> => {
  const browser = app.client()
  expect((await browser.post('/users/login', { email, password })).status).toBe(200)
  return browser
}

const keyColumns = async (id: number | string) =>
  (
    await sql(
      'SELECT coalesce(enable_a_p_i_key, false) AS enabled, api_key AS key, api_key_index AS index FROM users WHERE id = $1',
      [id],
    )
  )[0]

/** Who `/users/me` says a request carrying only this key is. */
const signedInByKey = async (key: string) => {
  const response = await app.client().get('/users/me', { authorization: `users API-Key ${key}` })
  return (response.body as { user: null | { email: string } }).user?.email ?? null
}

beforeAll(async () => {
  app = await startTestPayload({ usersUseAPIKey: true })
  await app.client().post('/users/first-register', { email: adminEmail, password })
  adminId = (await sql('SELECT id FROM users WHERE email = $1', [adminEmail]))[0].id as number
})
afterAll(async () => {
  await app?.close()
})

describe('API keys with the apiKeys option off', () => {
  it('lets neither an editor nor an administrator turn a key on, for any account', async () => {
    const editor = await createEditor()
    const editorBrowser = await signIn(editor.email)
    const adminBrowser = await signIn(adminEmail)
    // Payload's field access drops a field its caller may not write and saves the rest (200); an
    // editor may not update the administrator's account at all (403, the app's own rule).
    const attempts: [RestClient, number | string, number][] = [
      [editorBrowser, editor.id, 200],
      [editorBrowser, adminId, 403],
      [adminBrowser, editor.id, 200],
      [adminBrowser, adminId, 200],
    ]
    for (const [browser, id, status] of attempts) {
      const key = newKey()
      const answer = await browser.request('PATCH', `/users/${id}`, {
        body: { apiKey: key, enableAPIKey: true, name: 'Renamed' },
      })
      expect(answer.status, String(id)).toBe(status)
      if (status === 200) {
        const [{ name }] = await sql('SELECT name FROM users WHERE id = $1', [id])
        expect(name).toBe('Renamed')
      }
      expect(await keyColumns(id)).toEqual({ enabled: false, index: null, key: null })
      expect(await signedInByKey(key)).toBeNull()
    }
  })

  it('refuses a key set through the Local API on behalf of a user, administrator included', async () => {
    const editor = await createEditor()
    const admin = await app.payload.findByID({ id: adminId, collection: 'users' })
    await expect(
      app.payload.update({
        id: editor.id,
        collection: 'users',
        data: { apiKey: newKey(), enableAPIKey: true } as never,
        user: admin,
      }),
    ).rejects.toMatchObject({ data: { code: 'API_KEYS_DISABLED' }, status: 403 })
    expect(await keyColumns(editor.id)).toEqual({ enabled: false, index: null, key: null })
  })

  it('does not sign anyone in with a key already stored in the database', async () => {
    const editor = await createEditor()
    const key = newKey()
    await sql('UPDATE users SET enable_a_p_i_key = true, api_key_index = $1 WHERE id = $2', [
      indexOf(key),
      editor.id,
    ])
    expect(await signedInByKey(key)).toBeNull()
    const list = await app.client().get('/users', { authorization: `users API-Key ${key}` })
    expect(list.status).toBe(403)
  })
})
