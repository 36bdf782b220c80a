import { createHash } from 'node:crypto'
import { createLocalReq } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import type { Json } from '../helpers/json.js'
import type { RestClient } from '../helpers/restClient.js'

import { drawLandscape, palettes } from '../../dev/seed/images.js'
import { invitationPageFields } from '../../src/flows/invitations/invitationPageFields.js'
import { getPluginOptions } from '../../src/shared/options/getPluginOptions.js'
import { linksIn, type ReceivedEmail, startSmtpInbox } from '../helpers/smtpInbox.js'
import { sqlOn } from '../helpers/sql.js'
import { startTestPayload, type TestPayload } from '../helpers/testPayload.js'

let app: TestPayload
let inbox: Awaited<ReturnType<typeof startSmtpInbox>>
let admin: RestClient
let inboxClosed = false
const sql = sqlOn(() => app.payload)
const password = 'a-long-and-unusual-passphrase-42'
const inviteePassword = 'my-own-new-and-unusual-passphrase-7'
const adminEmail = 'inviting-admin@example.com'
const adminName = 'Ada Lovelace'
const linkPrefix = 'http://localhost:3000/admin/accept-invitation?token='
let invitees = 0

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex')
const stored = async (email: string) =>
  (
    await sql(
      `SELECT id, name, ARRAY(SELECT value::text FROM users_roles WHERE parent_id = users.id ORDER BY "order") AS roles,
              invitation_status AS status, invitation_token_hash AS hash,
              invitation_expires_at AS "expiresAt", invitation_delivery_failed AS "deliveryFailed"
       FROM users WHERE email = $1`,
      [email],
    )
  )[0]
const invitationLink = (email: ReceivedEmail) =>
  linksIn(email).find((link) => link.startsWith(linkPrefix))!
const tokenOf = (email: ReceivedEmail) => new URL(invitationLink(email)).searchParams.get('token')!
const codeOf = (body: Json) => body?.errors?.[0]?.data?.code
const auditEvents = async (email: string) =>
  (
    await app.payload.find({
      collection: 'audit-log' as never,
      overrideAccess: true,
      sort: 'timestamp',
      where: { user: { equals: email } } as never,
    })
  ).docs.map((entry) => (entry as unknown as { event: string }).event)

/** An administrator invites a new address; returns the created account and the invitation email. */
const invite = async (data: Record<string, unknown> = {}) => {
  const email = `invitee-${++invitees}@example.com`
  const created = await admin.post('/users', { email, roles: ['editor'], ...data })
  expect(created.status).toBe(201)
  if (inboxClosed) {
    return { created, email, mail: null as never as ReceivedEmail }
  }
  const mail = await inbox.waitFor(
    (message) => message.to.includes(email) && message.subject === `${adminName} has invited you`,
  )
  return { created, email, mail }
}

beforeAll(async () => {
  inbox = await startSmtpInbox()
  app = await startTestPayload({
    // A configured provider, so that a sign-in method an invitee might try to choose exists. Never
    // reached: nobody here signs in through it.
    backofficeOptions: {
      sso: {
        providers: [
          {
            clientId: 'invitations-test',
            clientSecret: 'not-used-by-these-tests',
            id: 'corporate',
            issuer: 'http://127.0.0.1:9/',
            kind: 'oidc',
            label: 'Corporate SSO',
          },
        ],
      },
    },
    smtpUrl: inbox.url,
  })
  await app.payload.create({
    collection: 'users',
    data: { email: adminEmail, name: adminName, password, roles: ['admin'] },
  })
  admin = app.client()
  expect((await admin.post('/users/login', { email: adminEmail, password })).status).toBe(200)
})
afterAll(async () => {
  await app?.close()
  if (!inboxClosed) {
    await inbox?.close()
  }
})

describe('an administrator invites by creating an account without a password', () => {
  it('sends the invitation over SMTP naming the inviter, with an absolute link, and stores only the hash', async () => {
    const { created, email, mail } = await invite()
    expect(created.body.doc.invitation).toMatchObject({ deliveryFailed: false, status: 'pending' })
    expect(JSON.stringify(created.body)).not.toMatch(/tokenHash/)

    expect(mail.text).toContain(`${adminName} has invited you to create your account (${email})`)
    expect(mail.text).toContain('valid for 7 days')
    const token = tokenOf(mail)
    expect(token).toMatch(/^[\w-]{43}$/)
    expect(mail.html).toContain(`href="${linkPrefix}${token}"`)

    const row = await stored(email)
    expect(row.status).toBe('pending')
    expect(row.hash).toBe(sha256(token))
    expect(row.hash).not.toContain(token)
    const days = (new Date(row.expiresAt).getTime() - Date.now()) / 86_400_000
    expect(days).toBeGreaterThan(6.99)
    expect(days).toBeLessThanOrEqual(7)

    // Neither the administrator's API nor the invitation endpoint ever shows the hash.
    const read = await admin.get(`/users/${row.id}`)
    expect(read.body.invitation.status).toBe('pending')
    expect(JSON.stringify(read.body)).not.toContain(row.hash)
    expect(
      JSON.stringify((await app.client().get(`/users/invitation?token=${token}`)).body),
    ).not.toContain(row.hash)
    expect(await auditEvents(email)).toContain('invitation.sent')
  })

  it('leaves the invited account unable to sign in with a password until it accepts', async () => {
    const { email } = await invite()
    const guess = await app.client().post('/users/login', { email, password })
    expect(guess.status).toBe(401)
    // Even a password set behind its back is refused, with the answer of any wrong password.
    await app.payload.update({
      collection: 'users',
      data: { password },
      overrideAccess: true,
      where: { email: { equals: email } },
    })
    const refused = await app.client().post('/users/login', { email, password })
    expect(refused.status).toBe(401)
    expect(codeOf(refused.body)).toBe('INVALID_CREDENTIALS')
  })

  it('sends an "account created" email instead when the account is created with a password', async () => {
    const email = 'with-password@example.com'
    expect((await admin.post('/users', { email, password, roles: ['editor'] })).status).toBe(201)
    const mail = await inbox.waitFor((message) => message.to.includes(email))
    expect(mail.subject).toBe('Your account has been created')
    expect(mail.text).toContain(`${adminName} has created an account for you (${email})`)
    expect(linksIn(mail)).toContain('http://localhost:3000/admin/login')
    expect(`${mail.text}${mail.html}`).not.toContain(password)
    expect((await stored(email)).status).toBeNull()
    expect((await app.client().post('/users/login', { email, password })).status).toBe(200)
  })
})

describe('accepting an invitation', () => {
  it('shows the invitation without using it up, then sets the password and profile and signs the person in', async () => {
    const { email, mail } = await invite()
    const token = tokenOf(mail)
    const shown = await app.client().get(`/users/invitation?token=${token}`)
    expect(shown.status).toBe(200)
    expect(shown.body).toMatchObject({ email })
    expect(shown.body.fields).toContain('name')
    expect(shown.body.fields).not.toContain('roles')
    expect(shown.headers.get('cache-control')).toBe('no-store')
    expect((await stored(email)).status).toBe('pending')

    const browser = app.client()
    const accepted = await browser.post('/users/accept-invitation', {
      name: 'Grace Hopper',
      password: inviteePassword,
      // Not the invitee's to set: ignored, like any field a user may not write.
      roles: ['admin'],
      token,
    })
    expect(accepted.status).toBe(200)
    expect(accepted.body.user.email).toBe(email)
    expect((await browser.get('/users/me')).body.user?.email).toBe(email)

    const row = await stored(email)
    expect(row).toMatchObject({ hash: null, name: 'Grace Hopper', status: 'accepted' })
    expect(row.roles).toEqual(['editor'])
    expect(
      (await app.client().post('/users/login', { email, password: inviteePassword })).status,
    ).toBe(200)
    expect(await auditEvents(email)).toEqual(
      expect.arrayContaining(['invitation.sent', 'invitation.accepted', 'login.succeeded']),
    )

    const again = await app
      .client()
      .post('/users/accept-invitation', { password: 'yet-another-long-passphrase-55', token })
    expect(again.status).toBe(400)
    expect(codeOf(again.body)).toBe('INVITATION_INVALID_OR_EXPIRED')
    expect(again.body.errors[0].message).toBe(
      'This invitation link is invalid or has expired. Please ask an administrator for a new invitation.',
    )
    expect((await app.client().get(`/users/invitation?token=${token}`)).status).toBe(400)
  })

  it('refuses an expired link', async () => {
    const { email, mail } = await invite()
    await sql(
      "UPDATE users SET invitation_expires_at = now() - interval '1 minute' WHERE email = $1",
      [email],
    )
    expect(codeOf((await app.client().get(`/users/invitation?token=${tokenOf(mail)}`)).body)).toBe(
      'INVITATION_INVALID_OR_EXPIRED',
    )
    const late = await app
      .client()
      .post('/users/accept-invitation', { password: inviteePassword, token: tokenOf(mail) })
    expect(late.status).toBe(400)
    expect(codeOf(late.body)).toBe('INVITATION_INVALID_OR_EXPIRED')
    expect((await stored(email)).status).toBe('pending')
  })

  it('refuses a password the policy rejects and uses nothing up', async () => {
    const { email, mail } = await invite()
    const weak = await app
      .client()
      .post('/users/accept-invitation', { password: 'password1234', token: tokenOf(mail) })
    expect(weak.status).toBe(400)
    expect(codeOf(weak.body)).toBe('PASSWORD_REQUIREMENTS_NOT_MET')
    const empty = await app
      .client()
      .post('/users/accept-invitation', { password: '', token: tokenOf(mail) })
    expect(codeOf(empty.body)).toBe('PASSWORD_REQUIRED')
    expect((await stored(email)).hash).toBe(sha256(tokenOf(mail)))
    // A profile value Payload's validation refuses rolls the whole acceptance back, link included.
    const badOption = await app.client().post('/users/accept-invitation', {
      password: inviteePassword,
      preferredLanguage: 'xx',
      token: tokenOf(mail),
    })
    expect(badOption.status).toBe(400)
    expect(await stored(email)).toMatchObject({ hash: sha256(tokenOf(mail)), status: 'pending' })
    expect(
      (
        await app
          .client()
          .post('/users/accept-invitation', { password: inviteePassword, token: tokenOf(mail) })
      ).status,
    ).toBe(200)
  })

  it('refuses a confirmation that differs from the password and uses nothing up; a matching one is accepted', async () => {
    const { email, mail } = await invite()
    const token = tokenOf(mail)
    const differing = await app.client().post('/users/accept-invitation', {
      'confirm-password': `${inviteePassword}-typo`,
      name: 'Mismatched',
      password: inviteePassword,
      token,
    })
    expect([differing.status, codeOf(differing.body)]).toEqual([400, 'PASSWORDS_DO_NOT_MATCH'])
    const wrongType = await app.client().post('/users/accept-invitation', {
      'confirm-password': 42,
      password: inviteePassword,
      token,
    })
    expect([wrongType.status, codeOf(wrongType.body)]).toEqual([400, 'PASSWORDS_DO_NOT_MATCH'])
    expect(await stored(email)).toMatchObject({ hash: sha256(token), status: 'pending' })
    const matching = await app.client().post('/users/accept-invitation', {
      'confirm-password': inviteePassword,
      password: inviteePassword,
      token,
    })
    expect(matching.status).toBe(200)
  })

  it('lets one of two simultaneous acceptances through', async () => {
    const { mail } = await invite()
    const results = await Promise.all(
      [0, 1].map(() =>
        app
          .client()
          .post('/users/accept-invitation', { password: inviteePassword, token: tokenOf(mail) }),
      ),
    )
    expect(results.map((result) => result.status).sort()).toEqual([200, 400])
  })
})

describe('resend and revoke', () => {
  it('resends with a new link and expiry; the old link stops working', async () => {
    const { created, email, mail } = await invite()
    const oldToken = tokenOf(mail)
    await sql(
      "UPDATE users SET invitation_expires_at = now() + interval '1 hour' WHERE email = $1",
      [email],
    )
    const resent = await admin.post(`/users/${created.body.doc.id}/resend-invitation`)
    expect(resent.status).toBe(200)
    const second = await inbox.waitFor(
      (message) => message.to.includes(email) && tokenOf(message) !== oldToken,
    )
    expect((await stored(email)).hash).toBe(sha256(tokenOf(second)))
    expect(new Date((await stored(email)).expiresAt).getTime()).toBeGreaterThan(
      Date.now() + 6 * 86_400_000,
    )
    expect(
      codeOf(
        (
          await app
            .client()
            .post('/users/accept-invitation', { password: inviteePassword, token: oldToken })
        ).body,
      ),
    ).toBe('INVITATION_INVALID_OR_EXPIRED')
    expect(
      (
        await app
          .client()
          .post('/users/accept-invitation', { password: inviteePassword, token: tokenOf(second) })
      ).status,
    ).toBe(200)
    const afterAccept = await admin.post(`/users/${created.body.doc.id}/resend-invitation`)
    expect(afterAccept.status).toBe(409)
    expect(codeOf(afterAccept.body)).toBe('INVITATION_ALREADY_ACCEPTED')
  })

  it('revokes: the link stops working, the account cannot sign in, and a resend invites again', async () => {
    const { created, email, mail } = await invite()
    const id = created.body.doc.id
    expect((await admin.post(`/users/${id}/revoke-invitation`)).status).toBe(200)
    expect((await stored(email)).hash).toBeNull()
    expect(
      codeOf(
        (
          await app
            .client()
            .post('/users/accept-invitation', { password: inviteePassword, token: tokenOf(mail) })
        ).body,
      ),
    ).toBe('INVITATION_INVALID_OR_EXPIRED')
    await app.payload.update({ id, collection: 'users', data: { password }, overrideAccess: true })
    expect(codeOf((await app.client().post('/users/login', { email, password })).body)).toBe(
      'INVALID_CREDENTIALS',
    )
    const twice = await admin.post(`/users/${id}/revoke-invitation`)
    expect([twice.status, codeOf(twice.body)]).toEqual([409, 'NO_INVITATION'])
    expect(await auditEvents(email)).toContain('invitation.revoked')

    expect((await admin.post(`/users/${id}/resend-invitation`)).status).toBe(200)
    const renewed = await inbox.waitFor(
      (message) => message.to.includes(email) && tokenOf(message) !== tokenOf(mail),
    )
    expect(
      (
        await app
          .client()
          .post('/users/accept-invitation', { password: inviteePassword, token: tokenOf(renewed) })
      ).status,
    ).toBe(200)
  })

  it('answers for accounts that were never invited', async () => {
    const user = await app.payload.create({
      collection: 'users',
      data: { email: 'never-invited@example.com', password, roles: ['editor'] },
    })
    for (const action of ['resend-invitation', 'revoke-invitation']) {
      const answer = await admin.post(`/users/${user.id}/${action}`)
      expect([answer.status, codeOf(answer.body)]).toEqual([409, 'NO_INVITATION'])
    }
  })
})

describe('finding 13: the accept-invitation page and the profile fields', () => {
  /**
   * The profile field definitions the accept-invitation view hands the browser for `token`, opened
   * by a visitor who is not signed in, serialised as React serialises a client component's props.
   * (The view itself renders Payload's form state with @payloadcms/ui, which Node cannot import
   * outside Next: its stylesheets. It takes its fields from `invitationPageFields`.)
   */
  const shippedFor = async (token: string) => {
    const req = await createLocalReq({}, app.payload)
    const page = await invitationPageFields(req, getPluginOptions(app.payload), token, {})
    return JSON.stringify(page.clientFields)
  }
  /** The dev app's profile fields (dev/collections/Users.ts), by name and by English label. */
  const profileFields = ['"team"', '"avatar"', '"bio"', '"Team"', '"Avatar"']

  it('finding 13: ships no profile field definitions without a token or with a made-up one; a real invitation gets them', async () => {
    for (const token of ['', 'A'.repeat(43), 'not-a-token']) {
      const shipped = await shippedFor(token)
      for (const field of profileFields) {
        expect(shipped, `token ${JSON.stringify(token)}: ${field}`).not.toContain(field)
      }
      expect(shipped).toBe('[]')
    }
    const { mail } = await invite()
    const shipped = await shippedFor(tokenOf(mail))
    for (const field of profileFields) {
      expect(shipped).toContain(field)
    }
  })
})

describe('who may invite, and what the endpoints refuse', () => {
  it('keeps editors and anonymous visitors from inviting, resending and revoking', async () => {
    const { created } = await invite()
    const id = created.body.doc.id
    const editorEmail = 'plain-editor@example.com'
    await app.payload.create({
      collection: 'users',
      data: { email: editorEmail, password, roles: ['editor'] },
    })
    const editor = app.client()
    await editor.post('/users/login', { email: editorEmail, password })
    expect(
      (await editor.post('/users', { email: 'sneaky@example.com', roles: ['editor'] })).status,
    ).toBe(403)
    expect(await stored('sneaky@example.com')).toBeUndefined()
    for (const action of ['resend-invitation', 'revoke-invitation']) {
      const byEditor = await editor.post(`/users/${id}/${action}`)
      expect([byEditor.status, codeOf(byEditor.body)]).toEqual([403, 'INSUFFICIENT_PERMISSIONS'])
      const byNobody = await app.client().post(`/users/${id}/${action}`)
      expect([byNobody.status, codeOf(byNobody.body)]).toEqual([401, 'AUTHENTICATION_REQUIRED'])
    }
    expect((await stored(created.body.doc.email)).status).toBe('pending')
  })

  it('answers malformed, oversized and hostile input with catalogue codes, never a 500, and changes nothing', async () => {
    const { created, email, mail } = await invite()
    const token = tokenOf(mail)
    const visitor = app.client()
    const cases: [unknown, number, string][] = [
      ['{"token": ', 400, 'MALFORMED_REQUEST'],
      ['[1, 2]', 400, 'MALFORMED_REQUEST'],
      [{ password: 'x'.repeat(20_000), token }, 413, 'PAYLOAD_TOO_LARGE'],
      [{ password: inviteePassword }, 400, 'INVITATION_INVALID_OR_EXPIRED'],
      [{ password: inviteePassword, token: { $ne: null } }, 400, 'INVITATION_INVALID_OR_EXPIRED'],
      [{ password: inviteePassword, token: ['a'] }, 400, 'INVITATION_INVALID_OR_EXPIRED'],
      [
        { password: inviteePassword, token: `${token}' OR '1'='1` },
        400,
        'INVITATION_INVALID_OR_EXPIRED',
      ],
      [{ password: inviteePassword, token: 'A'.repeat(43) }, 400, 'INVITATION_INVALID_OR_EXPIRED'],
      [{ password: 12345678901234, token }, 400, 'PASSWORD_REQUIRED'],
      [{ name: { $ne: 1 }, password: inviteePassword, token }, 400, 'MALFORMED_REQUEST'],
      [{ name: ['a', 'b'], password: inviteePassword, token }, 400, 'MALFORMED_REQUEST'],
    ]
    for (const [body, status, code] of cases) {
      const answer = await visitor.post(
        '/users/accept-invitation',
        body,
        typeof body === 'string' ? { 'content-type': 'application/json' } : {},
      )
      expect([answer.status, codeOf(answer.body)], JSON.stringify(body).slice(0, 80)).toEqual([
        status,
        code,
      ])
    }
    for (const query of ['', '?token=', `?token=${'x'.repeat(5000)}`, '?token[]=a']) {
      const answer = await visitor.get(`/users/invitation${query}`)
      expect(answer.status, query.slice(0, 40)).toBeLessThan(500)
      expect(answer.status).toBeGreaterThanOrEqual(400)
    }
    const id = created.body.doc.id
    for (const [path, status, code] of [
      ['/users/abc/resend-invitation', 400, 'MALFORMED_REQUEST'],
      ['/users/1e3/revoke-invitation', 400, 'MALFORMED_REQUEST'],
      ['/users/987654/resend-invitation', 404, 'USER_NOT_FOUND'],
    ] as const) {
      const answer = await admin.post(path)
      expect([answer.status, codeOf(answer.body)], path).toEqual([status, code])
    }
    // A password that is there but no text is the policy's to refuse, not an invitation.
    const odd = await admin.post('/users', {
      email: 'odd-password@example.com',
      password: { $ne: '' },
      roles: ['editor'],
    })
    expect([odd.status, codeOf(odd.body)]).toEqual([400, 'MALFORMED_REQUEST'])
    expect(await stored('odd-password@example.com')).toBeUndefined()
    const withBody = await admin.post(`/users/${id}/revoke-invitation`, { status: 'accepted' })
    expect([withBody.status, codeOf(withBody.body)]).toEqual([400, 'MALFORMED_REQUEST'])
    expect(await stored(email)).toMatchObject({ hash: sha256(token), status: 'pending' })
  })
})

describe("the invitee's profile: the users collection's other fields, relationship, upload and rich text included", () => {
  const bio = [{ children: [{ text: 'Compiler pioneer and ' }, { bold: true, text: 'admiral' }] }]
  const profileOf = async (email: string) => {
    const { docs } = await app.payload.find({
      collection: 'users',
      depth: 0,
      overrideAccess: true,
      where: { email: { equals: email } },
    })
    return docs[0] as unknown as Record<string, unknown>
  }
  const setUp = async () => {
    const team = await app.payload.create({
      collection: 'teams' as never,
      data: { name: 'Compilers' } as never,
    })
    const picture = await drawLandscape(palettes.ocean, 64, 40)
    const avatar = await app.payload.create({
      collection: 'media',
      data: { alt: 'A portrait' },
      file: { data: picture, mimetype: 'image/png', name: 'avatar.png', size: picture.length },
    })
    return { avatarId: avatar.id, teamId: (team as unknown as { id: number }).id }
  }

  it('offers a text, a relationship, an upload and a rich-text field, never roles, and stores what the invitee sets', async () => {
    const { avatarId, teamId } = await setUp()
    const { email, mail } = await invite()
    const token = tokenOf(mail)
    const shown = await app.client().get(`/users/invitation?token=${token}`)
    expect(shown.body.fields).toEqual(expect.arrayContaining(['name', 'team', 'avatar', 'bio']))
    expect(shown.body.fields).not.toContain('roles')

    const accepted = await app.client().post('/users/accept-invitation', {
      avatar: avatarId,
      bio,
      name: 'Grace Hopper',
      password: inviteePassword,
      team: teamId,
      token,
    })
    expect(accepted.status).toBe(200)
    expect(await profileOf(email)).toMatchObject({
      avatar: avatarId,
      bio,
      name: 'Grace Hopper',
      team: teamId,
    })
  })

  it("an attacker's extra fields (roles, the invitation, the sign-in state, another email) are ignored and nothing of them is stored", async () => {
    const { email, mail } = await invite()
    const accepted = await app.client().post('/users/accept-invitation', {
      email: 'attacker@example.com',
      identityProvider: 'corporate',
      invitation: { status: 'revoked' },
      name: 'Mallory',
      password: inviteePassword,
      roles: ['admin'],
      suspension: { active: true },
      token: tokenOf(mail),
    })
    expect(accepted.status).toBe(200)
    const row = await stored(email)
    expect(row).toMatchObject({ name: 'Mallory', status: 'accepted' })
    expect(row.roles).toEqual(['editor'])
    expect(await stored('attacker@example.com')).toBeUndefined()
    expect((await profileOf(email)).identityProvider ?? 'local').toBe('local')
  })

  it('finding 9: an administrator invitee cannot choose their own sign-in method (nor any security field) while accepting', async () => {
    const { email, mail } = await invite({ roles: ['admin'] })
    const token = tokenOf(mail)
    // The sign-in method is the inviting administrator's decision: the page does not offer it, nor
    // any other security state the account page or an administrator sets.
    const shown = await app.client().get(`/users/invitation?token=${token}`)
    expect(shown.status).toBe(200)
    expect(shown.body.fields).toEqual(expect.arrayContaining(['name', 'preferredLanguage']))
    for (const reserved of [
      'identityProvider',
      'roles',
      'security',
      'totpConfig',
      'invitation',
      'consecutiveFailedLogins',
      'lockoutUntil',
      'enableAPIKey',
      'apiKey',
      'email',
    ]) {
      expect(shown.body.fields).not.toContain(reserved)
    }

    const accepted = await app.client().post('/users/accept-invitation', {
      identityProvider: 'corporate',
      name: 'Ada Administrator',
      password: inviteePassword,
      token,
    })
    expect(accepted.status).toBe(200)
    expect(await profileOf(email)).toMatchObject({
      identityProvider: 'local',
      name: 'Ada Administrator',
    })
    expect((await stored(email)).status).toBe('accepted')
    // The password the invitee chose is the way in, as the invitation promised.
    const signIn = await app.client().post('/users/login', { email, password: inviteePassword })
    expect(signIn.status).toBe(200)
    expect(signIn.body.user?.email).toBe(email)
  })

  it('refuses references that do not exist and values of the wrong shape, with a catalogue code, and stores nothing', async () => {
    const { avatarId, teamId } = await setUp()
    const { email, mail } = await invite()
    const token = tokenOf(mail)
    const visitor = app.client()
    for (const extra of [
      { team: 987_654 },
      { avatar: 987_654 },
      { team: { $ne: null } },
      { team: [teamId] },
      { avatar: { relationTo: 'users', value: 1 } },
      { bio: 'plain text where rich text belongs' },
      { bio: 42 },
    ]) {
      const answer = await visitor.post('/users/accept-invitation', {
        avatar: avatarId,
        name: 'Refused Person',
        password: inviteePassword,
        token,
        ...extra,
      })
      expect([answer.status, codeOf(answer.body)], JSON.stringify(extra)).toEqual([
        400,
        'MALFORMED_REQUEST',
      ])
    }
    const row = await profileOf(email)
    expect(row).toMatchObject({ avatar: null, name: null, team: null })
    expect((await stored(email)).status).toBe('pending')
  })
})

describe('when the invitation email cannot be sent', () => {
  it('still creates the invitation, marks it for the administrator, and a resend says so', async () => {
    // The mail server goes away for good (this block runs last).
    await inbox.close()
    inboxClosed = true
    const { created, email } = await invite()
    expect(created.body.doc.invitation).toMatchObject({ deliveryFailed: true, status: 'pending' })
    expect((await stored(email)).deliveryFailed).toBe(true)
    const resent = await admin.post(`/users/${created.body.doc.id}/resend-invitation`)
    expect([resent.status, codeOf(resent.body)]).toEqual([502, 'EMAIL_SEND_FAILED'])
    expect(resent.body.errors[0].message).toBe(`Failed to send email to ${email}.`)
    expect((await stored(email)).deliveryFailed).toBe(true)
  })
})
