import type { CollectionSlug, Config, PayloadRequest, Where } from 'payload'

import { createLocalReq, initTransaction, killTransaction } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import type { Json } from '../helpers/json.js'
import type { RestClient } from '../helpers/restClient.js'

import { backofficePlugin, recordAuditEvent } from '../../src/index.js'
import { resetRequestExpiryTaskSlug } from '../../src/policies/twoFactor/resetRequests/expiryTask.js'
import { auditEvents } from '../../src/shared/audit/auditEvents.js'
import { auditRetentionTaskSlug } from '../../src/shared/audit/auditRetentionTask.js'
import { auditWriteToken } from '../../src/shared/audit/auditWriteToken.js'
import { startTestPayload, type TestPayload } from '../helpers/testPayload.js'

const auditLog = 'audit-log' as CollectionSlug
const password = 'a-long-and-unusual-passphrase-42'
const adminEmail = 'admin@example.com'
const editorEmail = 'editor@example.com'

let app: TestPayload
let admin: RestClient
let editor: RestClient
let editorId: number | string

type Entry = Record<string, Json>

const entries = async (where: Where): Promise<Entry[]> =>
  (
    await app.payload.find({
      collection: auditLog,
      limit: 100,
      pagination: false,
      sort: '-timestamp',
      where,
    })
  ).docs

const latest = async (event: string, where: Where = {}): Promise<Entry> => {
  const [entry] = await entries({ and: [{ event: { equals: event } }, where] })
  expect(entry, `an entry for ${event}`).toBeDefined()
  return entry!
}

const count = async () => (await app.payload.count({ collection: auditLog })).totalDocs

const sql = (text: string, values: unknown[] = []) =>
  (
    app.payload.db as unknown as {
      pool: { query: (t: string, v: unknown[]) => Promise<{ rows: Json[] }> }
    }
  ).pool
    .query(text, values)
    .then((result) => result.rows)

/** An entry written the way the plugin writes them, but with a timestamp of our choosing. */
const insertEntry = (timestamp: Date, details: string) =>
  app.payload.create({
    collection: auditLog,
    context: { [auditWriteToken.contextKey]: auditWriteToken.record },
    data: {
      category: 'content',
      details,
      event: 'content.updated',
      timestamp: timestamp.toISOString(),
    } as never,
  })

const signedIn = async (email: string) => {
  const client = app.client()
  const response = await client.post('/users/login', { email, password })
  expect(response.status).toBe(200)
  return client
}

beforeAll(async () => {
  app = await startTestPayload()
  const registered = await app
    .client()
    .post('/users/first-register', { email: adminEmail, password })
  expect(registered.status).toBe(200)
  admin = await signedIn(adminEmail)
  const created = await admin.request('POST', '/users', {
    body: { email: editorEmail, name: 'Eddie', password },
    headers: { 'user-agent': 'AuditTest/1.0', 'x-forwarded-for': '203.0.113.9, 10.0.0.1' },
  })
  expect(created.status).toBe(201)
  editorId = created.body.doc.id
  editor = await signedIn(editorEmail)
})
afterAll(async () => {
  await app?.close()
})

describe('user events', () => {
  it('records the first account, created by nobody signed in', async () => {
    const entry = await latest('user.created', { user: { equals: adminEmail } })
    expect(entry).toMatchObject({
      actor: null,
      category: 'user',
      targetSlug: 'users',
      user: adminEmail,
    })
    expect(entry.data).toEqual({ roles: ['admin'] })
  })

  it('records an account an administrator creates, with who, whom, address and browser, and a UTC time', async () => {
    const entry = await latest('user.created', { user: { equals: editorEmail } })
    expect(entry).toMatchObject({
      actor: adminEmail,
      category: 'user',
      targetObject: String(editorId),
      targetSlug: 'users',
      user: editorEmail,
      userAgent: 'AuditTest/1.0',
    })
    expect(entry.data).toEqual({ roles: ['editor'] })
    expect(Date.now() - new Date(entry.timestamp).getTime()).toBeLessThan(60_000)
  })

  it('takes the address from the connection and ignores the client-claimed X-Forwarded-For without trustProxy', async () => {
    const entry = await latest('user.created', { user: { equals: editorEmail } })
    // Next.js appends the connection's address to X-Forwarded-For: the right-most entry is the peer.
    expect(entry.ipAddress).toBe('10.0.0.1')
    expect(entry.clientIp).toBeNull()
    expect(JSON.stringify(entry)).not.toContain('203.0.113.9')
  })

  it("names the actor's and the target's accounts by id too, so a renamed account cannot shift the blame", async () => {
    const adminId = (await admin.get('/users/me')).body.user.id
    const colleague = await app.payload.create({
      collection: 'users',
      data: { email: 'colleague@example.com', password, roles: ['editor'] } as never,
    })
    const victim = await app.payload.create({
      collection: 'users',
      data: { email: 'victim@example.com', password, roles: ['editor'] } as never,
    })
    // The colleague leaves; an administrator takes their address, deletes an account, renames back.
    await app.payload.delete({ id: colleague.id, collection: 'users' })
    await app.payload.update({
      id: adminId,
      collection: 'users',
      data: { email: 'colleague@example.com' } as never,
    })
    // A new address ends the account's sessions (sudo mode): the administrator signs in again.
    const renamed = await signedIn('colleague@example.com')
    expect((await renamed.request('DELETE', `/users/${victim.id}`)).status).toBe(200)
    await app.payload.update({
      id: adminId,
      collection: 'users',
      data: { email: adminEmail } as never,
    })
    admin = await signedIn(adminEmail)

    const entry = await latest('user.deleted', { targetObject: { equals: String(victim.id) } })
    expect(entry).toMatchObject({
      actor: 'colleague@example.com',
      actorId: String(adminId),
      user: 'victim@example.com',
      userId: String(victim.id),
    })
  })

  it('tells administrators that the address is the client’s claim while no proxy is trusted', () => {
    const collection = app.config.collections.find((c) => c.slug === auditLog)!
    const field = collection.fields.find((f) => 'name' in f && f.name === 'ipAddress')!
    const description = (
      field.admin as { description: (args: { t: (key: string) => string }) => string }
    ).description
    expect(description({ t: (key) => key })).toBe(
      'backoffice:auditFieldIpAddressClaimedDescription',
    )
  })

  it('records an update with the names of the changed fields and never their values', async () => {
    const response = await admin.request('PATCH', `/users/${editorId}`, {
      body: { name: 'Edwina Secretname' },
    })
    expect(response.status).toBe(200)
    const entry = await latest('user.updated', { targetObject: { equals: String(editorId) } })
    expect(entry).toMatchObject({ actor: adminEmail, details: 'name', user: editorEmail })
    expect(entry.data).toEqual({ fields: ['name'] })
    expect(JSON.stringify(entry)).not.toContain('Secretname')
  })

  it('records a password change by no field name and no value, as a password event is its own', async () => {
    const before = await entries({ event: { equals: 'user.updated' } })
    const response = await admin.request('PATCH', `/users/${editorId}`, {
      body: { password: 'another-long-passphrase-77' },
    })
    try {
      expect(response.status).toBe(200)
      const after = await entries({ event: { equals: 'user.updated' } })
      expect(after).toHaveLength(before.length)
      const all = await entries({})
      expect(JSON.stringify(all)).not.toContain('another-long-passphrase-77')
      const named = all.flatMap((entry) => [
        ...Object.keys(entry.data ?? {}),
        ...(entry.data?.fields ?? []),
      ])
      expect(named.filter((name) => ['hash', 'password', 'salt'].includes(name))).toEqual([])
    } finally {
      expect(
        (await admin.request('PATCH', `/users/${editorId}`, { body: { password } })).status,
      ).toBe(200)
    }
  })

  it('records a role change with the roles before and after', async () => {
    const response = await admin.request('PATCH', `/users/${editorId}`, {
      body: { roles: ['admin', 'editor'] },
    })
    expect(response.status).toBe(200)
    const entry = await latest('user.roleChanged', { targetObject: { equals: String(editorId) } })
    expect(entry).toMatchObject({
      actor: adminEmail,
      category: 'user',
      details: 'editor → admin, editor',
      user: editorEmail,
    })
    expect(entry.data).toEqual({ from: ['editor'], to: ['admin', 'editor'] })
    expect(
      (await latest('user.updated', { targetObject: { equals: String(editorId) } })).data,
    ).toEqual({
      fields: ['roles'],
    })
    await admin.request('PATCH', `/users/${editorId}`, { body: { roles: ['editor'] } })
  })

  it('records no role change when an editor tries to promote themselves and the field access refuses', async () => {
    const before = (await entries({ event: { equals: 'user.roleChanged' } })).length
    const fresh = await signedIn(editorEmail)
    await fresh.request('PATCH', `/users/${editorId}`, { body: { roles: ['admin'] } })
    expect((await entries({ event: { equals: 'user.roleChanged' } })).length).toBe(before)
  })

  it('records a deleted account, keeping its email although the account is gone', async () => {
    const created = await admin.post('/users', { email: 'leaver@example.com', password })
    expect(created.status).toBe(201)
    const deleted = await admin.request('DELETE', `/users/${created.body.doc.id}`)
    expect(deleted.status).toBe(200)
    const entry = await latest('user.deleted', { user: { equals: 'leaver@example.com' } })
    expect(entry).toMatchObject({
      actor: adminEmail,
      targetObject: String(created.body.doc.id),
      targetSlug: 'users',
    })
  })
})

describe('content events', () => {
  let pageId: number | string
  let editor: RestClient

  // Changing the editor's password above ended their sessions (Payload keeps only the session that
  // made the change): sign in again.
  beforeAll(async () => {
    editor = await signedIn(editorEmail)
  })
  const onPage = (): Where => ({
    and: [{ targetSlug: { equals: 'pages' } }, { targetObject: { equals: String(pageId) } }],
  })

  it('records a created page with its field names, by the editor who made it', async () => {
    const response = await editor.post('/pages?draft=true', {
      slug: 'audit-page',
      title: 'Private draft title',
    })
    expect(response.status).toBe(201)
    pageId = response.body.doc.id
    const entry = await latest('content.created', onPage())
    expect(entry).toMatchObject({
      actor: editorEmail,
      category: 'content',
      targetSlug: 'pages',
      user: null,
    })
    expect(entry.data.fields).toEqual(expect.arrayContaining(['slug', 'title']))
    expect(entry.data).toMatchObject({ locale: 'en', status: 'draft' })
    expect(JSON.stringify(entry)).not.toContain('Private draft title')
  })

  it('records an update with exactly the fields that changed', async () => {
    const response = await editor.request('PATCH', `/pages/${pageId}?draft=true`, {
      body: { title: 'Second secret title' },
    })
    expect(response.status).toBe(200)
    const entry = await latest('content.updated', onPage())
    expect(entry.data).toMatchObject({ fields: ['title'], status: 'draft' })
    expect(entry.details).toBe('title')
    expect(JSON.stringify(entry)).not.toContain('Second secret title')
  })

  it('records publishing', async () => {
    const response = await editor.request('PATCH', `/pages/${pageId}`, {
      body: { _status: 'published' },
    })
    expect(response.status).toBe(200)
    const entry = await latest('content.published', onPage())
    expect(entry).toMatchObject({ actor: editorEmail, category: 'content' })
    expect(entry.data).toMatchObject({ status: 'published' })
    expect(entry.data.fields).toContain('_status')
  })

  it('records moving to the trash as a deletion and taking it out as a restore', async () => {
    const trashed = await editor.request('PATCH', `/pages/${pageId}`, {
      body: { deletedAt: new Date().toISOString() },
    })
    expect(trashed.status).toBe(200)
    expect((await latest('content.deleted', onPage())).data.fields).toContain('deletedAt')

    const restored = await editor.request('PATCH', `/pages/${pageId}?trash=true`, {
      body: { deletedAt: null },
    })
    expect(restored.status).toBe(200)
    expect((await latest('content.restored', onPage())).actor).toBe(editorEmail)
  })

  it('records a permanent deletion', async () => {
    const response = await editor.request('DELETE', `/pages/${pageId}?trash=true`)
    expect(response.status).toBe(200)
    const entry = await latest('content.deleted', {
      and: [onPage(), { 'data.permanently': { equals: true } }],
    })
    expect(entry.actor).toBe(editorEmail)
  })

  it('records restoring an earlier version as a restore, naming the version', async () => {
    const created = await editor.post('/posts?draft=true', {
      slug: 'versioned-post',
      title: 'First',
    })
    expect(created.status).toBe(201)
    const postId = created.body.doc.id
    await editor.request('PATCH', `/posts/${postId}?draft=true`, { body: { title: 'Second' } })
    const versions = await app.payload.findVersions({
      collection: 'posts' as CollectionSlug,
      sort: 'createdAt',
      where: { parent: { equals: postId } },
    })
    const first = versions.docs[0]!
    const restored = await editor.post(`/posts/versions/${first.id}`)
    expect(restored.status).toBe(200)
    const entry = await latest('content.restored', { targetObject: { equals: String(postId) } })
    expect(entry).toMatchObject({ actor: editorEmail, targetSlug: 'posts' })
    expect(entry.data).toMatchObject({ version: String(first.id) })
  })

  it('leaves collections not named in audit.collections alone', async () => {
    expect(
      app.config.collections.find((c) => c.slug === 'pages')!.hooks.afterChange.length,
    ).toBeGreaterThan(0)
    const before = await count()
    await app.payload.find({ collection: 'users' as CollectionSlug })
    expect(await count()).toBe(before)
  })
})

describe('who can read the audit log', () => {
  it('lets an administrator list and read entries over REST and GraphQL', async () => {
    const list = await admin.get('/audit-log?sort=-timestamp')
    expect(list.status).toBe(200)
    expect(list.body.totalDocs).toBeGreaterThan(0)
    const one = await admin.get(`/audit-log/${list.body.docs[0].id}`)
    expect(one.status).toBe(200)

    const graphql = await admin.post('/graphql', {
      query: '{ AuditLogs { totalDocs docs { event actor } } }',
    })
    expect(graphql.status).toBe(200)
    expect(graphql.body.errors).toBeUndefined()
    expect(graphql.body.data.AuditLogs.totalDocs).toBeGreaterThan(0)
  })

  it('refuses an editor with 403 over REST and GraphQL', async () => {
    const list = await editor.get('/audit-log')
    expect(list.status).toBe(403)
    const [entry] = await entries({})
    expect((await editor.get(`/audit-log/${entry!.id}`)).status).toBe(403)

    const graphql = await editor.post('/graphql', {
      query: '{ AuditLogs { docs { event actor } } }',
    })
    expect(graphql.body.errors[0].extensions.statusCode).toBe(403)
    expect(graphql.body.data?.AuditLogs ?? null).toBeNull()
  })

  it('refuses anonymous readers with 403', async () => {
    expect((await app.client().get('/audit-log')).status).toBe(403)
  })
})

describe('append-only', () => {
  let entry: Entry
  let total: number
  let adminUser: Record<string, unknown>

  beforeAll(async () => {
    ;[entry] = (await entries({ event: { equals: 'user.created' } })) as [Entry]
    total = await count()
    adminUser = (
      await app.payload.find({
        collection: 'users' as CollectionSlug,
        where: { email: { equals: adminEmail } },
      })
    ).docs[0] as Record<string, unknown>
  })

  const unchanged = async () => {
    expect(await count()).toBe(total)
    expect(await app.payload.findByID({ id: entry.id, collection: auditLog })).toEqual(entry)
  }

  it('refuses an administrator creating, editing and deleting entries over REST', async () => {
    const created = await admin.post('/audit-log', {
      category: 'user',
      event: 'user.created',
      timestamp: new Date(),
    })
    expect(created.status).toBe(403)
    const updated = await admin.request('PATCH', `/audit-log/${entry.id}`, {
      body: { actor: 'someone-else' },
    })
    expect(updated.status).toBe(403)
    const bulkUpdated = await admin.request('PATCH', '/audit-log?where[id][exists]=true', {
      body: { actor: 'x' },
    })
    expect(bulkUpdated.status).toBe(403)
    const deleted = await admin.request('DELETE', `/audit-log/${entry.id}`)
    expect(deleted.status).toBe(403)
    const bulkDeleted = await admin.request('DELETE', '/audit-log?where[id][exists]=true')
    expect(bulkDeleted.status).toBe(403)
    const duplicated = await admin.post(`/audit-log/${entry.id}/duplicate`, {})
    expect(duplicated.status).toBeGreaterThanOrEqual(400)
    expect(duplicated.status).toBeLessThan(500)
    await unchanged()
  })

  it('offers no GraphQL mutation to create, edit or delete entries', async () => {
    for (const mutation of [
      'mutation { createAuditLog(data: { event: user_created, category: user, timestamp: "2020-01-01" }) { id } }',
      `mutation { updateAuditLog(id: ${entry.id}, data: { actor: "x" }) { id } }`,
      `mutation { deleteAuditLog(id: ${entry.id}) { id } }`,
    ]) {
      const response = await admin.post('/graphql', { query: mutation })
      // GraphQL over JSON answers a query its schema cannot run with 200 and the error in the body.
      expect(response.body.data).toBeUndefined()
      expect(response.body.errors[0].message).toMatch(
        /Cannot query field "(create|update|delete)AuditLog" on type "Mutation"/,
      )
    }
    await unchanged()
  })

  it('refuses the Local API acting as an administrator (overrideAccess: false)', async () => {
    const asAdmin = { overrideAccess: false, user: adminUser } as const
    await expect(
      app.payload.create({
        collection: auditLog,
        data: { event: 'user.created' } as never,
        ...asAdmin,
      }),
    ).rejects.toMatchObject({ status: 403 })
    await expect(
      app.payload.update({
        id: entry.id,
        collection: auditLog,
        data: { actor: 'x' } as never,
        ...asAdmin,
      }),
    ).rejects.toMatchObject({ status: 403 })
    await expect(
      app.payload.delete({ id: entry.id, collection: auditLog, ...asAdmin }),
    ).rejects.toMatchObject({
      status: 403,
    })
    await unchanged()
  })

  it('refuses even the Local API with overrideAccess: true, and a forged context', async () => {
    const refused = { code: 'ACCESS_DENIED', status: 403 }
    await expect(
      app.payload.create({
        collection: auditLog,
        data: {
          category: 'user',
          event: 'user.created',
          timestamp: new Date().toISOString(),
        } as never,
      }),
    ).rejects.toMatchObject(refused)
    await expect(
      app.payload.update({
        id: entry.id,
        collection: auditLog,
        data: { actor: 'x' } as never,
        overrideAccess: true,
      }),
    ).rejects.toMatchObject(refused)
    await expect(
      app.payload.update({
        collection: auditLog,
        data: { actor: 'x' } as never,
        where: { id: { exists: true } },
      }),
    ).rejects.toMatchObject(refused)
    await expect(
      app.payload.delete({ id: entry.id, collection: auditLog, overrideAccess: true }),
    ).rejects.toMatchObject(refused)
    await expect(
      app.payload.delete({ collection: auditLog, where: { id: { exists: true } } }),
    ).rejects.toMatchObject(refused)
    // The write token is a private symbol: its name, or a string that looks like it, opens nothing.
    for (const forged of ['record', 'prune', true, String(auditWriteToken.record)]) {
      await expect(
        app.payload.delete({
          id: entry.id,
          collection: auditLog,
          context: { [auditWriteToken.contextKey]: forged },
        }),
      ).rejects.toMatchObject(refused)
    }
    // The prune token deletes, but never updates.
    await expect(
      app.payload.update({
        id: entry.id,
        collection: auditLog,
        context: { [auditWriteToken.contextKey]: auditWriteToken.prune },
        data: { actor: 'x' } as never,
      }),
    ).rejects.toMatchObject(refused)
    await unchanged()
  })

  it('hides the create, edit, duplicate and copy-to-locale affordances in the admin', () => {
    const collection = app.config.collections.find((c) => c.slug === auditLog)!
    expect(collection.disableDuplicate).toBe(true)
    expect(collection.admin.disableCopyToLocale).toBe(true)
    expect(collection.graphQL).toMatchObject({ disableMutations: true })
    const dataFields = collection.fields.filter(
      (field) => 'name' in field && !['createdAt', 'updatedAt', 'id'].includes(field.name),
    )
    expect(dataFields.map((field) => ('name' in field ? field.name : ''))).toEqual([
      'timestamp',
      'event',
      'category',
      'actor',
      'actorId',
      'user',
      'userId',
      'targetSlug',
      'targetObject',
      'details',
      'data',
      'ipAddress',
      'clientIp',
      'userAgent',
    ])
    expect(
      dataFields.every(
        (field) => (field.admin as { readOnly?: boolean } | undefined)?.readOnly === true,
      ),
    ).toBe(true)
    expect(collection.admin.defaultColumns).toEqual([
      'timestamp',
      'event',
      'category',
      'actor',
      'user',
      'ipAddress',
    ])
    expect(collection.admin.group).toMatchObject({
      ar: 'Security',
      de: 'Sicherheit',
      en: 'Security',
      fr: 'Sécurité',
      nl: 'Beveiliging',
    })
  })
})

describe('recordAuditEvent', () => {
  const localReq = (headers: Record<string, string> = {}) =>
    createLocalReq(
      { req: { headers: new Headers(headers) } as Partial<PayloadRequest> },
      app.payload,
    )

  it('stores control characters in the user agent encoded, and CR/LF in any value', async () => {
    // HTTP itself refuses CR and LF in headers, but lets other control characters through.
    const response = await admin.request('PATCH', `/users/${editorId}`, {
      body: { name: 'Agent test' },
      headers: { 'user-agent': 'Evil\u001b[2J\u007fAgent' },
    })
    expect(response.status).toBe(200)
    expect(
      (await latest('user.updated', { targetObject: { equals: String(editorId) } })).userAgent,
    ).toBe('Evil\\u001b[2J\\u007fAgent')

    await recordAuditEvent(await localReq(), {
      actor: null,
      data: { 'email\r\n': 'x\r\ny' },
      details: 'line one\r\n2025-01-01 login.succeeded admin@example.com',
      event: 'login.failed',
      user: 'victim@example.com\r\nforged',
    })
    const entry = await latest('login.failed', {
      user: { equals: 'victim@example.com\\r\\nforged' },
    })
    expect(entry.details).toBe('line one\\r\\n2025-01-01 login.succeeded admin@example.com')
    expect(entry.data).toEqual({ 'email\\r\\n': 'x\\r\\ny' })
    const strings = [
      ...Object.values(entry),
      ...Object.keys(entry.data),
      ...Object.values(entry.data),
    ]
    expect(strings.filter((value) => typeof value === 'string' && /[\r\n]/.test(value))).toEqual([])
    expect(entry.category).toBe('authentication')
  })

  it('keeps a failure entry when the transaction around it rolls back, and drops a change entry with it', async () => {
    const req = await localReq({ 'user-agent': 'Rollback/1' })
    await initTransaction(req)
    await recordAuditEvent(req, {
      actor: null,
      data: { factor: 'password' },
      event: 'login.failed',
      user: 'rollback@example.com',
    })
    await recordAuditEvent(req, { event: 'user.updated', user: 'rollback@example.com' })
    await killTransaction(req)

    const stored = await entries({ user: { equals: 'rollback@example.com' } })
    expect(stored.map((entry) => entry.event)).toEqual(['login.failed'])
    expect(stored[0]).toMatchObject({ data: { factor: 'password' }, userAgent: 'Rollback/1' })
  })

  it('names an account given only by id with its email, and defaults the target to that account', async () => {
    const req = await localReq()
    req.user = {
      ...(await app.payload.findByID({ id: editorId, collection: 'users' as CollectionSlug })),
      collection: 'users',
    } as never
    await recordAuditEvent(req, {
      data: { count: 2, reason: 'user' },
      event: 'session.revoked',
      user: { id: editorId },
    })
    const entry = await latest('session.revoked', { targetObject: { equals: String(editorId) } })
    expect(entry).toMatchObject({
      actor: editorEmail,
      category: 'session',
      targetSlug: 'users',
      user: editorEmail,
    })
    expect(entry.data).toEqual({ count: 2, reason: 'user' })
  })

  it('never throws, and writes nothing, for an event it does not know', async () => {
    const before = await count()
    await expect(
      recordAuditEvent(await localReq(), { event: 'no.such.event' as never }),
    ).resolves.toBeUndefined()
    expect(await count()).toBe(before)
  })

  it('knows every audited event, each in its category', () => {
    expect(
      Object.fromEntries(
        Object.entries(auditEvents).map(([name, { category }]) => [name, category]),
      ),
    ).toEqual({
      'account.apiKeyDisabled': 'account',
      'account.emailChangeUndone': 'account',
      'account.emailChanged': 'account',
      'account.guessingDetected': 'account',
      'account.intruderEvicted': 'account',
      'account.locked': 'account',
      'account.recoveryReviewApproved': 'account',
      'account.signInChangeReported': 'account',
      'account.signInMethodChanged': 'account',
      'account.suspended': 'account',
      'account.unblocked': 'account',
      'content.created': 'content',
      'content.deleted': 'content',
      'content.published': 'content',
      'content.restored': 'content',
      'content.updated': 'content',
      'invitation.accepted': 'user',
      'invitation.revoked': 'user',
      'invitation.sent': 'user',
      'login.failed': 'authentication',
      'login.newBrowserNoticed': 'authentication',
      'login.newBrowserReported': 'authentication',
      'login.refusalsSummarised': 'authentication',
      'login.succeeded': 'authentication',
      'password.changeFailed': 'authentication',
      'password.changed': 'authentication',
      'password.confirmFailed': 'authentication',
      'password.confirmed': 'authentication',
      'password.reset': 'authentication',
      'password.resetRequested': 'authentication',
      'session.revoked': 'session',
      'sso.linked': 'authentication',
      'sso.reauthenticated': 'authentication',
      'twoFactor.appRemoved': 'twoFactor',
      'twoFactor.appReplaced': 'twoFactor',
      'twoFactor.challengeFailed': 'twoFactor',
      'twoFactor.challengeStarted': 'twoFactor',
      'twoFactor.challengeSucceeded': 'twoFactor',
      'twoFactor.deviceRemoved': 'twoFactor',
      'twoFactor.deviceTrusted': 'twoFactor',
      'twoFactor.enrolled': 'twoFactor',
      'twoFactor.misuseReported': 'twoFactor',
      'twoFactor.passkeyAdded': 'twoFactor',
      'twoFactor.passkeyRemoved': 'twoFactor',
      'twoFactor.passkeyRenamed': 'twoFactor',
      'twoFactor.rateLimited': 'twoFactor',
      'twoFactor.recoveryCodeUsed': 'twoFactor',
      'twoFactor.recoveryCodesGenerated': 'twoFactor',
      'twoFactor.replayRejected': 'twoFactor',
      'twoFactor.resetApproved': 'twoFactor',
      'twoFactor.resetDenied': 'twoFactor',
      'twoFactor.resetExpired': 'twoFactor',
      'twoFactor.resetRequested': 'twoFactor',
      'twoFactor.secretUnreadable': 'twoFactor',
      'user.created': 'user',
      'user.deleted': 'user',
      'user.roleChanged': 'user',
      'user.updated': 'user',
    })
  })
})

describe('retention', () => {
  it('deletes entries older than retentionDays through the jobs queue, and keeps recent ones', async () => {
    const day = 24 * 60 * 60 * 1000
    const old = await insertEntry(new Date(Date.now() - 400 * day), 'old entry')
    const recent = await insertEntry(new Date(Date.now() - 300 * day), 'recent entry')
    const before = await count()

    const job = (await app.payload.jobs.queue({
      input: {},
      task: auditRetentionTaskSlug as never,
    })) as { id: number | string }
    await app.payload.jobs.runByID({ id: job.id })

    const remaining = await entries({ id: { in: [old.id, recent.id] } })
    expect(remaining.map((entry) => entry.details)).toEqual(['recent entry'])
    expect(await count()).toBe(before - 1)
    // Payload deletes a job once it completes; a failed one would stay, marked with its error.
    expect(
      (
        await app.payload.count({
          collection: 'payload-jobs' as CollectionSlug,
          where: { id: { equals: job.id } },
        })
      ).totalDocs,
    ).toBe(0)
  })

  it('is scheduled daily in the default queue', () => {
    const task = app.config.jobs.tasks?.find(
      (candidate) => candidate.slug === auditRetentionTaskSlug,
    )
    expect(task?.schedule).toEqual([{ cron: '0 3 * * *', queue: 'default' }])
  })
})

describe('schema', () => {
  it('indexes time, event, category and user with event and time for the admin list', async () => {
    const rows = await sql("SELECT indexdef FROM pg_indexes WHERE tablename = 'audit_log'")
    const definitions = rows.map((row) => row.indexdef as string)
    const indexed = (columns: string) =>
      definitions.some((definition) => definition.includes(`(${columns})`))
    expect(indexed('"timestamp"')).toBe(true)
    expect(indexed('event')).toBe(true)
    expect(indexed('category')).toBe(true)
    expect(indexed('"user", event, "timestamp"')).toBe(true)
  })

  it('keeps the collection and the retention task when the plugin is disabled, and adds no hooks', () => {
    const config = {
      collections: [
        { slug: 'users', auth: true, fields: [] },
        { slug: 'pages', fields: [] },
      ],
    } as unknown as Config
    const disabled = backofficePlugin({ audit: { collections: ['pages'] }, enabled: false })(
      config,
    ) as Config
    const enabled = backofficePlugin({ audit: { collections: ['pages'] } })(config) as Config
    for (const result of [disabled, enabled]) {
      expect(result.collections?.some((collection) => collection.slug === 'audit-log')).toBe(true)
      expect(result.jobs?.tasks?.map((task) => task.slug)).toContain(auditRetentionTaskSlug)
    }
    expect(
      disabled.collections?.find((collection) => collection.slug === 'pages')?.hooks,
    ).toBeUndefined()
    expect(
      enabled.collections?.find((collection) => collection.slug === 'pages')?.hooks?.afterChange,
    ).toHaveLength(1)
  })

  it('keeps the jobs the app configured', () => {
    const appTask = { slug: 'appTask', handler: () => ({ output: {} }) }
    const config = {
      collections: [{ slug: 'users', auth: true, fields: [] }],
      jobs: { autoRun: [{ cron: '* * * * *' }], tasks: [appTask] },
    } as unknown as Config
    const result = backofficePlugin()(config) as Config
    expect(result.jobs?.autoRun).toEqual([{ cron: '* * * * *' }])
    expect(result.jobs?.tasks?.map((task) => task.slug)).toEqual([
      'appTask',
      resetRequestExpiryTaskSlug,
      auditRetentionTaskSlug,
    ])
  })

  it('refuses, at config time, an audit collection the app does not have', () => {
    const config = { collections: [{ slug: 'users', auth: true, fields: [] }] } as unknown as Config
    expect(() => backofficePlugin({ audit: { collections: ['nope'] } })(config)).toThrow(/"nope"/)
  })
})
