import { randomBytes } from 'node:crypto'
import { parse } from 'qs-esm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { quickFilterParams } from '../../src/adminViews/accountOverview/quickFilters.js'
import { sqlOn } from '../helpers/sql.js'
import { startTestPayload, type TestPayload } from '../helpers/testPayload.js'

let app: TestPayload
const sql = sqlOn(() => app.payload)
const password = 'a-long-and-unusual-passphrase-42'
const adminEmail = 'overview-admin@example.com'
const editorEmail = 'overview-editor@example.com'
const hour = 60 * 60 * 1000

/** The accounts of this file by role in the triage, with their ids once created. */
const people = {
  active: 'overview-active@example.com',
  lockedFuture: 'overview-locked@example.com',
  lockedPast: 'overview-past-lock@example.com',
  passkeyOnly: 'overview-passkey@example.com',
  pendingApp: 'overview-pending-app@example.com',
  suspended: 'overview-suspended@example.com',
  withApp: 'overview-app@example.com',
} as const
type Person = keyof typeof people
const ids = {} as Record<Person, number>

const signedInClient = async (email: string) => {
  const client = app.client()
  expect((await client.post('/users/login', { email, password })).status).toBe(200)
  return client
}

/** The emails of this file's accounts that a REST query of the users answers, sorted. */
const emailsOf = (body: unknown) =>
  ((body as { docs: { email: string }[] }).docs ?? [])
    .map((doc) => doc.email)
    .filter(
      (email) => email.startsWith('overview-') && email !== adminEmail && email !== editorEmail,
    )
    .sort()

beforeAll(async () => {
  app = await startTestPayload({})
  await app.client().post('/users/first-register', { email: adminEmail, password })
  await app.payload.create({
    collection: 'users',
    data: { email: editorEmail, password, roles: ['editor'] },
  })
  for (const [person, email] of Object.entries(people) as [Person, string][]) {
    ids[person] = (
      await app.payload.create({
        collection: 'users',
        data: { email, password, roles: ['editor'] },
      })
    ).id as number
  }
  // State as the plugin's own statements leave it, written straight to the rows (the flows that
  // write them have tests of their own).
  await sql(`UPDATE users SET lockout_until = now() + interval '1 hour' WHERE id = $1`, [
    ids.lockedFuture,
  ])
  await sql(`UPDATE users SET lockout_until = now() - interval '1 hour' WHERE id = $1`, [
    ids.lockedPast,
  ])
  await sql(
    `UPDATE users SET security_status = 'suspended', security_suspension_reason = 'administrator', security_suspended_at = now() WHERE id = $1`,
    [ids.suspended],
  )
  await sql(`UPDATE users SET totp_config_status = 'enabled' WHERE id = $1`, [ids.withApp])
  await sql(`UPDATE users SET totp_config_status = 'pending' WHERE id = $1`, [ids.pendingApp])
  for (const n of [1, 2]) {
    await sql(
      `INSERT INTO passkeys (user_id, name, credential_id, public_key, user_handle, counter, created_at, updated_at)
       VALUES ($1, $2, $3, 'key', 'handle', 0, now(), now())`,
      [ids.passkeyOnly, `Key ${n}`, randomBytes(16).toString('base64url')],
    )
  }
  for (const used of [null, null, 'now()']) {
    await sql(
      `INSERT INTO recovery_codes (user_id, code_hash, used_at, created_at, updated_at)
       VALUES ($1, $2, ${used ?? 'NULL'}, now(), now())`,
      [ids.withApp, randomBytes(16).toString('hex')],
    )
  }
  for (const expires of [`now() + interval '10 days'`, `now() - interval '1 day'`]) {
    await sql(
      `INSERT INTO trusted_devices (user_id, browser, os, last_used_at, expiration_date, token_hash, updated_at, created_at)
       VALUES ($1, 'Firefox', 'Linux', now(), ${expires}, $2, now(), now())`,
      [ids.withApp, randomBytes(32).toString('hex')],
    )
  }
  // A real sign-in, so the audit log holds the account's login.succeeded.
  await signedInClient(people.active)
})
afterAll(async () => {
  await app?.close()
})

describe('users list for triage', () => {
  it("an administrator's list carries each account's last sign-in and second factors, in the same number of queries for 2 rows as for 9 (no query per row)", async () => {
    const admin = await signedInClient(adminEmail)
    const drizzle = app.payload.db.drizzle as unknown as {
      execute: (...args: unknown[]) => unknown
    }
    const execute = drizzle.execute.bind(drizzle)
    let statements = 0
    drizzle.execute = (...args: unknown[]) => {
      statements++
      return execute(...args)
    }
    const counted = async (limit: number) => {
      statements = 0
      const answer = await admin.get(`/users?limit=${limit}&where[email][like]=overview-&depth=0`)
      expect(answer.status).toBe(200)
      return { body: answer.body as { docs: Record<string, unknown>[] }, statements }
    }
    try {
      const small = await counted(2)
      const large = await counted(9)
      expect(small.body.docs).toHaveLength(2)
      expect(large.body.docs).toHaveLength(9)
      // The plugin's statements run through `execute`; Payload's own reads use the query builder.
      expect(small.statements).toBeGreaterThanOrEqual(4)
      expect(large.statements).toBe(small.statements)

      const byEmail = new Map(large.body.docs.map((doc) => [doc.email, doc]))
      const active = byEmail.get(people.active)!
      expect(typeof active.backofficeLastSignIn).toBe('string')
      expect(Date.now() - Date.parse(active.backofficeLastSignIn as string)).toBeLessThan(hour)
      expect(byEmail.get(people.suspended)!.backofficeLastSignIn).toBeNull()
      expect(byEmail.get(people.withApp)!.backofficeSecondFactor).toEqual({
        app: true,
        passkeys: 0,
      })
      expect(byEmail.get(people.passkeyOnly)!.backofficeSecondFactor).toEqual({
        app: false,
        passkeys: 2,
      })
      expect(byEmail.get(people.pendingApp)!.backofficeSecondFactor).toEqual({
        app: false,
        passkeys: 0,
      })
      // The administrator's own row has its facts too (the issue: "the administrator's own 2FA cell is blank").
      const self = (await admin.get(`/users?where[email][equals]=${adminEmail}`)).body as {
        docs: Record<string, unknown>[]
      }
      expect(self.docs[0]!.backofficeSecondFactor).toEqual({ app: false, passkeys: 0 })
      expect(typeof self.docs[0]!.backofficeLastSignIn).toBe('string')
    } finally {
      drizzle.execute = execute
    }
  })

  it('a non-administrator is told nothing of last sign-ins or second factors', async () => {
    const editor = await signedInClient(editorEmail)
    const answer = await editor.get('/users')
    expect(answer.status).toBe(200)
    const docs = (answer.body as { docs: Record<string, unknown>[] }).docs
    expect(docs.map((doc) => doc.email)).toEqual([editorEmail])
    expect(docs[0]).not.toHaveProperty('backofficeLastSignIn')
    expect(docs[0]).not.toHaveProperty('backofficeSecondFactor')
  })

  it('quick filters: suspended, locked (past locks are not) and without two-factor (an app set up or a passkey counts) each select exactly the right accounts', async () => {
    const admin = await signedInClient(adminEmail)
    const withPasskeys = (await sql('SELECT DISTINCT user_id AS id FROM passkeys')).map(
      (row) => (row as { id: number }).id,
    )
    const rowsOf = async (name: Parameters<typeof quickFilterParams>[0]) => {
      const query = new URLSearchParams(quickFilterParams(name, { now: new Date(), withPasskeys }))
      // Parsed as Payload's list view and REST API parse the address (qs), then sent as REST does.
      expect(parse(query.toString())).toHaveProperty('where.or')
      const answer = await admin.get(`/users?limit=100&${query.toString()}`)
      expect(answer.status).toBe(200)
      return emailsOf(answer.body)
    }
    expect(await rowsOf('suspended')).toEqual([people.suspended])
    expect(await rowsOf('locked')).toEqual([people.lockedFuture])
    expect(await rowsOf('withoutSecondFactor')).toEqual(
      [
        people.active,
        people.lockedFuture,
        people.lockedPast,
        people.pendingApp,
        people.suspended,
      ].sort(),
    )
  })
})

describe("an account's security panel for administrators", () => {
  it('the overview counts passkeys, unused recovery codes and unexpired trusted devices, and says when it last signed in', async () => {
    const admin = await signedInClient(adminEmail)
    const withApp = await admin.get(`/users/${ids.withApp}/security-overview`)
    expect(withApp.status).toBe(200)
    expect(withApp.body).toMatchObject({
      authenticatorApp: 'enabled',
      lastSignInAt: null,
      passkeys: 0,
      recoveryCodesLeft: 2,
      recoveryCodesTotal: 3,
      status: 'active',
      trustedDevices: 1,
    })
    const passkeyOnly = await admin.get(`/users/${ids.passkeyOnly}/security-overview`)
    expect(passkeyOnly.body).toMatchObject({ authenticatorApp: 'none', passkeys: 2 })
    const active = (await admin.get(`/users/${ids.active}/security-overview`)).body as {
      lastSignInAt: string
    }
    expect(Date.now() - Date.parse(active.lastSignInAt)).toBeLessThan(hour)
  })

  it("'Locked until' shows only a lock still ahead: a past lock reads as active and not locked", async () => {
    const admin = await signedInClient(adminEmail)
    const past = await admin.get(`/users/${ids.lockedPast}/security-overview`)
    expect(past.body).toMatchObject({ lockedUntil: null, status: 'active' })
    const future = (await admin.get(`/users/${ids.lockedFuture}/security-overview`)).body as {
      lockedUntil: string
      status: string
    }
    expect(future.status).toBe('locked')
    expect(Date.parse(future.lockedUntil)).toBeGreaterThan(Date.now())
    const suspended = await admin.get(`/users/${ids.suspended}/security-overview`)
    expect(suspended.body).toMatchObject({
      status: 'suspended',
      suspensionReason: 'administrator',
    })
  })

  it('is refused to anyone but an administrator, with a catalogue code', async () => {
    const editor = await signedInClient(editorEmail)
    const refused = await editor.get(`/users/${ids.active}/security-overview`)
    expect(refused.status).toBe(403)
    expect(JSON.stringify(refused.body)).toContain('INSUFFICIENT_PERMISSIONS')
    expect((await app.client().get(`/users/${ids.active}/security-overview`)).status).toBe(401)
    const admin = await signedInClient(adminEmail)
    const malformed = await admin.get('/users/not-an-id/security-overview')
    expect(malformed.status).toBe(400)
    expect((await admin.get('/users/999999/security-overview')).status).toBe(404)
  })
})
