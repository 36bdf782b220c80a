import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import type { RestClient } from '../helpers/restClient.js'

import { sqlOn } from '../helpers/sql.js'
import { startTestPayload, type TestPayload } from '../helpers/testPayload.js'

const password = 'a-long-and-unusual-passphrase-42'
let app: TestPayload
let admin: RestClient
let editor: RestClient
let editorId: number
const sql = sqlOn(() => app.payload)

/** What an enrolled account looks like in the database, written the way the plugin writes it. */
const plantEnrolment = async (userId: number) => {
  await sql(
    "UPDATE users SET totp_config_status = 'enabled', totp_config_secret = 'v1.sealed-secret-stand-in', totp_config_last_used_step = 123 WHERE id = $1",
    [userId],
  )
  await sql(
    `INSERT INTO trusted_devices (user_id, browser, os, last_used_at, expiration_date, token_hash, updated_at, created_at)
     VALUES ($1, 'Firefox 127', 'macOS 14.5', now(), now() + interval '1 day', $2, now(), now())`,
    [userId, 'a'.repeat(64)],
  )
}

const graphQLMe = (client: RestClient) =>
  client.post('/graphql', {
    query:
      '{ meUser { user { id email totpConfig { status trustedDevices { docs { browser os } } } } } }',
  })

beforeAll(async () => {
  app = await startTestPayload()
  admin = app.client()
  expect(
    (await admin.post('/users/first-register', { email: 'admin@example.com', password })).status,
  ).toBe(200)
  const created = await app.payload.create({
    collection: 'users',
    data: { email: 'editor@example.com', password, roles: ['editor'] },
  })
  editorId = created.id as number
  editor = app.client()
  expect(
    (await editor.post('/users/login', { email: 'editor@example.com', password })).status,
  ).toBe(200)
  await plantEnrolment(editorId)
})
afterAll(async () => {
  await app?.close()
})

describe('two-factor state on the account', () => {
  it('never shows the secret, the last accepted step or device token hashes over REST', async () => {
    for (const [client, path] of [
      [editor, '/users/me'],
      [editor, `/users/${editorId}`],
      [admin, `/users/${editorId}`],
      [admin, '/users?limit=100'],
      [admin, '/trusted-devices'],
      [editor, '/trusted-devices'],
    ] as const) {
      const response = await client.get(path)
      expect(response.status).toBe(200)
      const text = JSON.stringify(response.body)
      expect(text).not.toContain('sealed-secret-stand-in')
      expect(text).not.toContain('secret')
      expect(text).not.toContain('lastUsedStep')
      expect(text).not.toContain('a'.repeat(64))
      expect(text).not.toContain('tokenHash')
    }
    // What the owner may see: whether a second factor is on, and the devices list.
    const own = await editor.get('/users/me')
    expect(own.body.user.totpConfig.status).toBe('enabled')
    expect(own.body.user.totpConfig.trustedDevices.docs).toEqual([
      expect.objectContaining({ browser: 'Firefox 127', os: 'macOS 14.5' }),
    ])
    // Nobody else's, though: another editor reads none of them through the devices collection.
    const other = await app.payload.create({
      collection: 'users',
      data: { email: 'other@example.com', password, roles: ['editor'] },
    })
    const otherClient = app.client()
    await otherClient.post('/users/login', { email: 'other@example.com', password })
    expect((await otherClient.get('/trusted-devices')).body.docs).toEqual([])
    expect(
      (await otherClient.get(`/users/${other.id}`)).body.totpConfig.trustedDevices.docs,
    ).toEqual([])
  })

  it('never shows them over GraphQL, even when asked for by name', async () => {
    const response = await graphQLMe(editor)
    expect(response.body.data.meUser.user.totpConfig.status).toBe('enabled')
    expect(JSON.stringify(response.body)).not.toContain('sealed-secret-stand-in')
    const asked = await editor.post('/graphql', {
      query: '{ meUser { user { totpConfig { secret lastUsedStep } } } }',
    })
    const asName = asked.body.data?.meUser?.user?.totpConfig
    // Either the schema has no such fields (an error), or field access answers null.
    expect(
      asked.body.errors?.length > 0 || (asName.secret === null && asName.lastUsedStep === null),
    ).toBe(true)
    expect(JSON.stringify(asked.body)).not.toContain('sealed-secret-stand-in')
  })

  it('takes none of it from a client: not from the owner, not from an administrator', async () => {
    const hostile = {
      totpConfig: {
        lastUsedStep: 0,
        secret: 'JBSWY3DPEHPK3PXP',
        status: 'pending',
        trustedDevices: [{ expirationDate: '2099-01-01T00:00:00.000Z', tokenHash: 'b'.repeat(64) }],
      },
    }
    for (const client of [editor, admin]) {
      const response = await client.request('PATCH', `/users/${editorId}`, { body: hostile })
      expect(response.status).toBe(200)
    }
    const [row] = await sql(
      'SELECT totp_config_secret AS secret, totp_config_status AS status, totp_config_last_used_step AS step FROM users WHERE id = $1',
      [editorId],
    )
    expect(row).toEqual({ secret: 'v1.sealed-secret-stand-in', status: 'enabled', step: '123' })
    const devices = await sql('SELECT token_hash FROM trusted_devices WHERE user_id = $1', [
      editorId,
    ])
    expect(devices).toEqual([{ token_hash: 'a'.repeat(64) }])
  })

  it('cannot be set when an administrator creates an account', async () => {
    const response = await admin.post('/users', {
      email: 'planted@example.com',
      password,
      roles: ['editor'],
      totpConfig: { secret: 'JBSWY3DPEHPK3PXP', status: 'enabled' },
    })
    expect(response.status).toBe(201)
    const [row] = await sql(
      'SELECT totp_config_secret AS secret, totp_config_status AS status FROM users WHERE email = $1',
      ['planted@example.com'],
    )
    expect(row).toEqual({ secret: null, status: null })
  })
})
