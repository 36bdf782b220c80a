import type { Config } from 'payload'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import type { Json } from '../helpers/json.js'

import { backofficePlugin, getPluginOptions } from '../../src/index.js'
import { startTestPayload, type TestPayload } from '../helpers/testPayload.js'

let app: TestPayload

beforeAll(async () => {
  app = await startTestPayload()
})
afterAll(async () => {
  await app?.close()
})

describe('plugin registration', () => {
  it('is registered in the running app with its sanitized options', () => {
    expect(getPluginOptions(app.payload)).toMatchObject({
      enabled: true,
      translations: {},
      usersCollection: 'users',
    })
  })

  it("merges its texts into every admin language, under the app's own translations", () => {
    const translations = app.config.i18n.translations as Record<string, Json>
    expect(translations.de.backoffice.errorMfaRequired).toBe('MFA erforderlich')
    expect(translations.fr.backoffice.errorMfaRequired).toBe('MFA requise')
    expect(translations.nl.backoffice.errorMfaRequired).toBe('MFA vereist')
    // Arabic has no table of its own yet: English, not raw keys.
    expect(translations.ar.backoffice.errorMfaRequired).toBe('MFA required')
  })

  it('refuses, at config time, a users collection that does not exist or has no auth', () => {
    const config = { collections: [{ slug: 'posts', fields: [] }] } as unknown as Config
    expect(() => backofficePlugin()(config)).toThrow(
      /collection "users" must exist and have `auth` enabled/,
    )
    expect(() => backofficePlugin({ usersCollection: 'posts' as never })(config)).toThrow(/"posts"/)
  })

  it('refuses username sign-in at config time, which would bypass the lockout', () => {
    const config = {
      collections: [{ slug: 'users', auth: { loginWithUsername: true }, fields: [] }],
    } as unknown as Config
    expect(() => backofficePlugin()(config)).toThrow(/sign-in by username/)
  })

  it('does not clobber what the app configured', () => {
    const config = {
      collections: [{ slug: 'users', auth: true, fields: [{ name: 'nickname', type: 'text' }] }],
      custom: { mine: 1 },
      i18n: { translations: { en: { general: { hello: 'hi' } } } },
    } as unknown as Config
    const result = backofficePlugin()(config) as Config
    expect(result.custom).toMatchObject({ mine: 1 })
    expect((result.i18n?.translations as Json).en.general.hello).toBe('hi')
    const users = result.collections!.find((collection) => collection.slug === 'users')!
    expect(users.fields.find((field) => 'name' in field && field.name === 'nickname')).toEqual({
      name: 'nickname',
      type: 'text',
    })
  })

  it('adds the same collections and fields when disabled, so migrations do not change', () => {
    const app = () =>
      ({
        collections: [
          { slug: 'users', auth: true, fields: [] },
          { slug: 'posts', fields: [] },
        ],
      }) as unknown as Config
    const shape = (config: Config) =>
      JSON.stringify(
        config.collections!.map((collection) => ({
          fields: collection.fields.map((field) => ('name' in field ? field.name : field.type)),
          slug: collection.slug,
        })),
      )
    const enabled = backofficePlugin()(app()) as Config
    const disabled = backofficePlugin({ enabled: false })(app()) as Config
    expect(shape(disabled)).toBe(shape(enabled))
    // Behaviour only when enabled: the login endpoint is the plugin's.
    const endpoints = (config: Config) =>
      (config.collections!.find((collection) => collection.slug === 'users')!.endpoints || [])
        .length
    expect(endpoints(enabled)).toBeGreaterThan(endpoints(disabled))
  })
})

describe('sign-in through the REST API', () => {
  const email = 'first@example.com'
  const password = 'a-long-and-unusual-passphrase-42'

  it('creates the first user as an administrator, then signs in and reads itself', async () => {
    const anonymous = app.client()
    const registered = await anonymous.post('/users/first-register', { email, password })
    expect(registered.status).toBe(200)
    expect(registered.body.user.roles).toEqual(['admin'])

    const browser = app.client()
    const login = await browser.post('/users/login', { email, password })
    expect(login.status).toBe(200)
    expect(login.body.user.email).toBe(email)
    expect(browser.cookies.get('payload-token')).toBeTruthy()

    const me = await browser.get('/users/me')
    expect(me.status).toBe(200)
    expect(me.body.user.email).toBe(email)
  })

  it('gives an account created by an administrator the editor role, and editors cannot promote themselves', async () => {
    const admin = app.client()
    await admin.post('/users/login', { email, password })
    const created = await admin.post('/users', { email: 'editor@example.com', password })
    expect(created.status).toBe(201)
    expect(created.body.doc.roles).toEqual(['editor'])

    const editor = app.client()
    await editor.post('/users/login', { email: 'editor@example.com', password })
    const promoted = await editor.request('PATCH', `/users/${created.body.doc.id}`, {
      body: { roles: ['admin'] },
    })
    const stored = await app.payload.findByID({ collection: 'users', id: created.body.doc.id })
    expect(promoted.status).toBe(200)
    expect(stored.roles).toEqual(['editor'])
  })

  it('refuses a wrong password without a session', async () => {
    const browser = app.client()
    const login = await browser.post('/users/login', { email, password: 'wrong-password' })
    expect(login.status).toBe(401)
    expect(browser.cookies.has('payload-token')).toBe(false)
  })
})
