import { createLocalReq } from 'payload'
import {
  assertPasswordAllowed,
  getPluginOptions,
  passwordPolicyExemptKey,
} from 'payload-backoffice'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { startTestPayload, type TestPayload } from '../helpers/testPayload.js'

// What docs/tests-and-seeds.md tells an integrator's own tests and seed scripts to do, imported from
// the package name as their code would.
let app: TestPayload
const fixturePassword = 'test'

beforeAll(async () => {
  app = await startTestPayload({ usersWithoutRoles: true })
})
afterAll(async () => {
  await app?.close()
})

describe('seed scripts and tests of an app with the plugin', () => {
  it('refuses a weak seed password unless the seed says it is exempt, and the user can sign in', async () => {
    await expect(
      app.payload.create({
        collection: 'users',
        data: { email: 'refused-seed@example.com', password: fixturePassword },
      }),
    ).rejects.toMatchObject({ data: { code: 'PASSWORD_REQUIREMENTS_NOT_MET' } })

    const seeded = await app.payload.create({
      collection: 'users',
      context: { [passwordPolicyExemptKey]: true },
      data: { email: 'seed@example.com', password: fixturePassword },
    })
    // The first account of the app, so its administrator.
    expect((seeded as { roles?: string[] }).roles).toEqual(['admin'])
    const login = await app
      .client()
      .post('/users/login', { email: 'seed@example.com', password: fixturePassword })
    expect(login.status).toBe(200)
  })

  it('keeps the exemption from a REST request, whatever its body says', async () => {
    const admin = app.client()
    expect(
      (await admin.post('/users/login', { email: 'seed@example.com', password: fixturePassword }))
        .status,
    ).toBe(200)
    const created = await admin.post('/users', {
      context: { [passwordPolicyExemptKey]: true },
      email: 'rest-exempt@example.com',
      password: fixturePassword,
      [passwordPolicyExemptKey]: true,
    })
    expect(created.status).toBe(400)
    expect(JSON.stringify(created.body)).toContain('PASSWORD_REQUIREMENTS_NOT_MET')
    expect(await app.payload.count({ collection: 'users' })).toMatchObject({ totalDocs: 1 })
  })

  it('lets a seed script check a password against the policy before it sets one', async () => {
    const req = await createLocalReq({}, app.payload)
    const options = getPluginOptions(app.payload)
    await expect(
      assertPasswordAllowed(req, options, { password: fixturePassword }),
    ).rejects.toMatchObject({ data: { code: 'PASSWORD_REQUIREMENTS_NOT_MET' } })
    await expect(
      assertPasswordAllowed(req, options, { password: 'a-long-and-unusual-passphrase-42' }),
    ).resolves.toBeUndefined()
  })
})
