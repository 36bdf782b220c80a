import { generateKeyPair, SignJWT } from 'jose'
import { createHash, randomBytes } from 'node:crypto'
import { createServer, type Server } from 'node:http'
import { type AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'

import type { SsoTransaction } from '../../src/flows/sso/transactions.js'
import type { RestClient, RestResponse } from '../helpers/restClient.js'

import {
  type DemoIdentity,
  type DemoOidcProvider,
  startDemoOidcProvider,
} from '../../dev/sso/demoOidcProvider.js'
import { flushRefusalSummaries } from '../../src/shared/audit/recordRefusal.js'
import { openState } from '../../src/shared/sealedState/openState.js'
import { sealState } from '../../src/shared/sealedState/sealState.js'
import { anonymousRequest } from '../helpers/anonymousRequest.js'
import { newBrowserNotices } from '../helpers/newBrowserNotices.js'
import { rowCounts, rowsAdded } from '../helpers/rowCounts.js'
import { linksIn, startSmtpInbox } from '../helpers/smtpInbox.js'
import { sqlOn } from '../helpers/sql.js'
import { startTestPayload, type TestPayload } from '../helpers/testPayload.js'
import { authenticatorCode, enrol, nextTimeStep } from '../helpers/twoFactor.js'

const appOrigin = 'http://localhost:3000'
const tenant = '6f1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d'
const otherTenant = 'aaaaaaaa-bbbb-4ccc-8ddd-eeeeeeeeeeee'
const password = 'a-long-and-unusual-passphrase-42'

let app: TestPayload
/** The app's back-channel logout endpoint on a loopback port, where the provider can POST to it. */
let logoutReceiver: Server
const logoutBodies: string[] = []
let inbox: Awaited<ReturnType<typeof startSmtpInbox>>
let corporate: DemoOidcProvider
let google: DemoOidcProvider
let entra: DemoOidcProvider
/** A corporate provider whose ID tokens never carry `auth_time`, as Entra's without the optional claim. */
let legacy: DemoOidcProvider
const sql = sqlOn(() => app.payload)
let accounts = 0

const client = (providerId: string) => ({
  clientId: `backoffice-${providerId}`,
  clientSecret: randomBytes(16).toString('hex'),
  redirectUris: [`${appOrigin}/api/admin/oauth/callback/${providerId}`],
})

/** A staff account an administrator gave this sign-in method. */
const staffAccount = async (
  identityProvider: string,
  { roles = ['editor'] }: { roles?: string[] } = {},
) => {
  const email = `staff-${++accounts}-${identityProvider}@example.com`
  const user = await app.payload.create({
    collection: 'users',
    data: { email, identityProvider, password, roles } as never,
  })
  return { email, id: user.id }
}

/** Presses the provider's button: the redirect to the provider, with the transaction cookie set. */
const start = async (browser: RestClient, providerId: string) => {
  const answer = await browser.get(`/admin/oauth/authorization/${providerId}?flow=default`)
  expect(answer.status).toBe(303)
  return answer.headers.get('location')!
}

/** Follows the browser back from the provider to the app's callback. */
const callback = (browser: RestClient, callbackUrl: string) => {
  const url = new URL(callbackUrl)
  expect(url.origin).toBe(appOrigin)
  return browser.get(`${url.pathname.replace(/^\/api/, '')}${url.search}`)
}

/** The whole round trip as `identity`, at `provider`, through the button of `providerId`. */
const signInVia = async (
  browser: RestClient,
  providerId: string,
  provider: DemoOidcProvider,
  identity: DemoIdentity,
) => {
  provider.signInNext(identity)
  return callback(browser, await provider.authorize(await start(browser, providerId)))
}

/**
 * The signed-in `browser` confirms itself at its provider for sudo mode (`flow=reauth`), as
 * `identity`; `provider` may see the authorization URL only after `change` (what a browser in an
 * attacker's hands could do to it). Answers the callback's answer.
 */
const reauthVia = async (
  browser: RestClient,
  providerId: string,
  provider: DemoOidcProvider,
  identity: DemoIdentity,
  change: (url: URL) => void = () => undefined,
) => {
  const started = await browser.get(
    `/admin/oauth/authorization/${providerId}?flow=reauth&redirect=%2Fadmin%2Faccount`,
  )
  expect(started.status).toBe(303)
  const location = new URL(started.headers.get('location')!)
  expect(location.searchParams.get('prompt')).toBe('login')
  expect(location.searchParams.get('max_age')).toBe('0')
  change(location)
  provider.signInNext(identity)
  return callback(browser, await provider.authorize(location.href))
}

/** Where a refused `reauth` or `link` flow sent the browser back to, and the code it shows there. */
const accountPageCode = (answer: RestResponse) => {
  expect(answer.status).toBe(303)
  const back = new URL(answer.headers.get('location')!)
  expect(back.pathname).toBe('/admin/account')
  return back.searchParams.get('errorMessage')
}

const loginPageCode = (answer: RestResponse) => {
  expect(answer.status).toBe(303)
  const location = new URL(answer.headers.get('location')!)
  expect(location.pathname).toBe('/admin/login')
  return location.searchParams.get('errorMessage')
}

const me = async (browser: RestClient) =>
  ((await browser.get('/users/me')).body as { user: null | { email: string } }).user

const sessionCookieOf = (answer: RestResponse) =>
  answer.headers.getSetCookie().find((cookie) => cookie.startsWith('payload-token='))

const lastAuditEntry = async (event: string) =>
  (
    await sql(
      'SELECT event, data, user_id FROM "audit_log" WHERE event = $1 ORDER BY id DESC LIMIT 1',
      [event],
    )
  )[0] as { data: Record<string, unknown>; event: string; user_id: null | string }

const linkedRows = async (userId: number | string) =>
  sql('SELECT * FROM accounts WHERE user_id = $1', [userId]) as Promise<Record<string, unknown>[]>

beforeAll(async () => {
  const clients = {
    corporate: client('corporate'),
    google: client('google'),
    legacy: client('legacy'),
    'msft-entra': client('msft-entra'),
  }
  logoutReceiver = createServer((incoming, outgoing) => {
    const chunks: Buffer[] = []
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk))
    incoming.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8')
      logoutBodies.push(body)
      void app
        .client()
        .request('POST', incoming.url!.replace(/^\/api/, ''), {
          body,
          headers: { 'content-type': incoming.headers['content-type'] ?? '' },
        })
        .then((answer) => outgoing.writeHead(answer.status).end(JSON.stringify(answer.body)))
    })
  })
  await new Promise<void>((resolve) => logoutReceiver.listen(0, '127.0.0.1', resolve))
  const receiverOrigin = `http://127.0.0.1:${(logoutReceiver.address() as AddressInfo).port}`
  corporate = await startDemoOidcProvider({
    clients: [
      {
        ...clients.corporate,
        backchannelLogoutUri: `${receiverOrigin}/api/admin/oauth/backchannel-logout/corporate`,
      },
    ],
  })
  google = await startDemoOidcProvider({ clients: [clients.google] })
  entra = await startDemoOidcProvider({
    clients: [clients['msft-entra']],
    issuerPath: `/${tenant}/v2.0`,
  })
  legacy = await startDemoOidcProvider({ authTime: false, clients: [clients.legacy] })
  inbox = await startSmtpInbox()
  app = await startTestPayload({
    smtpUrl: inbox.url,
    backofficeOptions: {
      sso: {
        providers: [
          {
            ...clients.corporate,
            id: 'corporate',
            issuer: corporate.issuer,
            kind: 'oidc',
            label: 'Corporate SSO',
            trustMfa: { amr: ['mfa'] },
          },
          {
            ...clients.google,
            hostedDomains: ['example.com'],
            id: 'google',
            issuer: google.issuer,
            kind: 'google',
            provisioning: { emailDomains: ['example.com'], roles: ['editor'] },
          },
          {
            ...clients['msft-entra'],
            id: 'msft-entra',
            issuer: entra.issuer,
            kind: 'msft-entra',
            tenantIds: [tenant],
          },
          {
            ...clients.legacy,
            id: 'legacy',
            issuer: legacy.issuer,
            kind: 'oidc',
            label: 'Legacy SSO',
          },
        ],
      },
      twoFactor: { enforcement: { roles: ['admin'] } },
    },
  })
  await app.client().post('/users/first-register', {
    email: 'first-admin@example.com',
    password,
  })
})
afterAll(async () => {
  await app?.close()
  await inbox?.close()
  await Promise.all([corporate?.close(), google?.close(), entra?.close(), legacy?.close()])
  logoutReceiver?.close()
})

describe('single sign-on with a corporate OpenID provider', () => {
  it('signs a staff member in, links the identity by (issuer, sub) and keeps no provider token', async () => {
    const staff = await staffAccount('corporate')
    const browser = app.client()
    const answer = await signInVia(browser, 'corporate', corporate, {
      email: staff.email,
      email_verified: true,
      name: 'Casey Corporate',
      sub: 'corp-subject-1',
    })

    expect(answer.status).toBe(303)
    expect(answer.headers.get('location')).toBe(`${appOrigin}/admin`)
    expect(sessionCookieOf(answer)).toMatch(/HttpOnly/)
    expect((await me(browser))?.email).toBe(staff.email)

    const [row, ...more] = await linkedRows(staff.id)
    expect(more).toHaveLength(0)
    expect(row).toMatchObject({
      email: staff.email,
      email_verified: true,
      issuer: corporate.issuer,
      issuer_name: 'Corporate SSO',
      name: 'Casey Corporate',
      provider_id: 'corporate',
      sub: 'corp-subject-1',
    })
    // Nothing of the provider's tokens is stored anywhere in the row.
    expect(JSON.stringify(row)).not.toMatch(/eyJ|access|refresh/i)

    const linked = await lastAuditEntry('sso.linked')
    expect(String(linked.user_id)).toBe(String(staff.id))
    const succeeded = await lastAuditEntry('login.succeeded')
    expect(succeeded.data).toMatchObject({
      factor: 'sso',
      issuer: corporate.issuer,
      provider: 'corporate',
      subject: createHash('sha256').update(`${corporate.issuer}\ncorp-subject-1`).digest('hex'),
    })
    expect(JSON.stringify(succeeded.data)).not.toContain('corp-subject-1')
    const sessions = await sql('SELECT id FROM sessions WHERE user_id = $1', [staff.id])
    expect(sessions).toHaveLength(1)
  })

  it('new-browser notice: a single sign-on from a browser the account has not used emails the owner, naming the provider by its label', async () => {
    const staff = await staffAccount('corporate')
    const identity = { email: staff.email, email_verified: true, sub: `corp-notice-${staff.id}` }
    const notices = () =>
      inbox.received.filter(
        (mail) => mail.to.includes(staff.email) && mail.subject.includes('browser it has not used'),
      )
    // The account's first sign-in ever tells nobody.
    expect((await signInVia(app.client(), 'corporate', corporate, identity)).status).toBe(303)
    const other = app.client()
    expect((await signInVia(other, 'corporate', corporate, identity)).status).toBe(303)
    const notice = await inbox.waitFor((mail) => notices().includes(mail))
    expect(notice.text).toContain('Sign-in method: Corporate SSO')
    expect(notice.text).not.toContain('corporate\n')
    // The same browser again is known.
    expect((await signInVia(other, 'corporate', corporate, identity)).status).toBe(303)
    // The browser was known: still one notice decided, and that one sent; no other is on its way.
    await expect.poll(() => newBrowserNotices(sql, staff.id)).toEqual({ decided: 1, sent: 1 })
    expect(notices()).toHaveLength(1)
  })

  it('finds a linked identity by its subject, whatever email the provider now reports', async () => {
    const staff = await staffAccount('corporate')
    const identity = { email: staff.email, email_verified: true, sub: 'corp-subject-2' }
    expect(
      sessionCookieOf(await signInVia(app.client(), 'corporate', corporate, identity)),
    ).toBeTruthy()

    const browser = app.client()
    const again = await signInVia(browser, 'corporate', corporate, {
      ...identity,
      email: 'renamed-at-the-provider@example.com',
      email_verified: false,
    })
    expect(sessionCookieOf(again)).toBeTruthy()
    expect((await me(browser))?.email).toBe(staff.email)
    expect(await linkedRows(staff.id)).toHaveLength(1)
  })

  it('never links by an email the provider did not verify', async () => {
    const staff = await staffAccount('corporate')
    const browser = app.client()
    const answer = await signInVia(browser, 'corporate', corporate, {
      email: staff.email,
      email_verified: false,
      sub: 'corp-unverified',
    })
    expect(loginPageCode(answer)).toBe('SSO_EMAIL_NOT_VERIFIED')
    expect(sessionCookieOf(answer)).toBeUndefined()
    expect(await me(browser)).toBeNull()
    expect(await linkedRows(staff.id)).toHaveLength(0)
    expect((await lastAuditEntry('login.failed')).data).toMatchObject({
      factor: 'sso',
      provider: 'corporate',
      reason: 'emailNotVerified',
    })
  })

  it('tells a password account to use its password, and an unknown address that it has no account', async () => {
    const local = await staffAccount('local')
    const wrongMethod = await signInVia(app.client(), 'corporate', corporate, {
      email: local.email,
      email_verified: true,
      sub: 'corp-local-owner',
    })
    expect(loginPageCode(wrongMethod)).toBe('WRONG_SIGN_IN_METHOD')
    const location = new URL(wrongMethod.headers.get('location')!)
    expect(location.searchParams.get('provider')).toBe('corporate')
    expect(location.searchParams.get('expected')).toBe('local')
    expect(await linkedRows(local.id)).toHaveLength(0)

    const nobody = await signInVia(app.client(), 'corporate', corporate, {
      email: 'nobody-here@example.com',
      email_verified: true,
      sub: 'corp-nobody',
    })
    expect(loginPageCode(nobody)).toBe('SSO_ACCOUNT_NOT_FOUND')
    expect(await sql('SELECT id FROM users WHERE email = $1', ['nobody-here@example.com'])).toEqual(
      [],
    )
  })

  it('comes back to the login page when the person cancels at the provider', async () => {
    const browser = app.client()
    corporate.denyNext()
    const answer = await callback(
      browser,
      await corporate.authorize(await start(browser, 'corporate')),
    )
    expect(loginPageCode(answer)).toBe('SSO_CANCELLED')
    expect((await lastAuditEntry('login.failed')).data).toMatchObject({ reason: 'accessDenied' })
  })
})

describe('what an attacker tries against the callback', () => {
  const attacked = async () => {
    const staff = await staffAccount('corporate')
    const identity = { email: staff.email, email_verified: true, sub: `corp-${staff.id}` }
    return { identity, staff }
  }

  it('refuses a callback without the browser that started it (login CSRF, a stolen code)', async () => {
    const { identity, staff } = await attacked()
    const victim = app.client()
    corporate.signInNext(identity)
    const callbackUrl = await corporate.authorize(await start(app.client(), 'corporate'))
    const answer = await callback(victim, callbackUrl)
    expect(loginPageCode(answer)).toBe('SSO_TRANSACTION_INVALID')
    expect(await me(victim)).toBeNull()
    expect(await linkedRows(staff.id)).toHaveLength(0)
  })

  it('finding: forged callbacks are summed up, not one audit row each', async () => {
    const { identity } = await attacked()
    corporate.signInNext(identity)
    const callbackUrl = await corporate.authorize(await start(app.client(), 'corporate'))
    await flushRefusalSummaries(app.payload)
    const before = await sql('SELECT max(id) AS id FROM audit_log')
    for (let forged = 0; forged < 30; forged++) {
      expect(loginPageCode(await callback(app.client(), callbackUrl))).toBe(
        'SSO_TRANSACTION_INVALID',
      )
    }
    const added = () =>
      sql('SELECT event, data FROM audit_log WHERE id > $1 ORDER BY id', [before[0]!.id ?? 0])
    expect(
      (await added()).map((entry) => [entry.event, (entry.data as Record<string, unknown>).reason]),
    ).toEqual([['login.failed', 'noCookie']])
    await flushRefusalSummaries(app.payload)
    const [first, summary, ...more] = await added()
    expect(first!.event).toBe('login.failed')
    expect(more).toEqual([])
    expect(summary!.event).toBe('login.refusalsSummarised')
    expect(summary!.data).toMatchObject({ factor: 'sso', reason: 'noCookie', refusals: 29 })
  })

  it('uses a transaction once: a replayed callback gets nothing, and neither does an old code in a new transaction', async () => {
    const { identity } = await attacked()
    const browser = app.client()
    corporate.signInNext(identity)
    const callbackUrl = await corporate.authorize(await start(browser, 'corporate'))
    const sealed = browser.cookies.get('payload-sso-transaction')!
    expect(sessionCookieOf(await callback(browser, callbackUrl))).toBeTruthy()

    // finding 4: the same cookie, still within its lifetime, is refused the second time.
    const replayer = app.client()
    replayer.cookies.set('payload-sso-transaction', sealed)
    expect(loginPageCode(await callback(replayer, callbackUrl))).toBe('SSO_TRANSACTION_INVALID')
    expect((await lastAuditEntry('login.failed')).data).toMatchObject({
      reason: 'transactionReplayed',
    })
    expect(await me(replayer)).toBeNull()

    const fresh = app.client()
    await start(fresh, 'corporate')
    const replayed = await callback(fresh, callbackUrl)
    expect(loginPageCode(replayed)).toBe('SSO_RESPONSE_INVALID')
    expect(await me(fresh)).toBeNull()
  })

  it('lets exactly one of two parallel callbacks with the same transaction through', async () => {
    const { identity } = await attacked()
    const browser = app.client()
    corporate.signInNext(identity)
    const callbackUrl = await corporate.authorize(await start(browser, 'corporate'))
    const twin = app.client()
    twin.cookies.adopt(browser.cookies)
    const answers = await Promise.all([callback(browser, callbackUrl), callback(twin, callbackUrl)])
    expect(answers.filter((answer) => sessionCookieOf(answer))).toHaveLength(1)
    const refused = answers.find((answer) => !sessionCookieOf(answer))!
    expect(loginPageCode(refused)).toBe('SSO_TRANSACTION_INVALID')
  })

  it('refuses a changed or missing state, and a forged issuer parameter', async () => {
    const { identity, staff } = await attacked()
    const tamper = async (change: (url: URL) => void) => {
      const browser = app.client()
      corporate.signInNext(identity)
      const url = new URL(await corporate.authorize(await start(browser, 'corporate')))
      change(url)
      const answer = await callback(browser, url.href)
      expect(await me(browser)).toBeNull()
      return loginPageCode(answer)
    }
    expect(await tamper((url) => url.searchParams.set('state', 'attacker-state'))).toBe(
      'SSO_RESPONSE_INVALID',
    )
    expect(await tamper((url) => url.searchParams.delete('state'))).toBe('SSO_RESPONSE_INVALID')
    expect(await tamper((url) => url.searchParams.set('iss', google.issuer))).toBe(
      'SSO_RESPONSE_INVALID',
    )
    expect(await linkedRows(staff.id)).toHaveLength(0)
  })

  it('refuses a code redeemed with another verifier or answered with another nonce, and a changed, expired or foreign transaction cookie', async () => {
    const { identity, staff } = await attacked()
    /**
     * A sign-in whose transaction cookie is replaced between the provider and the callback by one
     * sealed with the app's own secret (as only the server can), with `change` applied.
     */
    const withTransaction = async (
      change: (transaction: SsoTransaction) => SsoTransaction,
      reason: string,
      lifetimeSeconds = 600,
    ) => {
      const browser = app.client()
      corporate.signInNext(identity)
      const authorizeUrl = new URL(await start(browser, 'corporate'))
      const callbackUrl = await corporate.authorize(authorizeUrl.href)
      const original = openState(
        app.payload,
        'ssoTransaction',
        browser.cookies.get('payload-sso-transaction'),
      )!.data as SsoTransaction
      browser.cookies.set(
        'payload-sso-transaction',
        sealState(app.payload, 'ssoTransaction', change(original), lifetimeSeconds),
      )
      const answer = await callback(browser, callbackUrl)
      expect(await me(browser)).toBeNull()
      expect((await lastAuditEntry('login.failed')).data).toMatchObject({ reason })
      return loginPageCode(answer)
    }
    // The provider refuses the code: PKCE binds it to the verifier of the browser that asked.
    expect(
      await withTransaction(
        (transaction) => ({ ...transaction, codeVerifier: 'v'.repeat(43) }),
        'OAUTH_RESPONSE_BODY_ERROR',
      ),
    ).toBe('SSO_RESPONSE_INVALID')
    // The ID token carries the nonce this transaction sent, not the one now expected.
    expect(
      await withTransaction(
        (transaction) => ({ ...transaction, nonce: 'another-nonce-entirely' }),
        'OAUTH_JWT_CLAIM_COMPARISON_FAILED',
      ),
    ).toBe('SSO_RESPONSE_INVALID')
    // finding 4: an expired cookie, even one the server sealed, is refused.
    expect(await withTransaction((transaction) => transaction, 'transactionUnknown', -1)).toBe(
      'SSO_TRANSACTION_INVALID',
    )

    // finding 4: a cookie the browser changed, or one sealed for another flow (a passkey sign-in's
    // challenge), does not open as a transaction.
    const swapped = async (cookie: (sealed: string) => string) => {
      const browser = app.client()
      corporate.signInNext(identity)
      const callbackUrl = await corporate.authorize(await start(browser, 'corporate'))
      browser.cookies.set(
        'payload-sso-transaction',
        cookie(browser.cookies.get('payload-sso-transaction')!),
      )
      const answer = await callback(browser, callbackUrl)
      expect(await me(browser)).toBeNull()
      expect((await lastAuditEntry('login.failed')).data).toMatchObject({
        reason: 'transactionUnknown',
      })
      return loginPageCode(answer)
    }
    const flip = (sealed: string) => {
      const parts = sealed.split('.')
      const ciphertext = Buffer.from(parts[2]!, 'base64url')
      ciphertext[0]! ^= 1
      parts[2] = ciphertext.toString('base64url')
      return parts.join('.')
    }
    expect(await swapped(flip)).toBe('SSO_TRANSACTION_INVALID')
    expect(
      await swapped(() => sealState(app.payload, 'passkeySignIn', { challenge: 'x' }, 600)),
    ).toBe('SSO_TRANSACTION_INVALID')
    expect(await linkedRows(staff.id)).toHaveLength(0)
  })

  it('finding 5: refuses a transaction cookie whose AES-GCM tag was truncated to 4 bytes', async () => {
    const { identity, staff } = await attacked()
    const browser = app.client()
    corporate.signInNext(identity)
    const callbackUrl = await corporate.authorize(await start(browser, 'corporate'))
    // This browser's own live cookie, its tag (the last part) cut to its first 4 bytes.
    const parts = browser.cookies.get('payload-sso-transaction')!.split('.')
    parts[3] = Buffer.from(parts[3]!, 'base64url').subarray(0, 4).toString('base64url')
    browser.cookies.set('payload-sso-transaction', parts.join('.'))
    const answer = await callback(browser, callbackUrl)
    expect(loginPageCode(answer)).toBe('SSO_TRANSACTION_INVALID')
    expect(await me(browser)).toBeNull()
    expect(await linkedRows(staff.id)).toHaveLength(0)
  })

  it("refuses a response delivered to another provider's callback (mix-up)", async () => {
    const { identity, staff } = await attacked()
    const browser = app.client()
    corporate.signInNext(identity)
    const url = new URL(await corporate.authorize(await start(browser, 'corporate')))
    url.pathname = '/api/admin/oauth/callback/google'
    const answer = await callback(browser, url.href)
    expect(loginPageCode(answer)).toBe('SSO_RESPONSE_INVALID')
    expect(await me(browser)).toBeNull()
    expect(await linkedRows(staff.id)).toHaveLength(0)
    expect((await lastAuditEntry('login.failed')).data).toMatchObject({
      callbackPath: 'google',
      provider: 'corporate',
      reason: 'providerMismatch',
    })
  })

  it('refuses a start from another site and an unknown provider or flow', async () => {
    const crossSite = await app
      .client()
      .get('/admin/oauth/authorization/corporate', { 'sec-fetch-site': 'cross-site' })
    expect(loginPageCode(crossSite)).toBe('CROSS_SITE_REQUEST')
    expect(crossSite.headers.getSetCookie()).toEqual([])
    expect(loginPageCode(await app.client().get('/admin/oauth/authorization/github'))).toBe(
      'SSO_PROVIDER_UNKNOWN',
    )
    expect(
      loginPageCode(await app.client().get('/admin/oauth/authorization/corporate?flow=<script>')),
    ).toBe('SSO_FLOW_INVALID')
  })

  it('sends PKCE S256, state and nonce, and binds the transaction with an httpOnly, Lax cookie the browser cannot read', async () => {
    const browser = app.client()
    const answer = await browser.get('/admin/oauth/authorization/corporate')
    const location = new URL(answer.headers.get('location')!)
    expect(location.origin).toBe(new URL(corporate.issuer).origin)
    expect(location.searchParams.get('code_challenge_method')).toBe('S256')
    const state = location.searchParams.get('state')!
    const nonce = location.searchParams.get('nonce')!
    expect(state).toMatch(/^[\w-]{43}$/)
    expect(nonce).toMatch(/^[\w-]{43}$/)
    expect(location.searchParams.get('redirect_uri')).toBe(
      `${appOrigin}/api/admin/oauth/callback/corporate`,
    )
    const [cookie] = answer.headers.getSetCookie()
    expect(cookie).toMatch(/^payload-sso-transaction=v1\.[\w-]+\.[\w-]+\.[\w-]+;/)
    expect(cookie).toMatch(/HttpOnly/)
    expect(cookie).toMatch(/SameSite=Lax/)
    expect(cookie).toMatch(/Path=\/api\/admin\/oauth\/callback/)
    // Sealed, not just signed: neither the state, the nonce nor the PKCE verifier can be read in it.
    const readable = cookie!
      .split(/[=;]/)[1]!
      .split('.')
      .map((part) => Buffer.from(part, 'base64url').toString('latin1'))
      .join('')
    expect(readable).not.toContain(state)
    expect(readable).not.toContain(nonce)
    expect(readable).not.toContain('corporate')
  })

  it('finding 4: 300 anonymous sign-in starts write no row, and each is a real start that signs in', async () => {
    const { identity } = await attacked()
    const before = await rowCounts(app.payload, sql)
    expect(before).toHaveProperty('spent_states')
    expect(before).not.toHaveProperty('sso_transactions')
    // No cookie, no Origin, no Sec-Fetch-Site: a script, not a browser.
    const answers: Response[] = []
    for (let i = 0; i < 300; i++) {
      answers.push(
        await anonymousRequest(app.config, 'GET', '/admin/oauth/authorization/corporate'),
      )
    }
    expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 303))
    expect(rowsAdded(before, await rowCounts(app.payload, sql))).toEqual({})
    // The last start is a real one: its cookie and the provider's answer sign in.
    const last = answers.at(-1)!
    const browser = app.client()
    browser.cookies.set(
      'payload-sso-transaction',
      last.headers.getSetCookie()[0]!.split(';')[0]!.split('=')[1]!,
    )
    corporate.signInNext(identity)
    const signedIn = await callback(
      browser,
      await corporate.authorize(last.headers.get('location')!),
    )
    expect(sessionCookieOf(signedIn)).toBeTruthy()
  })
})

describe('Google and Microsoft Entra ID rules', () => {
  it('admits a Google account only from a listed hosted domain, checked in the token', async () => {
    const staff = await staffAccount('google')
    const identity = { email: staff.email, email_verified: true, sub: `g-${staff.id}` }
    const outsider = await signInVia(app.client(), 'google', google, {
      ...identity,
      hd: 'example.org',
    })
    expect(loginPageCode(outsider)).toBe('SSO_NOT_ALLOWED')
    const noDomain = await signInVia(app.client(), 'google', google, identity)
    expect(loginPageCode(noDomain)).toBe('SSO_NOT_ALLOWED')
    const browser = app.client()
    const member = await signInVia(browser, 'google', google, { ...identity, hd: 'example.com' })
    expect(sessionCookieOf(member)).toBeTruthy()
    expect((await me(browser))?.email).toBe(staff.email)
  })

  it('admits Entra accounts of the configured tenant only, and proves the email by xms_edov alone', async () => {
    const staff = await staffAccount('msft-entra')
    const identity = {
      email: staff.email,
      email_verified: true,
      sub: `e-${staff.id}`,
      tid: tenant,
    }
    const foreign = await signInVia(app.client(), 'msft-entra', entra, {
      ...identity,
      tid: otherTenant,
      xms_edov: true,
    })
    expect(loginPageCode(foreign)).toBe('SSO_NOT_ALLOWED')
    expect((await lastAuditEntry('login.failed')).data).toMatchObject({ reason: 'tenant' })
    // nOAuth: an email Entra's domain owner never verified links nothing, `email_verified` or not.
    const unproved = await signInVia(app.client(), 'msft-entra', entra, identity)
    expect(loginPageCode(unproved)).toBe('SSO_EMAIL_NOT_VERIFIED')
    expect(await linkedRows(staff.id)).toHaveLength(0)
    const browser = app.client()
    const proved = await signInVia(browser, 'msft-entra', entra, { ...identity, xms_edov: true })
    expect(sessionCookieOf(proved)).toBeTruthy()
    expect((await linkedRows(staff.id))[0]).toMatchObject({ tenant })
  })

  it('keeps one sign-in method: the same address or subject at another provider signs in nowhere', async () => {
    const staff = await staffAccount('google')
    const identity = {
      email: staff.email,
      email_verified: true,
      hd: 'example.com',
      sub: 'shared-subject',
    }
    expect(sessionCookieOf(await signInVia(app.client(), 'google', google, identity))).toBeTruthy()

    const elsewhere = await signInVia(app.client(), 'corporate', corporate, identity)
    expect(loginPageCode(elsewhere)).toBe('WRONG_SIGN_IN_METHOD')
    expect(new URL(elsewhere.headers.get('location')!).searchParams.get('expected')).toBe('google')
    const entraTwin = await signInVia(app.client(), 'msft-entra', entra, {
      ...identity,
      tid: tenant,
      xms_edov: true,
    })
    expect(loginPageCode(entraTwin)).toBe('WRONG_SIGN_IN_METHOD')
    expect(await linkedRows(staff.id)).toHaveLength(1)
  })
})

describe('the same pipeline as a password', () => {
  it('gives a suspended account nothing', async () => {
    const staff = await staffAccount('corporate')
    await sql(`UPDATE users SET security_status = 'suspended' WHERE id = $1`, [staff.id])
    const browser = app.client()
    const answer = await signInVia(browser, 'corporate', corporate, {
      email: staff.email,
      email_verified: true,
      sub: `corp-suspended-${staff.id}`,
    })
    expect(loginPageCode(answer)).toBe('ACCOUNT_SUSPENDED')
    expect(sessionCookieOf(answer)).toBeUndefined()
    expect(await me(browser)).toBeNull()
    expect(await sql('SELECT id FROM sessions WHERE user_id = $1', [staff.id])).toEqual([])
  })

  it('answers password guesses at a single sign-on account as at an unknown address, and they never lock its sign-in', async () => {
    const staff = await staffAccount('corporate')
    const guesses = []
    for (let guess = 0; guess < 3; guess++) {
      guesses.push(await app.client().post('/users/login', { email: staff.email, password }))
    }
    const unknown = await app
      .client()
      .post('/users/login', { email: `unknown-${staff.id}@example.com`, password })
    expect(guesses.map((answer) => answer.status)).toEqual([401, 401, 401])
    expect(guesses[0]!.body).toEqual(unknown.body)
    const [row] = await sql(
      'SELECT consecutive_failed_logins AS failures, lockout_until FROM users WHERE id = $1',
      [staff.id],
    )
    expect({ ...row, failures: Number(row!.failures) }).toEqual({
      failures: 0,
      lockout_until: null,
    })

    const browser = app.client()
    const signedIn = await signInVia(browser, 'corporate', corporate, {
      email: staff.email,
      email_verified: true,
      sub: `corp-guessed-${staff.id}`,
    })
    expect(sessionCookieOf(signedIn)).toBeTruthy()
  })

  it("is not blocked by a password lockout: the account's sign-in is at its provider", async () => {
    const staff = await staffAccount('corporate')
    // As if locked out while it still had a password (before an administrator moved it to SSO).
    await sql(
      `UPDATE users SET consecutive_failed_logins = 12, lockout_until = now() + interval '1 hour'
       WHERE id = $1`,
      [staff.id],
    )
    const browser = app.client()
    const answer = await signInVia(browser, 'corporate', corporate, {
      email: staff.email,
      email_verified: true,
      sub: `corp-locked-${staff.id}`,
    })
    expect(sessionCookieOf(answer)).toBeTruthy()
    expect((await me(browser))?.email).toBe(staff.email)
  })

  it('asks for the second factor after single sign-on where the policy requires one', async () => {
    const staff = await staffAccount('corporate', { roles: ['admin'] })
    const browser = app.client()
    const answer = await signInVia(browser, 'corporate', corporate, {
      amr: ['pwd'],
      email: staff.email,
      email_verified: true,
      sub: `corp-admin-${staff.id}`,
    })
    expect(answer.status).toBe(303)
    expect(answer.headers.get('location')).toBe(`${appOrigin}/admin/two-factor/setup`)
    expect(sessionCookieOf(answer)).toBeUndefined()
    expect(
      answer.headers
        .getSetCookie()
        .some((cookie) => /mfa-challenge=.+SameSite=Strict/i.test(cookie)),
    ).toBe(true)
    expect(await me(browser)).toBeNull()

    // Enrolling finishes the sign-in; the session still knows the provider it came through.
    await enrol(browser)
    expect((await me(browser))?.email).toBe(staff.email)
    const [session] = await sql(
      'SELECT sign_in_provider, authentication_level FROM sessions WHERE user_id = $1',
      [staff.id],
    )
    expect(session).toEqual({ authentication_level: 'mfa', sign_in_provider: 'corporate' })
    expect((await lastAuditEntry('login.succeeded')).data).toEqual({
      factor: 'totpEnrolment',
      provider: 'corporate',
    })
  })

  it('new-browser notice after single sign-on and a second factor: one email, sent only once the code passed, naming "Corporate SSO and authenticator app", audited once', async () => {
    const staff = await staffAccount('corporate', { roles: ['admin'] })
    const identity = {
      amr: ['pwd'],
      email: staff.email,
      email_verified: true,
      sub: `corp-notice-2fa-${staff.id}`,
    }
    const notices = () =>
      inbox.received.filter(
        (mail) => mail.to.includes(staff.email) && mail.subject.includes('browser it has not used'),
      )
    const noticedRows = async () =>
      (
        await sql(
          "SELECT data FROM audit_log WHERE event = 'login.newBrowserNoticed' AND target_object = $1",
          [String(staff.id)],
        )
      ).map((row) => row.data as Record<string, unknown>)
    /** Long enough for a notice sent in the background to have arrived, had there been one. */
    const settle = () => new Promise((resolve) => setTimeout(resolve, 1500))

    // The owner's browser: the first sign-in ever, finished by setting up the authenticator app,
    // tells nobody.
    const owner = app.client()
    await signInVia(owner, 'corporate', corporate, identity)
    const secret = await enrol(owner)
    expect((await me(owner))?.email).toBe(staff.email)

    // A browser the account has never used passes the provider: no session yet, and no email.
    const stranger = app.client()
    const challenged = await signInVia(stranger, 'corporate', corporate, identity)
    expect(challenged.headers.get('location')).toBe(`${appOrigin}/admin/two-factor/verify`)
    expect(sessionCookieOf(challenged)).toBeUndefined()
    await settle()
    expect(notices()).toEqual([])
    expect(await noticedRows()).toEqual([])

    // The code completes the sign-in: now the owner is told, once, with both steps named.
    nextTimeStep()
    try {
      const verified = await stranger.post('/users/mfa/totp/authenticate', {
        code: await authenticatorCode(secret),
      })
      expect(verified.status).toBe(200)
    } finally {
      vi.useRealTimers()
    }
    expect((await me(stranger))?.email).toBe(staff.email)
    const notice = await inbox.waitFor((mail) => notices().includes(mail))
    expect(notice.text).toContain('Sign-in method: Corporate SSO and authenticator app')
    expect(linksIn(notice).some((link) => link.includes('/users/new-browser/report?token='))).toBe(
      true,
    )
    await expect
      .poll(noticedRows)
      .toEqual([expect.objectContaining({ factor: 'totp', sent: true })])
    await settle()
    expect(notices()).toHaveLength(1)
    expect(await noticedRows()).toHaveLength(1)
  })

  it('lets a trusted device settle the second factor after single sign-on, once per token', async () => {
    const deviceCookie = 'payload-trusted-device'
    const staff = await staffAccount('corporate', { roles: ['admin'] })
    const identity = {
      amr: ['pwd'],
      email: staff.email,
      email_verified: true,
      sub: `corp-trusted-${staff.id}`,
    }
    const browser = app.client()
    await signInVia(browser, 'corporate', corporate, identity)
    const secret = await enrol(browser)
    expect((await browser.post('/users/logout')).status).toBe(200)

    // The next sign-in asks for the code; the person ticks "trust this device".
    const challenged = await signInVia(browser, 'corporate', corporate, identity)
    expect(challenged.headers.get('location')).toBe(`${appOrigin}/admin/two-factor/verify`)
    nextTimeStep()
    try {
      const verified = await browser.post('/users/mfa/totp/authenticate', {
        code: await authenticatorCode(secret),
        trustThisDevice: true,
      })
      expect(verified.status).toBe(200)
    } finally {
      vi.useRealTimers()
    }
    const firstToken = browser.cookies.get(deviceCookie)!
    expect(firstToken).toBeTruthy()
    expect((await browser.post('/users/logout')).status).toBe(200)

    // A browser sends the device cookie only to the users API (its Path) and never on the
    // provider's redirect (SameSite=Strict): the callback cannot see it, so it is held aside here.
    const viaProvider = async (client: RestClient) => {
      const held = client.cookies.get(deviceCookie)
      client.cookies.delete(deviceCookie)
      const answer = await signInVia(client, 'corporate', corporate, identity)
      if (held) {
        client.cookies.set(deviceCookie, held)
      }
      return answer
    }
    const again = await viaProvider(browser)
    expect(again.headers.get('location')).toBe(`${appOrigin}/admin/two-factor/verify`)
    expect(sessionCookieOf(again)).toBeUndefined()
    expect((await browser.get('/users/mfa/factors')).body).toMatchObject({ trustedDevice: true })
    const settled = await browser.post('/users/mfa/trusted-device')
    expect(settled.status).toBe(200)
    expect((await me(browser))?.email).toBe(staff.email)
    const rotatedToken = browser.cookies.get(deviceCookie)!
    expect(rotatedToken).toBeTruthy()
    expect(rotatedToken).not.toBe(firstToken)
    const [session] = await sql(
      'SELECT sign_in_provider, authentication_level FROM sessions WHERE user_id = $1 ORDER BY created_at DESC LIMIT 1',
      [staff.id],
    )
    expect(session).toEqual({ authentication_level: 'mfa', sign_in_provider: 'corporate' })
    expect((await lastAuditEntry('login.succeeded')).data).toEqual({
      factor: 'trustedDevice',
      provider: 'corporate',
    })
    // The challenge is used: a second settle of it finds nothing.
    expect((await browser.post('/users/mfa/trusted-device')).status).toBe(401)

    // A copy of the cookie taken before its rotation signs in nowhere, and is counted as a guess.
    const copy = app.client()
    copy.cookies.set(deviceCookie, firstToken)
    await viaProvider(copy)
    expect((await copy.get('/users/mfa/factors')).body).toMatchObject({ trustedDevice: false })
    const replayed = await copy.post('/users/mfa/trusted-device')
    expect(replayed.status).toBe(401)
    expect(replayed.body.errors[0].data.code).toBe('TRUSTED_DEVICE_NOT_RECOGNISED')
    expect(await me(copy)).toBeNull()
    expect((await lastAuditEntry('twoFactor.challengeFailed')).user_id).toBe(String(staff.id))

    // A browser with no device cookie is refused before anything is counted.
    const stranger = app.client()
    await viaProvider(stranger)
    const [before] = await sql('SELECT count(*)::int AS n FROM "audit_log" WHERE user_id = $1', [
      staff.id,
    ])
    const refused = await stranger.post('/users/mfa/trusted-device')
    expect(refused.status).toBe(401)
    expect(refused.body.errors[0].data.code).toBe('TRUSTED_DEVICE_NOT_RECOGNISED')
    const [after] = await sql('SELECT count(*)::int AS n FROM "audit_log" WHERE user_id = $1', [
      staff.id,
    ])
    expect(after).toEqual(before)
    expect(await me(stranger)).toBeNull()
  })

  it("skips it only when a provider trusted for it proves multi-factor sign-in in the token's amr", async () => {
    const staff = await staffAccount('corporate', { roles: ['admin'] })
    const browser = app.client()
    const answer = await signInVia(browser, 'corporate', corporate, {
      amr: ['pwd', 'mfa'],
      email: staff.email,
      email_verified: true,
      sub: `corp-mfa-${staff.id}`,
    })
    expect(sessionCookieOf(answer)).toBeTruthy()
    expect((await me(browser))?.email).toBe(staff.email)
    expect((await lastAuditEntry('login.succeeded')).data).toMatchObject({
      providerMultiFactor: true,
    })
  })

  it('deletes the linked identities with their account', async () => {
    const staff = await staffAccount('corporate')
    await signInVia(app.client(), 'corporate', corporate, {
      email: staff.email,
      email_verified: true,
      sub: `corp-deleted-${staff.id}`,
    })
    expect(await linkedRows(staff.id)).toHaveLength(1)
    await app.payload.delete({ id: staff.id, collection: 'users' })
    expect(await linkedRows(staff.id)).toHaveLength(0)
  })
})

const administrator = async () => {
  const { id } = await staffAccount('local', { roles: ['admin'] })
  return (await app.payload.findByID({ id, collection: 'users' })) as never
}

describe('an administrator changes the sign-in method', () => {
  /**
   * An administrator who signed in just now (setting up the second factor this app requires of
   * them), so within sudo mode's window.
   */
  const signedInAdministrator = async () => {
    const { email } = await staffAccount('local', { roles: ['admin'] })
    const browser = app.client()
    expect((await browser.post('/users/login', { email, password })).status).toBe(200)
    await enrol(browser)
    expect((await me(browser))?.email).toBe(email)
    return browser
  }
  const asUser = async (browser: RestClient, data: Record<string, unknown>, id: number | string) =>
    browser.request('PATCH', `/users/${id}`, { body: data })

  it('ends every session, unlinks the old identity, audits and emails the account', async () => {
    const admin = await signedInAdministrator()
    const staff = await staffAccount('corporate')
    const browser = app.client()
    const identity = { email: staff.email, email_verified: true, sub: `corp-moved-${staff.id}` }
    expect(sessionCookieOf(await signInVia(browser, 'corporate', corporate, identity))).toBeTruthy()

    await asUser(admin, { identityProvider: 'google' }, staff.id)

    expect(await me(browser)).toBeNull()
    expect(await linkedRows(staff.id)).toHaveLength(0)
    const [row] = await sql('SELECT identity_provider FROM users WHERE id = $1', [staff.id])
    expect(row).toEqual({ identity_provider: 'google' })
    expect((await lastAuditEntry('account.signInMethodChanged')).data).toEqual({
      from: 'corporate',
      to: 'google',
    })
    const notice = await inbox.waitFor(
      (mail) => mail.to.includes(staff.email) && mail.subject === 'Your sign-in method has changed',
    )
    expect(notice.text).toContain('from now on, use Google')
    // The old provider's identity signs in nowhere now.
    const old = await signInVia(app.client(), 'corporate', corporate, identity)
    expect(loginPageCode(old)).toBe('WRONG_SIGN_IN_METHOD')
  })

  it('sends a set-password link when the account goes back to a password, never restoring the old one', async () => {
    const admin = await signedInAdministrator()
    const staff = await staffAccount('corporate')
    await asUser(admin, { identityProvider: 'local' }, staff.id)
    const reset = await inbox.waitFor(
      (mail) => mail.to.includes(staff.email) && mail.subject === 'Reset your password',
    )
    expect(linksIn(reset).some((link) => link.startsWith(`${appOrigin}/admin/reset`))).toBe(true)
    // Until the person sets one, the password the account was created with does not sign in.
    const answer = await app.client().post('/users/login', { email: staff.email, password })
    expect(answer.status).toBe(401)
  })

  it('refuses a method that does not exist, and lets no one but an administrator choose one', async () => {
    const admin = await signedInAdministrator()
    const staff = await staffAccount('corporate')
    const unknown = await asUser(admin, { identityProvider: 'github' }, staff.id)
    expect(unknown.status).toBe(400)
    expect(unknown.body.errors[0].data.code).toBe('SIGN_IN_METHOD_UNKNOWN')
    // The account's owner, not an administrator: Payload drops the refused field.
    const owner = (await app.payload.findByID({ id: staff.id, collection: 'users' })) as never
    await app.payload.update({
      id: staff.id,
      collection: 'users',
      data: { identityProvider: 'local', name: 'Still corporate' },
      overrideAccess: false,
      user: owner,
    })
    const [row] = await sql('SELECT identity_provider FROM users WHERE id = $1', [staff.id])
    expect(row).toEqual({ identity_provider: 'corporate' })
  })
})

describe('invitations through single sign-on', () => {
  const invite = async () => {
    const email = `invitee-${++accounts}@example.com`
    const invitee = await app.payload.create({
      collection: 'users',
      data: { email, identityProvider: 'corporate', roles: ['editor'] } as never,
      overrideAccess: false,
      user: await administrator(),
    })
    return { email, id: invitee.id }
  }
  const invitationStatus = async (id: number | string) =>
    (await sql('SELECT invitation_status AS status FROM users WHERE id = $1', [id]))[0]!.status

  it('invites to sign in at the provider, and the first proved sign-in there accepts the invitation', async () => {
    const invitee = await invite()
    const mail = await inbox.waitFor(
      (message) =>
        message.to.includes(invitee.email) && message.subject.endsWith('has invited you'),
    )
    expect(mail.text).toContain('"Sign in with Corporate SSO"')
    expect(linksIn(mail)).toContain(`${appOrigin}/admin/login`)
    expect(linksIn(mail).some((link) => link.includes('accept-invitation'))).toBe(false)

    const identity = { email: invitee.email, sub: `corp-invitee-${invitee.id}` }
    const unproved = await signInVia(app.client(), 'corporate', corporate, {
      ...identity,
      email_verified: false,
    })
    expect(loginPageCode(unproved)).toBe('SSO_EMAIL_NOT_VERIFIED')
    expect(await invitationStatus(invitee.id)).toBe('pending')

    const browser = app.client()
    const proved = await signInVia(browser, 'corporate', corporate, {
      ...identity,
      email_verified: true,
    })
    expect(sessionCookieOf(proved)).toBeTruthy()
    expect((await me(browser))?.email).toBe(invitee.email)
    expect(await invitationStatus(invitee.id)).toBe('accepted')
    expect((await lastAuditEntry('invitation.accepted')).data).toEqual({ factor: 'sso' })
  })

  it('keeps out an invitee whose invitation was revoked or has expired', async () => {
    const revoked = await invite()
    await sql(`UPDATE users SET invitation_status = 'revoked' WHERE id = $1`, [revoked.id])
    const browser = app.client()
    const refused = await signInVia(browser, 'corporate', corporate, {
      email: revoked.email,
      email_verified: true,
      sub: `corp-revoked-${revoked.id}`,
    })
    expect(loginPageCode(refused)).toBe('SSO_ACCOUNT_NOT_FOUND')
    expect(await me(browser)).toBeNull()

    const expired = await invite()
    await sql(
      `UPDATE users SET invitation_expires_at = now() - interval '1 minute' WHERE id = $1`,
      [expired.id],
    )
    const late = await signInVia(app.client(), 'corporate', corporate, {
      email: expired.email,
      email_verified: true,
      sub: `corp-expired-${expired.id}`,
    })
    expect(loginPageCode(late)).toBe('INVITATION_INVALID_OR_EXPIRED')
    expect(await invitationStatus(expired.id)).toBe('pending')
  })
})

describe('back-channel logout from the corporate provider', () => {
  const postLogout = (body: string, contentType = 'application/x-www-form-urlencoded') =>
    app.client().request('POST', '/admin/oauth/backchannel-logout/corporate', {
      body,
      headers: { 'content-type': contentType },
    })
  const errorCode = (answer: RestResponse) =>
    (answer.body as { errors: { data: { code: string } }[] }).errors[0]!.data.code

  it("ends the sessions of the provider's ended sessions, and no one else's", async () => {
    const leaving = await staffAccount('corporate')
    const staying = await staffAccount('corporate')
    const identity = (staff: { email: string; id: number | string }) => ({
      email: staff.email,
      email_verified: true,
      sub: `corp-logout-${staff.id}`,
    })
    const laptop = app.client()
    const phone = app.client()
    const colleague = app.client()
    await signInVia(laptop, 'corporate', corporate, identity(leaving))
    await signInVia(phone, 'corporate', corporate, identity(leaving))
    await signInVia(colleague, 'corporate', corporate, identity(staying))
    const [row] = await sql(
      'SELECT sign_in_provider, provider_session_id, provider_subject FROM sessions WHERE user_id = $1 LIMIT 1',
      [leaving.id],
    )
    expect(row).toMatchObject({
      provider_subject: createHash('sha256')
        .update(`${corporate.issuer}\n${identity(leaving).sub}`)
        .digest('hex'),
      sign_in_provider: 'corporate',
    })
    expect((row as { provider_session_id: string }).provider_session_id).toBeTruthy()

    expect(await corporate.backchannelLogout(identity(leaving).sub)).toEqual([200, 200])
    expect(await me(laptop)).toBeNull()
    expect(await me(phone)).toBeNull()
    expect((await me(colleague))?.email).toBe(staying.email)
    const ended = await sql('SELECT revoked_reason FROM sessions WHERE user_id = $1', [leaving.id])
    expect(ended).toEqual([
      { revoked_reason: 'providerLogout' },
      { revoked_reason: 'providerLogout' },
    ])

    // The same logout token a second time is a replay.
    const replay = await postLogout(logoutBodies.at(-1)!)
    expect(replay.status).toBe(400)
    expect(errorCode(replay)).toBe('SSO_LOGOUT_TOKEN_INVALID')
  })

  it("refuses tokens signed with the provider's own key that are not logout tokens for this client", async () => {
    const staff = await staffAccount('corporate')
    const browser = app.client()
    const sub = `corp-signed-${staff.id}`
    await signInVia(browser, 'corporate', corporate, {
      email: staff.email,
      email_verified: true,
      sub,
    })
    const now = Math.floor(Date.now() / 1000)
    const valid = () => ({
      aud: 'backoffice-corporate',
      events: { 'http://schemas.openid.net/event/backchannel-logout': {} },
      iat: now,
      iss: corporate.issuer,
      jti: randomBytes(8).toString('hex'),
      sub,
    })
    const without = (claim: string) => {
      const claims: Record<string, unknown> = valid()
      delete claims[claim]
      return claims
    }
    const refusedTokens: [string, Record<string, unknown>, string][] = [
      ['an ID token', valid(), 'JWT'],
      ['with a nonce', { ...valid(), nonce: 'n-0S6_WzA2Mj' }, 'logout+jwt'],
      ['ten minutes old', { ...valid(), iat: now - 600 }, 'logout+jwt'],
      ['for another client', { ...valid(), aud: 'someone-else' }, 'logout+jwt'],
      ['from another issuer', { ...valid(), iss: google.issuer }, 'logout+jwt'],
      ['without the logout event', { ...valid(), events: {} }, 'logout+jwt'],
      ['without sub or sid', without('sub'), 'logout+jwt'],
      ['without jti', without('jti'), 'logout+jwt'],
    ]
    for (const [what, claims, typ] of refusedTokens) {
      const answer = await postLogout(`logout_token=${await corporate.sign(claims, typ)}`)
      expect([what, answer.status, errorCode(answer)]).toEqual([
        what,
        400,
        'SSO_LOGOUT_TOKEN_INVALID',
      ])
    }
    expect((await me(browser))?.email).toBe(staff.email)
    // The same claims done right end the session: each refusal above was for its one defect.
    const accepted = await postLogout(`logout_token=${await corporate.sign(valid(), 'logout+jwt')}`)
    expect(accepted.status).toBe(200)
    expect(await me(browser)).toBeNull()
  })

  it('refuses a token it cannot verify, and malformed requests, ending nothing', async () => {
    const staff = await staffAccount('corporate')
    const browser = app.client()
    const sub = `corp-forged-${staff.id}`
    await signInVia(browser, 'corporate', corporate, {
      email: staff.email,
      email_verified: true,
      sub,
    })
    const { privateKey } = await generateKeyPair('RS256')
    const forged = await new SignJWT({
      events: { 'http://schemas.openid.net/event/backchannel-logout': {} },
      jti: randomBytes(8).toString('hex'),
      sub,
    })
      .setProtectedHeader({ alg: 'RS256', typ: 'logout+jwt' })
      .setIssuer(corporate.issuer)
      .setAudience('backoffice-corporate')
      .setIssuedAt()
      .sign(privateKey)
    const refused = await postLogout(`logout_token=${forged}`)
    expect(refused.status).toBe(400)
    expect(errorCode(refused)).toBe('SSO_LOGOUT_TOKEN_INVALID')
    expect(errorCode(await postLogout('logout_token=not-a-jwt'))).toBe('SSO_LOGOUT_TOKEN_INVALID')
    expect(errorCode(await postLogout(`logout_token=${forged}`, 'application/json'))).toBe(
      'MALFORMED_REQUEST',
    )
    expect(errorCode(await postLogout('token=x'))).toBe('MALFORMED_REQUEST')
    expect(errorCode(await postLogout(`logout_token=${'a'.repeat(20_000)}`))).toBe(
      'PAYLOAD_TOO_LARGE',
    )
    const unknown = await app.client().request('POST', '/admin/oauth/backchannel-logout/github', {
      body: `logout_token=${forged}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    })
    expect(unknown.status).toBe(404)
    expect((await me(browser))?.email).toBe(staff.email)
  })
})

describe('sudo mode for an account of a provider: confirming at the provider', () => {
  const reauth = (browser: RestClient, identity: DemoIdentity) =>
    reauthVia(browser, 'corporate', corporate, identity)

  it('proves the session again after a fresh sign-in at its provider, for its own identity only', async () => {
    const staff = await staffAccount('corporate')
    const other = await staffAccount('corporate')
    const identity = { email: staff.email, email_verified: true, sub: `corp-sudo-${staff.id}` }
    const otherIdentity = { email: other.email, email_verified: true, sub: `corp-sudo-${other.id}` }
    const browser = app.client()
    await signInVia(browser, 'corporate', corporate, identity)
    await signInVia(app.client(), 'corporate', corporate, otherIdentity)
    const longAgo = `now() - interval '1 hour'`
    await sql(`UPDATE sessions SET proved_at = ${longAgo} WHERE user_id = $1`, [staff.id])
    const refused = await browser.get('/users/mfa/totp/setup')
    expect(refused.status).toBe(403)

    // Someone else's identity at the provider proves nothing for this session.
    const wrong = await reauth(browser, otherIdentity)
    expect(wrong.status).toBe(303)
    const back = new URL(wrong.headers.get('location')!)
    expect(back.pathname).toBe('/admin/account')
    expect(back.searchParams.get('errorMessage')).toBe('SSO_IDENTITY_MISMATCH')
    expect((await browser.get('/users/mfa/totp/setup')).status).toBe(403)

    const confirmed = await reauth(browser, identity)
    expect(confirmed.headers.get('location')).toBe(`${appOrigin}/admin/account`)
    expect((await browser.get('/users/mfa/totp/setup')).status).toBe(200)
    expect((await lastAuditEntry('sso.reauthenticated')).data).toMatchObject({
      provider: 'corporate',
    })
  })

  it('is only for a signed-in account of that provider', async () => {
    const anonymous = await app.client().get('/admin/oauth/authorization/corporate?flow=reauth')
    expect(loginPageCode(anonymous)).toBe('AUTHENTICATION_REQUIRED')
    const local = await staffAccount('local')
    const browser = app.client()
    expect((await browser.post('/users/login', { email: local.email, password })).status).toBe(200)
    const passwordAccount = await browser.get('/admin/oauth/authorization/corporate?flow=reauth')
    expect(loginPageCode(passwordAccount)).toBe('SSO_FLOW_INVALID')
  })
})

describe('accounts created at the first sign-in (provisioning)', () => {
  it('creates an account for a verified email of a listed domain, with the listed roles and no password', async () => {
    const email = `newcomer-${++accounts}@example.com`
    const browser = app.client()
    const answer = await signInVia(browser, 'google', google, {
      email,
      email_verified: true,
      hd: 'example.com',
      sub: `g-newcomer-${accounts}`,
    })
    expect(sessionCookieOf(answer)).toBeTruthy()
    expect((await me(browser))?.email).toBe(email)
    const [row] = await sql('SELECT id, identity_provider, hash FROM users WHERE email = $1', [
      email,
    ])
    expect(row).toMatchObject({ hash: null, identity_provider: 'google' })
    const created = await app.payload.findByID({
      id: (row as { id: number }).id,
      collection: 'users',
    })
    expect((created as unknown as { roles: string[] }).roles).toEqual(['editor'])
    const mail = await inbox.waitFor(
      (message) =>
        message.to.includes(email) && message.subject === 'Your account has been created',
    )
    expect(mail.text).toContain('when you first signed in with Google')
  })

  it('creates nothing for another domain, or for an email the provider did not verify', async () => {
    const outsider = `outsider-${++accounts}@elsewhere.example`
    const refused = await signInVia(app.client(), 'google', google, {
      email: outsider,
      email_verified: true,
      hd: 'example.com',
      sub: `g-outsider-${accounts}`,
    })
    expect(loginPageCode(refused)).toBe('SSO_ACCOUNT_NOT_FOUND')
    const unverified = `unverified-${++accounts}@example.com`
    const unproved = await signInVia(app.client(), 'google', google, {
      email: unverified,
      email_verified: false,
      hd: 'example.com',
      sub: `g-unverified-${accounts}`,
    })
    expect(loginPageCode(unproved)).toBe('SSO_EMAIL_NOT_VERIFIED')
    expect(
      await sql('SELECT id FROM users WHERE email = ANY($1)', [[outsider, unverified]]),
    ).toEqual([])
  })
})

describe("moving one's own account to a provider (the link flow)", () => {
  const passwordAccount = async () => {
    const local = await staffAccount('local')
    const browser = app.client()
    expect((await browser.post('/users/login', { email: local.email, password })).status).toBe(200)
    return { ...local, browser }
  }
  const link = async (browser: RestClient, identity: DemoIdentity) => {
    const started = await browser.get(
      '/admin/oauth/authorization/corporate?flow=link&redirect=%2Fadmin%2Faccount',
    )
    expect(started.status).toBe(303)
    const location = new URL(started.headers.get('location')!)
    if (location.origin === appOrigin) {
      return started
    }
    expect(location.searchParams.get('prompt')).toBe('login')
    corporate.signInNext(identity)
    return callback(browser, await corporate.authorize(location.href))
  }
  const backWith = (answer: RestResponse) => {
    const back = new URL(answer.headers.get('location')!)
    expect(back.pathname).toBe('/admin/account')
    return back.searchParams.get('errorMessage')
  }
  const method = async (id: number | string) =>
    (await sql('SELECT identity_provider FROM users WHERE id = $1', [id]))[0]!.identity_provider

  it('moves the account after a fresh sign-in that proves its own address, keeping this session only', async () => {
    const staff = await passwordAccount()
    const elsewhere = app.client()
    await elsewhere.post('/users/login', { email: staff.email, password })
    const identity = { email: staff.email, email_verified: true, sub: `corp-link-${staff.id}` }

    const answer = await link(staff.browser, identity)
    expect(answer.headers.get('location')).toBe(`${appOrigin}/admin/account`)
    expect(await method(staff.id)).toBe('corporate')
    expect(await linkedRows(staff.id)).toHaveLength(1)
    expect((await me(staff.browser))?.email).toBe(staff.email)
    expect(await me(elsewhere)).toBeNull()
    // The password is gone; the provider signs the person in from now on.
    expect((await app.client().post('/users/login', { email: staff.email, password })).status).toBe(
      401,
    )
    expect(
      sessionCookieOf(await signInVia(app.client(), 'corporate', corporate, identity)),
    ).toBeTruthy()
    expect((await lastAuditEntry('account.signInMethodChanged')).data).toEqual({
      from: 'local',
      to: 'corporate',
    })
    await inbox.waitFor(
      (mail) => mail.to.includes(staff.email) && mail.subject === 'Your sign-in method has changed',
    )
  })

  it('refuses without a recent proof, with an unproved address, or with an identity someone else has', async () => {
    const stale = await passwordAccount()
    await sql(`UPDATE sessions SET proved_at = now() - interval '1 hour' WHERE user_id = $1`, [
      stale.id,
    ])
    expect(backWith(await link(stale.browser, { sub: 'unused' }))).toBe('REAUTHENTICATION_REQUIRED')
    expect(await method(stale.id)).toBe('local')

    const staff = await passwordAccount()
    const wrongAddress = await link(staff.browser, {
      email: `someone-else-${staff.id}@example.com`,
      email_verified: true,
      sub: `corp-wrong-address-${staff.id}`,
    })
    expect(backWith(wrongAddress)).toBe('SSO_EMAIL_NOT_VERIFIED')
    const unverified = await link(staff.browser, {
      email: staff.email,
      email_verified: false,
      sub: `corp-unverified-link-${staff.id}`,
    })
    expect(backWith(unverified)).toBe('SSO_EMAIL_NOT_VERIFIED')

    const owner = await staffAccount('corporate')
    const ownersIdentity = {
      email: owner.email,
      email_verified: true,
      sub: `corp-owner-${owner.id}`,
    }
    await signInVia(app.client(), 'corporate', corporate, ownersIdentity)
    const taken = await link(staff.browser, { ...ownersIdentity, email: staff.email })
    expect(backWith(taken)).toBe('SSO_IDENTITY_MISMATCH')
    expect(await method(staff.id)).toBe('local')
    expect((await me(staff.browser))?.email).toBe(staff.email)
  })
})

describe('finding 2: parallel first sign-ins of two identities with one verified email', () => {
  it('links one identity per account and provider: the other callback is refused, and its subject can neither sign in nor confirm sudo mode', async () => {
    for (let trial = 0; trial < 6; trial += 1) {
      const staff = await staffAccount('corporate')
      const identities = ['a', 'b'].map((name) => ({
        email: staff.email,
        email_verified: true,
        sub: `corp-race-${name}-${staff.id}`,
      }))
      const browsers = [app.client(), app.client()]
      const callbackUrls: string[] = []
      for (const [index, browser] of browsers.entries()) {
        corporate.signInNext(identities[index]!)
        callbackUrls.push(await corporate.authorize(await start(browser, 'corporate')))
      }
      // Both come back at the same moment, as two people (or one attacker) would arrange it.
      const answers = await Promise.all(
        browsers.map((browser, index) => callback(browser, callbackUrls[index]!)),
      )

      const won = answers.findIndex((answer) => sessionCookieOf(answer))
      expect(won).not.toBe(-1)
      const lost = 1 - won
      expect(sessionCookieOf(answers[lost]!)).toBeUndefined()
      expect(loginPageCode(answers[lost]!)).toBe('SSO_IDENTITY_MISMATCH')
      expect(await me(browsers[lost]!)).toBeNull()
      const rows = await linkedRows(staff.id)
      expect(rows.map((row) => row.sub)).toEqual([identities[won]!.sub])

      const later = await signInVia(app.client(), 'corporate', corporate, identities[lost]!)
      expect(loginPageCode(later)).toBe('SSO_IDENTITY_MISMATCH')
      // Nor does the other subject confirm the winner's session for sudo mode.
      const winner = browsers[won]!
      await sql(`UPDATE sessions SET proved_at = now() - interval '1 hour' WHERE user_id = $1`, [
        staff.id,
      ])
      expect(
        accountPageCode(await reauthVia(winner, 'corporate', corporate, identities[lost]!)),
      ).toBe('SSO_IDENTITY_MISMATCH')
      expect((await winner.get('/users/mfa/totp/setup')).status).toBe(403)
    }
  })

  it('lets one identity coming back several times at once in, linked once', async () => {
    // Three callbacks at once, six times over: whichever look-up each one is at when another links
    // the identity (before the link, between the two look-ups, at the insert), each is let in.
    for (let trial = 0; trial < 6; trial += 1) {
      const staff = await staffAccount('corporate')
      const identity = { email: staff.email, email_verified: true, sub: `corp-twice-${staff.id}` }
      const browsers = [app.client(), app.client(), app.client()]
      const callbackUrls: string[] = []
      for (const browser of browsers) {
        corporate.signInNext(identity)
        callbackUrls.push(await corporate.authorize(await start(browser, 'corporate')))
      }
      const answers = await Promise.all(
        browsers.map((browser, index) => callback(browser, callbackUrls[index]!)),
      )
      const outcome = (answer: RestResponse) =>
        new URL(answer.headers.get('location')!).searchParams.get('errorMessage') ?? 'signed in'
      expect(answers.map(outcome)).toEqual(['signed in', 'signed in', 'signed in'])
      expect(answers.every((answer) => Boolean(sessionCookieOf(answer)))).toBe(true)
      expect(await linkedRows(staff.id)).toHaveLength(1)
    }
  })
})

describe('finding 6a: sudo mode needs a fresh auth_time from the provider', () => {
  const staleProof = (userId: number | string) =>
    sql(`UPDATE sessions SET proved_at = now() - interval '1 hour' WHERE user_id = $1`, [userId])

  it('refuses an ID token without auth_time, granting no sudo mode', async () => {
    const staff = await staffAccount('legacy')
    const identity = { email: staff.email, email_verified: true, sub: `legacy-${staff.id}` }
    const browser = app.client()
    // Signing in needs no auth_time: only the confirmation of a session does.
    expect(sessionCookieOf(await signInVia(browser, 'legacy', legacy, identity))).toBeTruthy()
    await staleProof(staff.id)

    const answer = await reauthVia(browser, 'legacy', legacy, identity)
    expect(accountPageCode(answer)).toBe('SSO_AUTHENTICATION_NOT_FRESH')
    expect((await browser.get('/users/mfa/totp/setup')).status).toBe(403)
    expect((await lastAuditEntry('login.failed')).data).toMatchObject({
      provider: 'legacy',
      reason: 'authTimeMissing',
    })
    const [session] = await sql('SELECT proved_at FROM sessions WHERE user_id = $1', [staff.id])
    expect(new Date((session as { proved_at: string }).proved_at).getTime()).toBeLessThan(
      Date.now() - 30 * 60_000,
    )
  })

  it('refuses an old auth_time, even when the browser strips prompt and max_age; a fresh one works', async () => {
    const staff = await staffAccount('corporate')
    const identity = { email: staff.email, email_verified: true, sub: `corp-fresh-${staff.id}` }
    const browser = app.client()
    await signInVia(browser, 'corporate', corporate, identity)
    await staleProof(staff.id)
    // The provider reports a sign-in of an hour ago: its own session, not a new authentication.
    const old = { ...identity, auth_time: Math.floor(Date.now() / 1000) - 3600 }

    const ignored = await reauthVia(browser, 'corporate', corporate, old)
    expect(accountPageCode(ignored)).toBe('SSO_AUTHENTICATION_NOT_FRESH')
    expect((await lastAuditEntry('login.failed')).data).toMatchObject({ reason: 'authTimeTooOld' })
    const stripped = await reauthVia(browser, 'corporate', corporate, old, (url) => {
      url.searchParams.delete('prompt')
      url.searchParams.delete('max_age')
    })
    expect(accountPageCode(stripped)).toBe('SSO_AUTHENTICATION_NOT_FRESH')
    expect((await browser.get('/users/mfa/totp/setup')).status).toBe(403)

    const fresh = await reauthVia(browser, 'corporate', corporate, identity)
    expect(fresh.headers.get('location')).toBe(`${appOrigin}/admin/account`)
    expect((await browser.get('/users/mfa/totp/setup')).status).toBe(200)
  })
})

describe('finding 6d: one back-channel logout token ends every session it names', () => {
  /** `count` more open sessions of the account, copies of its one real session, made in SQL. */
  const copySessions = async (userId: number | string, count: number) => {
    const columnsOf = async (table: string, except: string[]) =>
      (
        (await sql(
          `SELECT column_name FROM information_schema.columns WHERE table_name = $1 AND column_name <> ALL($2)`,
          [table, except],
        )) as { column_name: string }[]
      ).map(({ column_name }) => `"${column_name}"`)
    const documents = await columnsOf('sessions', ['id', 'sid'])
    await sql(
      `INSERT INTO sessions (sid, ${documents.join(', ')})
       SELECT sid || '-' || n, ${documents.join(', ')} FROM sessions, generate_series(1, $2) AS n
       WHERE user_id = $1`,
      [userId, count],
    )
    const entries = await columnsOf('users_sessions', ['id', '_order'])
    await sql(
      `INSERT INTO users_sessions (id, _order, ${entries.join(', ')})
       SELECT id || '-' || n, _order + n, ${entries.join(', ')} FROM users_sessions, generate_series(1, $2) AS n
       WHERE _parent_id = $1`,
      [userId, count],
    )
  }

  it('ends all 130 sessions of the identity with one token, not the first 100', async () => {
    const staff = await staffAccount('corporate')
    const sub = `corp-many-${staff.id}`
    const browser = app.client()
    await signInVia(browser, 'corporate', corporate, {
      email: staff.email,
      email_verified: true,
      sub,
    })
    await copySessions(staff.id, 129)
    const open = () =>
      sql('SELECT count(*)::int AS n FROM sessions WHERE user_id = $1 AND revoked_at IS NULL', [
        staff.id,
      ])
    expect(await open()).toEqual([{ n: 130 }])

    const token = await corporate.sign(
      {
        aud: 'backoffice-corporate',
        events: { 'http://schemas.openid.net/event/backchannel-logout': {} },
        iat: Math.floor(Date.now() / 1000),
        iss: corporate.issuer,
        jti: randomBytes(8).toString('hex'),
        sub,
      },
      'logout+jwt',
    )
    const answer = await app.client().request('POST', '/admin/oauth/backchannel-logout/corporate', {
      body: `logout_token=${token}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    })
    expect(answer.status).toBe(200)
    expect(answer.body).toEqual({ ended: 130 })
    expect(await open()).toEqual([{ n: 0 }])
    expect(await sql('SELECT id FROM users_sessions WHERE _parent_id = $1', [staff.id])).toEqual([])
    expect(await me(browser)).toBeNull()
  })
})
