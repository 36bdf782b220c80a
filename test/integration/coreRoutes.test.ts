import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import type { Json } from '../helpers/json.js'
import type { RestClient } from '../helpers/restClient.js'

import { startTestPayload, type TestPayload } from '../helpers/testPayload.js'

const password = 'a-long-and-unusual-passphrase-42'
let app: TestPayload
let admin: RestClient
let editor: RestClient

const codeOf = (response: { body: Json }) => response.body?.errors?.[0]?.data?.code

beforeAll(async () => {
  app = await startTestPayload()
  admin = app.client()
  expect(
    (await admin.post('/users/first-register', { email: 'admin@example.com', password })).status,
  ).toBe(200)
  await app.payload.create({
    collection: 'users',
    data: { email: 'editor@example.com', password, roles: ['editor'] } as never,
  })
  editor = app.client()
  expect(
    (await editor.post('/users/login', { email: 'editor@example.com', password })).status,
  ).toBe(200)
})
afterAll(async () => {
  await app?.close()
})

describe("Payload's own routes on the plugin's collections", () => {
  it('email verification, which the app does not use, is refused with a 4xx over REST and GraphQL', async () => {
    const rest = await app.client().post('/users/verify/abc')
    expect(rest.status).toBe(403)
    expect(JSON.stringify(rest.body)).not.toMatch(/_verification|tableName|Failed query/)

    const graphql = await app.client().post('/graphql', {
      query: 'mutation { verifyEmailUser(token: "abc") }',
    })
    expect(graphql.body.errors?.[0]?.extensions?.statusCode).toBe(403)
    expect(JSON.stringify(graphql.body)).not.toMatch(/_verification|tableName|Failed query/)
  })

  it('version routes of collections without versions answer 404 with a catalogue code', async () => {
    const asked: [RestClient, string][] = [
      [editor, '/sessions/versions'],
      [editor, '/trusted-devices/versions'],
      [editor, '/users/versions'],
      [admin, '/audit-log/versions'],
      [admin, '/two-factor-reset-requests/versions'],
      [admin, '/sessions/versions/1'],
      [admin, '/login-throttles/versions'],
      [admin, '/login-client-attempts/versions'],
      [admin, '/refusal-tallies/versions'],
    ]
    for (const [client, path] of asked) {
      const answer = await client.get(path)
      expect([path, answer.status, codeOf(answer)]).toEqual([path, 404, 'NOT_FOUND'])
    }
    const restore = await admin.post('/users/versions/1')
    expect([restore.status, codeOf(restore)]).toEqual([404, 'NOT_FOUND'])
  })

  it('only administrators run the jobs queue over HTTP', async () => {
    expect((await app.client().get('/payload-jobs/run')).status).toBe(401)
    expect((await editor.get('/payload-jobs/run')).status).toBe(401)
    expect((await admin.get('/payload-jobs/run')).status).toBe(200)
  })

  it("Payload's Force Unlock is gone: it would reset counters the plugin does not use", async () => {
    const unlock = await admin.post('/users/unlock', { email: 'editor@example.com' })
    expect(unlock.status).toBe(403)
    const access = await admin.get('/access')
    // Payload's permissions leave out what is not granted, which is what hides the button.
    expect(access.body.collections.users).toMatchObject({ read: true, update: true })
    expect(access.body.collections.users.unlock).toBeUndefined()
  })
})
