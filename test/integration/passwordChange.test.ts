import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { startTestPayload, type TestPayload } from '../helpers/testPayload.js'

let app: TestPayload
const password = 'a-long-and-unusual-passphrase-42'
const adminEmail = 'passwords-admin@example.com'

beforeAll(async () => {
  app = await startTestPayload()
  await app.client().post('/users/first-register', { email: adminEmail, password })
})
afterAll(async () => {
  await app?.close()
})

const auditEvents = async (email: string) =>
  (
    await app.payload.find({
      collection: 'audit-log' as never,
      overrideAccess: true,
      sort: 'timestamp',
      where: { category: { equals: 'authentication' }, user: { equals: email } } as never,
    })
  ).docs.map((entry) => (entry as unknown as { event: string }).event)

describe('a new password ends the other sessions', () => {
  it("keeps the changer's own session and ends the rest, on the very next request", async () => {
    const email = 'changer@example.com'
    const user = await app.payload.create({
      collection: 'users',
      data: { email, password, roles: ['editor'] },
    })
    const laptop = app.client()
    const phone = app.client()
    await laptop.post('/users/login', { email, password })
    await phone.post('/users/login', { email, password })

    // One's own password changes through change password, with the current one (a plain update is refused).
    const refused = await laptop.request('PATCH', `/users/${user.id}`, {
      body: { password: 'another-unusual-passphrase-93' },
    })
    expect(refused.body.errors?.[0]?.data?.code).toBe('CURRENT_PASSWORD_REQUIRED')
    expect((await phone.get('/users/me')).body.user?.email).toBe(email)
    const changed = await laptop.post('/users/change-password', {
      currentPassword: password,
      password: 'another-unusual-passphrase-93',
    })
    expect(changed.status).toBe(200)
    expect((await laptop.get('/users/me')).body.user?.email).toBe(email)
    expect((await phone.get('/users/me')).body.user).toBeNull()
    expect(await auditEvents(email)).toContain('password.changed')
  })

  it('ends every session of an account whose password an administrator sets', async () => {
    const email = 'forgetful-editor@example.com'
    const user = await app.payload.create({
      collection: 'users',
      data: { email, password, roles: ['editor'] },
    })
    const device = app.client()
    await device.post('/users/login', { email, password })
    const admin = app.client()
    await admin.post('/users/login', { email: adminEmail, password })
    expect(
      (
        await admin.request('PATCH', `/users/${user.id}`, {
          body: { password: 'set-by-the-admin-walrus-4821' },
        })
      ).status,
    ).toBe(200)
    expect((await device.get('/users/me')).body.user).toBeNull()
    expect((await admin.get('/users/me')).body.user?.email).toBe(adminEmail)
  })

  it('ends nothing when an update leaves the password alone', async () => {
    const email = 'renamed@example.com'
    const user = await app.payload.create({
      collection: 'users',
      data: { email, password, roles: ['editor'] },
    })
    const device = app.client()
    await device.post('/users/login', { email, password })
    expect(
      (await device.request('PATCH', `/users/${user.id}`, { body: { name: 'New name' } })).status,
    ).toBe(200)
    expect((await device.get('/users/me')).body.user?.email).toBe(email)
    expect(await auditEvents(email)).not.toContain('password.changed')
  })
})

describe('deleting an account', () => {
  it('deletes its session records with it, and the audit log still names it', async () => {
    const email = 'leaver@example.com'
    const user = await app.payload.create({
      collection: 'users',
      data: { email, password, roles: ['editor'] },
    })
    await app.client().post('/users/login', { email, password })
    await app.client().post('/users/login', { email, password })
    const admin = app.client()
    await admin.post('/users/login', { email: adminEmail, password })
    const deleted = await admin.request('DELETE', `/users/${user.id}`)
    expect(deleted.status).toBe(200)
    const { totalDocs } = await app.payload.count({
      collection: 'sessions' as never,
      overrideAccess: true,
      where: { user: { equals: user.id } } as never,
    })
    expect(totalDocs).toBe(0)
    expect(
      await app.payload.count({ collection: 'users', where: { email: { equals: email } } }),
    ).toMatchObject({ totalDocs: 0 })
    expect(await auditEvents(email)).toContain('login.succeeded')
  })
})
