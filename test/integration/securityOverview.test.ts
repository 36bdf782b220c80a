import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import type { SecurityOverview } from '../../src/adminViews/securityOverview/securityOverview.js'

import { overviewFilters } from '../../src/adminViews/securityOverview/overviewFilters.js'
import { overviewWindows } from '../../src/adminViews/securityOverview/overviewWindows.js'
import { listQueryString } from '../../src/shared/lib/listQueryString.js'
import { sqlOn } from '../helpers/sql.js'
import { startTestPayload, type TestPayload } from '../helpers/testPayload.js'
import { enrol } from '../helpers/twoFactor.js'

/**
 * The security overview against a real Payload on PostgreSQL: a scripted set of sign-ins and account
 * states, then every number of the overview is compared with a count written here independently in
 * SQL, and every list filter it links with must select exactly that many rows through Payload's own
 * REST query parsing (what the admin's list view runs).
 */
let app: TestPayload
const sql = sqlOn(() => app.payload)
const password = 'a-long-and-unusual-passphrase-42'
const stamp = Date.now()
const email = (name: string) => `overview-${name}-${stamp}@example.com`
const admin = () => app.client()
let adminClient: ReturnType<typeof admin>
let overview: SecurityOverview

type ErrorBody = { errors: { data: { code: string } }[] }

const count = async (text: string, values: unknown[] = []) =>
  Number((await sql(`SELECT count(*) AS n FROM (${text}) counted`, values))[0]!.n)

const createAccount = async (name: string, roles: string[], extra: Record<string, unknown> = {}) =>
  (
    await app.payload.create({
      collection: 'users',
      data: { email: email(name), password, roles, ...extra },
    })
  ).id as number

/** An audit entry as the database holds it, written past the log's API guard (as the plugin does). */
const auditEntry = (event: string, data: Record<string, unknown>, daysAgo = 0) =>
  app.payload.db.create({
    collection: 'audit-log',
    data: {
      category: 'authentication',
      data,
      event,
      timestamp: new Date(Date.now() - daysAgo * 24 * 60 * 60 * 1000).toISOString(),
    },
  })

/** How many rows Payload's REST API finds for the list filter `where`, as the admin's list view would. */
const listed = async (slug: string, where: Record<string, unknown>): Promise<number> => {
  const response = await adminClient.get(
    `/${slug}?${listQueryString(where as never)}&limit=1&depth=0`,
  )
  expect(response.status, JSON.stringify(response.body)).toBe(200)
  return (response.body as { totalDocs: number }).totalDocs
}

beforeAll(async () => {
  app = await startTestPayload({
    backofficeOptions: {
      lockout: { failureResponseMs: 50 },
      passkeys: { passwordless: true, requiredForRoles: ['editor'] },
      twoFactor: { enforcement: { roles: ['reviewer'] } },
    },
  })
  const first = app.client()
  expect(
    (await first.post('/users/first-register', { email: email('admin'), password })).status,
  ).toBe(200)

  // Sign-ins through the real endpoints: two right passwords, an enrolment, wrong ones until locked.
  adminClient = admin()
  expect((await adminClient.post('/users/login', { email: email('admin'), password })).status).toBe(
    200,
  )
  const withApp = await createAccount('with-app', ['editor'])
  const appUser = app.client()
  expect((await appUser.post('/users/login', { email: email('with-app'), password })).status).toBe(
    200,
  )
  await enrol(appUser)
  const locked = await createAccount('locked', ['editor'])
  for (let attempt = 0; attempt < 5; attempt++) {
    expect(
      (await app.client().post('/users/login', { email: email('locked'), password: 'wrong' }))
        .status,
    ).toBe(401)
  }
  expect(locked).toBeTruthy()
  // An address with no account, guessed at until its throttle locks.
  for (let attempt = 0; attempt < 5; attempt++) {
    await app.client().post('/users/login', { email: email('nobody'), password: 'wrong' })
  }
  // A reviewer: enforcement asks them to enrol, so their right password ends in no session.
  await createAccount('reviewer', ['reviewer'])
  expect(
    (await app.client().post('/users/login', { email: email('reviewer'), password })).status,
  ).toBe(200)
  // Someone guessing at an account from browsers it never used: the 20th wrong guess alerts.
  const guessed = await createAccount('guessed', ['editor'])
  await sql('UPDATE users SET consecutive_failed_logins = 19, lockout_until = NULL WHERE id = $1', [
    guessed,
  ])
  expect(
    (await app.client().post('/users/login', { email: email('guessed'), password: 'wrong' }))
      .status,
  ).toBe(401)

  // States set in the database as the plugin's own code leaves them.
  const suspended = await createAccount('suspended', ['reviewer'])
  await sql("UPDATE users SET security_status = 'suspended' WHERE id = $1", [suspended])
  // Two passkeys: the account is still one row of the lists that join them.
  const withPasskey = await createAccount('with-passkey', ['editor', 'reviewer'])
  await sql(
    `INSERT INTO passkeys (user_id, name, credential_id, public_key, user_handle, counter, updated_at, created_at)
     VALUES ($1, 'key', $2, 'pk', 'handle', 0, now(), now()), ($1, 'spare key', $3, 'pk', 'handle', 0, now(), now())`,
    [withPasskey, `credential-${stamp}`, `credential-spare-${stamp}`],
  )
  await sql(
    `INSERT INTO two_factor_reset_requests (requester_id, reason, status, expires_at, pending_key, updated_at, created_at)
     VALUES ($1, 'Lost my phone on a trip', 'pending', now() + interval '7 days', $2, now(), now())`,
    [withApp, String(withApp)],
  )
  // An account of a provider no longer configured here: still counted under its method.
  const viaProvider = await createAccount('sso', ['editor'])
  await sql("UPDATE users SET identity_provider = 'corporate' WHERE id = $1", [viaProvider])
  await sql('UPDATE users SET identity_provider = NULL WHERE email = $1', [email('reviewer')])
  // Sign-ins by the other methods, as their endpoints record them, and old ones outside the chart.
  await auditEntry('login.succeeded', { factor: 'sso', provider: 'corporate' })
  await auditEntry('login.succeeded', { factor: 'totp', provider: 'corporate' }, 2)
  await auditEntry('login.failed', { factor: 'sso', provider: null, reason: 'cancelled' }, 3)
  await auditEntry('login.succeeded', { factor: 'passkeySignIn' }, 1)
  await auditEntry('login.failed', { factor: 'passkey', reason: 'assertionInvalid' })
  await auditEntry('login.succeeded', { factor: 'password' }, 40)
  await auditEntry('account.guessingDetected', { consecutiveFailures: 20 }, 9)

  const response = await adminClient.get('/users/security-overview')
  expect(response.status).toBe(200)
  overview = response.body as unknown as SecurityOverview
})
afterAll(async () => {
  await app?.close()
})

describe('the security overview counts what the database holds', () => {
  it('"right now": locked accounts and addresses, suspended accounts, open 2FA resets, active sessions, alerts this week', async () => {
    const at = overview.at
    const weekAgo = new Date(new Date(at).getTime() - 7 * 86_400_000).toISOString()
    const dayAgo = new Date(new Date(at).getTime() - 86_400_000).toISOString()
    const expected = {
      activeSessions: await count(
        'SELECT 1 FROM sessions WHERE revoked_at IS NULL AND expires_at > $1',
        [at],
      ),
      guessingAlertsThisWeek: await count(
        "SELECT 1 FROM audit_log WHERE event = 'account.guessingDetected' AND timestamp >= $1 AND timestamp < $2",
        [weekAgo, at],
      ),
      lockedAccounts: await count('SELECT 1 FROM users WHERE lockout_until > $1', [at]),
      lockedAddresses: await count(
        "SELECT 1 FROM login_throttles WHERE lockout_until > $1 AND key NOT LIKE 'known-browser:%'",
        [at],
      ),
      openResetRequests: await count(
        "SELECT 1 FROM two_factor_reset_requests WHERE status = 'pending'",
      ),
      refusedSignInsToday: await count(
        "SELECT 1 FROM audit_log WHERE event = 'login.failed' AND timestamp >= $1 AND timestamp < $2",
        [dayAgo, at],
      ),
      suspendedAccounts: await count("SELECT 1 FROM users WHERE security_status = 'suspended'"),
    }
    expect(overview.current).toEqual(expected)
    // And what the script did: two accounts locked (wrong passwords, and the guessed one), one
    // address, one suspended, one request open, one alert this week (the older one is out).
    expect(expected.activeSessions).toBeGreaterThanOrEqual(2)
    expect(expected).toMatchObject({
      guessingAlertsThisWeek: 1,
      lockedAccounts: 2,
      lockedAddresses: 1,
      openResetRequests: 1,
      suspendedAccounts: 1,
    })
  })

  it('each "right now" number links to a list holding exactly that many rows', async () => {
    const windows = overviewWindows(new Date(overview.at))
    const { current } = overview
    expect(await listed('users', overviewFilters.lockedAccounts(windows))).toBe(
      current.lockedAccounts,
    )
    expect(await listed('users', overviewFilters.suspendedAccounts())).toBe(
      current.suspendedAccounts,
    )
    expect(await listed('two-factor-reset-requests', overviewFilters.openResetRequests())).toBe(
      current.openResetRequests,
    )
    expect(await listed('sessions', overviewFilters.activeSessions(windows))).toBe(
      current.activeSessions,
    )
    expect(await listed('audit-log', overviewFilters.guessingAlerts(windows))).toBe(
      current.guessingAlertsThisWeek,
    )
    expect(await listed('audit-log', overviewFilters.refusedToday(windows))).toBe(
      current.refusedSignInsToday,
    )
  })

  it('sign-ins per day by method and outcome match the audit log, and each day and total links to exactly those entries', async () => {
    const windows = overviewWindows(new Date(overview.at))
    const total = (outcome: 'refused' | 'succeeded', method: 'passkey' | 'password' | 'sso') =>
      overview.signIns[outcome][method].reduce((sum, n) => sum + n, 0)
    const since = windows.days[0]!.toISOString()
    const classified = `CASE
        WHEN data->>'factor' = 'sso' OR jsonb_typeof(data->'provider') = 'string' THEN 'sso'
        WHEN data->>'factor' = 'passkeySignIn' OR (event = 'login.failed' AND data->>'factor' = 'passkey') THEN 'passkey'
        ELSE 'password' END`
    for (const outcome of ['succeeded', 'refused'] as const) {
      for (const method of ['password', 'sso', 'passkey'] as const) {
        const stored = await count(
          `SELECT 1 FROM audit_log WHERE event = $1 AND timestamp >= $2 AND timestamp < $3 AND ${classified} = $4`,
          [
            outcome === 'succeeded' ? 'login.succeeded' : 'login.failed',
            since,
            overview.at,
            method,
          ],
        )
        expect(total(outcome, method), `${outcome} ${method}`).toBe(stored)
        expect(
          await listed(
            'audit-log',
            overviewFilters.signIns(outcome, method, windows.days[0]!, windows.at),
          ),
          `${outcome} ${method} list`,
        ).toBe(stored)
      }
    }
    // The script's sign-ins: the administrator's and the app user's passwords; single sign-on
    // today and two days ago (after a code), refused three days ago; a passkey alone yesterday,
    // refused today; the sign-in 40 days ago is outside the chart.
    expect(total('succeeded', 'sso')).toBe(2)
    expect(total('refused', 'sso')).toBe(1)
    expect(total('succeeded', 'passkey')).toBe(1)
    expect(total('refused', 'passkey')).toBe(1)
    expect(total('succeeded', 'password')).toBeGreaterThanOrEqual(2)
    expect(total('refused', 'password')).toBeGreaterThanOrEqual(6)
    // One day's cell: two days ago, the single sign-on after a code.
    const day = windows.days.length - 3
    expect(overview.signIns.succeeded.sso[day]).toBe(1)
    expect(
      await listed(
        'audit-log',
        overviewFilters.signIns(
          'succeeded',
          'sso',
          windows.days[day]!,
          windows.dayEnd(windows.days[day]!),
        ),
      ),
    ).toBe(1)
  })

  it('accounts by second factor and sign-in method, per role, and those a rule covers without their factor, link to exactly those accounts', async () => {
    const { adoption } = overview
    const all = await count('SELECT 1 FROM users')
    expect(adoption.all.accounts).toBe(all)
    expect(adoption.all.app).toBe(
      await count("SELECT 1 FROM users WHERE totp_config_status = 'enabled'"),
    )
    expect(adoption.all.passkey).toBe(await count('SELECT DISTINCT user_id FROM passkeys'))
    expect(adoption.all.none).toBe(
      await count(
        "SELECT 1 FROM users u WHERE COALESCE(u.totp_config_status::text, '') <> 'enabled' AND NOT EXISTS (SELECT 1 FROM passkeys p WHERE p.user_id = u.id)",
      ),
    )
    expect(adoption.all.methods.corporate).toBe(1)
    expect(adoption.all.methods.local).toBe(all - 1)
    expect(await listed('users', overviewFilters.accountsWithApp())).toBe(adoption.all.app)
    expect(await listed('users', overviewFilters.accountsWithPasskey())).toBe(adoption.all.passkey)
    expect(await listed('users', overviewFilters.accountsWithoutFactor(true))).toBe(
      adoption.all.none,
    )
    expect(await listed('users', overviewFilters.signInMethod('local'))).toBe(
      adoption.all.methods.local,
    )
    expect(await listed('users', overviewFilters.signInMethod('corporate'))).toBe(1)

    for (const { role, row } of adoption.byRole) {
      const holding = overviewFilters.holdingRoles('roles', [role])
      expect(row.accounts, role).toBe(
        await count('SELECT DISTINCT parent_id FROM users_roles WHERE value = $1', [role]),
      )
      expect(await listed('users', holding), role).toBe(row.accounts)
      expect(
        await listed('users', overviewFilters.both(holding, overviewFilters.accountsWithApp())),
      ).toBe(row.app)
      expect(
        await listed('users', overviewFilters.both(holding, overviewFilters.accountsWithPasskey())),
      ).toBe(row.passkey)
      expect(
        await listed(
          'users',
          overviewFilters.both(holding, overviewFilters.accountsWithoutFactor(true)),
        ),
      ).toBe(row.none)
    }
    const editors = adoption.byRole.find(({ role }) => role === 'editor')!.row
    expect(editors).toMatchObject({ app: 1, passkey: 1 })

    // Reviewers must use a second factor: the reviewer and the suspended reviewer have none (the
    // reviewer with a passkey has one). Editors must use a passkey: all but that one lack it.
    expect(adoption.rules.twoFactor).toEqual({ missing: 2, roles: ['reviewer'] })
    expect(
      await listed(
        'users',
        overviewFilters.both(
          overviewFilters.holdingRoles('roles', ['reviewer']),
          overviewFilters.accountsWithoutFactor(true),
        ),
      ),
    ).toBe(2)
    expect(adoption.rules.passkeys).toEqual({ missing: editors.accounts - 1, roles: ['editor'] })
    expect(
      await listed(
        'users',
        overviewFilters.both(
          overviewFilters.holdingRoles('roles', ['editor']),
          overviewFilters.accountsWithoutPasskey(),
        ),
      ),
    ).toBe(editors.accounts - 1)
  })
})

describe('an entry counts under one sign-in method, in the chart and in its list alike', () => {
  it('every shape of data the log holds (none, empty, null or non-string factor and provider, a provider after a code) is counted once, under the method its list selects', async () => {
    // Ten days ago, a day the script above left empty: each shape once, succeeded and refused.
    const shapes: (null | Record<string, unknown>)[] = [
      null,
      {},
      { factor: 'password' },
      { factor: 'password', provider: null },
      { factor: null },
      { factor: 7 },
      { reason: 'unknownAccount' },
      { provider: '' },
      { provider: 5 },
      { factor: 'totp', provider: 'corporate' },
      { factor: 'sso', provider: null },
      { factor: 'passkeySignIn' },
      { factor: 'passkey' },
      { factor: 'passkeySignIn', provider: 'corporate' },
      { factor: 'recoveryCode' },
    ]
    for (const event of ['login.succeeded', 'login.failed']) {
      for (const data of shapes) {
        await auditEntry(event, data as Record<string, unknown>, 10)
      }
    }
    const response = await adminClient.get('/users/security-overview')
    expect(response.status).toBe(200)
    const now = response.body as unknown as SecurityOverview
    const windows = overviewWindows(new Date(now.at))
    const day = windows.days.length - 11
    const start = windows.days[day]!
    for (const outcome of ['succeeded', 'refused'] as const) {
      let counted = 0
      for (const method of ['password', 'sso', 'passkey'] as const) {
        const shown = now.signIns[outcome][method][day]!
        counted += shown
        expect(
          await listed(
            'audit-log',
            overviewFilters.signIns(outcome, method, start, windows.dayEnd(start)),
          ),
          `${outcome} ${method}`,
        ).toBe(shown)
      }
      expect(counted, outcome).toBe(shapes.length)
    }
    // What each method holds: single sign-on wherever a provider is named as text (empty too) or
    // the factor says so; a passkey alone; a passkey after a password only when refused.
    expect(now.signIns.succeeded.sso[day]).toBe(4)
    expect(now.signIns.succeeded.passkey[day]).toBe(1)
    expect(now.signIns.refused.passkey[day]).toBe(2)
  })
})

describe('the security overview is for administrators only', () => {
  it('answers 401 AUTHENTICATION_REQUIRED without a session and 403 INSUFFICIENT_PERMISSIONS to an editor', async () => {
    const anonymous = await app.client().get('/users/security-overview')
    expect(anonymous.status).toBe(401)
    expect((anonymous.body as ErrorBody).errors[0]!.data.code).toBe('AUTHENTICATION_REQUIRED')
    await createAccount('plain-editor', ['editor'])
    const editor = app.client()
    expect(
      (await editor.post('/users/login', { email: email('plain-editor'), password })).status,
    ).toBe(200)
    const refused = await editor.get('/users/security-overview')
    expect(refused.status).toBe(403)
    expect((refused.body as ErrorBody).errors[0]!.data.code).toBe('INSUFFICIENT_PERMISSIONS')
  })
})
