import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { oneGuessFromSuspension } from '../helpers/knownBrowser.js'
import { startSmtpInbox } from '../helpers/smtpInbox.js'
import { sqlOn } from '../helpers/sql.js'
import { startTestPayload, type TestPayload } from '../helpers/testPayload.js'

/**
 * The README promises that the `translations` option rewords any of the plugin's texts and that the
 * app's own `i18n.translations[lang].backoffice` wins over it. These are texts read outside the
 * admin's rendering: emails, the misuse-report page and endpoint messages.
 */
let app: TestPayload
let inbox: Awaited<ReturnType<typeof startSmtpInbox>>
const sql = sqlOn(() => app.payload)
const password = 'a-long-and-unusual-passphrase-42'
const adminEmail = 'wording-admin@example.com'

beforeAll(async () => {
  inbox = await startSmtpInbox()
  app = await startTestPayload({
    appTranslations: {
      en: {
        backoffice: {
          // Both the app and the option reword the button: the app wins.
          emailActionResetPassword: 'Choose a new Example password',
          emailForgotPasswordBody:
            'A password reset was asked for {{email}} at Example. The link below works for {{expiry}}.',
          emailUnsuspendedSubject: 'Welcome back to Example',
          forgotPasswordAnswer: 'Check your Example inbox.',
          misuseReportHeading: 'Example: report a reset you did not ask for',
        },
      },
    },
    backofficeOptions: {
      translations: {
        de: { emailForgotPasswordSubject: 'Ihr Example-Passwort zurücksetzen' },
        en: {
          emailActionResetPassword: 'Overruled by the app',
          emailExpiryOneHour: 'sixty minutes',
          emailForgotPasswordSubject: 'Reset your Example password',
          misuseReportInvalid: 'This Example link no longer works.',
          suspensionReasonExcessiveFailures: 'twenty wrong passwords in a row',
          unblockAccountSuccess: 'Unblocked; they have been told by email.',
        },
      },
    },
    smtpUrl: inbox.url,
  })
  await app.client().post('/users/first-register', { email: adminEmail, password })
})
afterAll(async () => {
  await app?.close()
  await inbox?.close()
})

const createEditor = async (email: string, preferredLanguage?: string) =>
  (
    await app.payload.create({
      collection: 'users',
      data: { email, password, preferredLanguage, roles: ['editor'] } as never,
    })
  ).id

describe('the forgot-password email and answer', () => {
  it("carries the option's subject and the app's body and button, in text and HTML", async () => {
    const email = 'reworded-reset@example.com'
    await createEditor(email)

    const forgot = await app.client().post('/users/forgot-password', { email })
    expect(forgot.status).toBe(200)
    expect(forgot.body.message).toBe('Check your Example inbox.')

    const mail = await inbox.waitFor((message) => message.to.includes(email))
    expect(mail.subject).toBe('Reset your Example password')
    expect(mail.text).toContain(
      `A password reset was asked for ${email} at Example. The link below works for sixty minutes.`,
    )
    expect(mail.text).toContain('Choose a new Example password: http://localhost:3000/admin/reset?')
    expect(mail.text).not.toContain('Overruled by the app')
    expect(mail.html).toContain('The link below works for sixty minutes.')
    expect(mail.html).toContain('>Choose a new Example password</a>')
  })

  it("uses the option's German subject for a recipient who reads German", async () => {
    const email = 'deutsch@example.com'
    await createEditor(email, 'de')

    expect((await app.client().post('/users/forgot-password', { email })).status).toBe(200)

    const mail = await inbox.waitFor((message) => message.to.includes(email))
    expect(mail.subject).toBe('Ihr Example-Passwort zurücksetzen')
    // The English rewording stays English: the German body is the shipped one.
    expect(mail.text).not.toContain('at Example')
    expect(mail.text).toContain(email)
  })
})

describe('the suspension emails', () => {
  it("name the reason in the option's words and welcome back in the app's", async () => {
    const email = 'reworded-suspension@example.com'
    const userId = await createEditor(email)
    // Only a browser that has signed in before can suspend the account by guessing (issue 13).
    const browser = app.client()
    await oneGuessFromSuspension(sql, browser, { email, password })
    await browser.post('/users/login', { email, password: 'wrong-password' })

    const notice = await inbox.waitFor(
      (message) =>
        message.to.includes(email) && message.subject === 'Your account has been suspended',
    )
    expect(notice.text).toContain(`(twenty wrong passwords in a row)`)
    const alert = await inbox.waitFor(
      (message) =>
        message.to.includes(adminEmail) &&
        message.subject === `Account suspended automatically: ${email}`,
    )
    expect(alert.text).toContain('(twenty wrong passwords in a row)')

    const admin = app.client()
    await admin.post('/users/login', { email: adminEmail, password })
    const unblocked = await admin.post(`/users/${userId}/unblock`)
    expect(unblocked.status).toBe(200)
    expect(unblocked.body.message).toBe('Unblocked; they have been told by email.')

    const welcome = await inbox.waitFor(
      (message) => message.to.includes(email) && message.subject === 'Welcome back to Example',
    )
    expect(welcome.text).toContain(`An administrator unblocked your account ${email}.`)
  })
})

describe('the misuse-report page', () => {
  it("answers a made-up link with the option's text under the app's heading", async () => {
    const page = await app.client().get(`/users/mfa/totp/report-misuse?token=${'a'.repeat(43)}`)
    expect(page.status).toBe(400)
    expect(String(page.body)).toContain(
      '<title>Example: report a reset you did not ask for</title>',
    )
    expect(String(page.body)).toContain('<p>This Example link no longer works.</p>')
  })
})
