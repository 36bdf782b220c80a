import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import type { RestClient } from '../helpers/restClient.js'

import { capturedLog } from '../helpers/capturedLog.js'
import { startTestPayload, type TestPayload } from '../helpers/testPayload.js'

// An app shaped like Payload's templates: its users collection has no roles field and no hook that
// makes the first account an administrator. The plugin brings both.
const log = capturedLog()
let app: TestPayload
const password = 'a-long-and-unusual-passphrase-42'
const firstEmail = 'template-first@example.com'
const secondEmail = 'template-second@example.com'
const thirdEmail = 'template-third@example.com'
const noAdministratorWarning = 'no account holds the administrator role'

type Account = { email: string; id: number; roles?: null | string[] }

const accountByEmail = async (email: string): Promise<Account> => {
  const { docs } = await app.payload.find({
    collection: 'users',
    overrideAccess: true,
    where: { email: { equals: email } },
  })
  return docs[0] as unknown as Account
}

const signIn = async (email: string): Promise<RestClient> => {
  const browser = app.client()
  expect((await browser.post('/users/login', { email, password })).status).toBe(200)
  return browser
}

const warnings = () => log.lines.filter((line) => line.level === 40).map((line) => line.msg ?? '')

beforeAll(async () => {
  app = await startTestPayload({ logger: log.logger, usersWithoutRoles: true })
})
afterAll(async () => {
  await app?.close()
})

describe('roles in an app whose users have no roles field', () => {
  it('adds a roles field offering the administrator role', () => {
    const users = app.config.collections.find((collection) => collection.slug === 'users')!
    const roles = users.flattenedFields.find((field) => field.name === 'roles')
    expect(roles).toMatchObject({ type: 'select', hasMany: true })
    expect(
      (roles as { options: { value: string }[] }).options.map((option) => option.value),
    ).toContain('admin')
  })

  it('makes the first account, made on the first-user page, an administrator', async () => {
    const browser = app.client()
    const registered = await browser.post('/users/first-register', {
      email: firstEmail,
      password,
    })
    expect(registered.status).toBe(200)
    const me = await browser.get('/users/me')
    expect((me.body as { user: Account }).user.roles).toEqual(['admin'])
  })

  it('gives the second account no role, and its owner cannot give themselves one', async () => {
    const admin = await signIn(firstEmail)
    const created = await admin.post('/users', { email: secondEmail, password })
    expect(created.status).toBe(201)
    expect((await accountByEmail(secondEmail)).roles ?? []).toEqual([])

    const second = await signIn(secondEmail)
    const { id } = await accountByEmail(secondEmail)
    const promoted = await second.request('PATCH', `/users/${id}`, {
      body: { name: 'Promoted', roles: ['admin'] },
    })
    // Payload's field access drops the value a caller may not write and saves the rest.
    expect([200, 403]).toContain(promoted.status)
    expect((await accountByEmail(secondEmail)).roles ?? []).toEqual([])
    // Nor can the account create another one holding the role.
    const other = await second.post('/users', {
      email: 'template-sneaky@example.com',
      password,
      roles: ['admin'],
    })
    expect(other.status).toBe(403)
  })

  it('warns at start-up while no account holds the administrator role', async () => {
    expect(warnings().filter((msg) => msg.includes(noAdministratorWarning))).toEqual([])
    const first = await accountByEmail(firstEmail)
    await app.payload.update({
      id: first.id,
      collection: 'users',
      data: { roles: [] } as never,
      overrideAccess: true,
    })
    await app.restart({})
    expect(warnings().filter((msg) => msg.includes(noAdministratorWarning))).toHaveLength(1)
  })

  it('makes the existing account named in roles.administratorEmails an administrator, on record', async () => {
    const before = log.lines.length
    await app.restart({
      backofficeOptions: {
        // As an operator may type it: case and spaces do not matter; an address without an account
        // creates none.
        roles: { administratorEmails: ['  Template-Second@Example.COM ', 'nobody@example.com'] },
      },
    })
    expect((await accountByEmail(secondEmail)).roles).toEqual(['admin'])
    expect(await accountByEmail('nobody@example.com')).toBeUndefined()
    const startWarnings = log.lines.slice(before).filter((line) => line.level === 40)
    expect(startWarnings.map((line) => line.msg).join('\n')).not.toContain(noAdministratorWarning)

    const { id } = await accountByEmail(secondEmail)
    const { docs } = await app.payload.find({
      collection: 'audit-log' as never,
      overrideAccess: true,
      where: { event: { equals: 'user.roleChanged' }, targetObject: { equals: String(id) } },
    })
    expect(docs).toHaveLength(1)
    expect(docs[0]).toMatchObject({ actor: null, data: { from: [], to: ['admin'] } })
  })

  it('ignores roles.administratorEmails once an administrator exists', async () => {
    const admin = await signIn(secondEmail)
    expect((await admin.post('/users', { email: thirdEmail, password })).status).toBe(201)
    // Someone who later holds a listed address (an email change, single sign-on provisioning)
    // gains nothing from the list.
    await app.restart({ backofficeOptions: { roles: { administratorEmails: [thirdEmail] } } })
    expect((await accountByEmail(thirdEmail)).roles ?? []).toEqual([])
  })
})
