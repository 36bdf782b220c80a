import type { BrowserContext, Page } from 'playwright-core'

import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'

import { withAppPayload } from '../helpers/appPayload.js'
import { fillField, launchBrowser, screenshot } from '../helpers/browser.js'
import { signIn } from '../helpers/signIn.js'
import { linksIn, mailbox } from '../helpers/smtpInbox.js'
import { authenticatorApp } from '../helpers/twoFactor.js'

const appUrl = inject('appUrl')
const mail = mailbox(inject('mailDir'))
const password = 'a-long-and-unusual-passphrase-42'
const stamp = Date.now()
const adminEmail = `browser-2fa-reviewer-${stamp}@example.com`
const lostPhoneEmail = `browser-2fa-lost-phone-${stamp}@example.com`
const targetEmail = `browser-2fa-target-${stamp}@example.com`
const reason = 'My phone fell into the canal; the authenticator app went with it.'

let userBrowser: BrowserContext
let adminBrowser: BrowserContext
let userPage: Page
let adminPage: Page

/** Sets up a second factor for `email` the way the account page does, through the API with the browser's session. */
const enrolThroughApi = async (page: Page, email: string) => {
  await signIn(page, appUrl, email, password)
  // Payload takes the session cookie outside a page only with the admin's own origin.
  const setup = await page.request.get(`${appUrl}/api/users/mfa/totp/setup`, {
    headers: { Origin: appUrl },
  })
  expect(setup.status()).toBe(200)
  const { secret } = (await setup.json()) as { secret: string }
  const finished = await page.request.post(`${appUrl}/api/users/mfa/totp/finish-enrollment`, {
    data: { code: await authenticatorApp(secret).code() },
    headers: { Origin: appUrl },
  })
  expect(finished.status()).toBe(200)
  await signOut(page)
}

const signOut = async (page: Page) => {
  await page.goto(`${appUrl}/admin/logout`)
  await page.waitForURL((url) => url.pathname === '/admin/login')
}

/** The password step through the login form; returns where the sign-in went next. */
const signInWithPassword = async (page: Page, email: string): Promise<string> => {
  await page.goto(`${appUrl}/admin/login`)
  await page.waitForLoadState('networkidle')
  await fillField(page, '#field-email', email)
  await fillField(page, '#field-password', password)
  await page.locator('button[type="submit"]').click()
  await page.waitForURL((url) => url.pathname !== '/admin/login')
  return new URL(page.url()).pathname
}

beforeAll(async () => {
  await withAppPayload(async (payload) => {
    await payload.create({
      collection: 'users',
      data: { email: adminEmail, password, roles: ['admin'] },
    })
    for (const email of [lostPhoneEmail, targetEmail]) {
      await payload.create({ collection: 'users', data: { email, password, roles: ['editor'] } })
    }
  })
  userBrowser = await launchBrowser()
  adminBrowser = await launchBrowser()
  userPage = await userBrowser.newPage()
  adminPage = await adminBrowser.newPage()
  await enrolThroughApi(userPage, lostPhoneEmail)
  await enrolThroughApi(userPage, targetEmail)
  await signIn(adminPage, appUrl, adminEmail, password)
})
afterAll(async () => {
  await userBrowser?.close()
  await adminBrowser?.close()
})

describe('a lost authenticator, in Chromium', () => {
  it('asks for a reset from the code prompt, with the reason counted', async () => {
    expect(await signInWithPassword(userPage, lostPhoneEmail)).toBe('/admin/two-factor/verify')
    await userPage.waitForLoadState('networkidle')
    await userPage.getByRole('button', { name: "Can't access your authenticator?" }).click()

    const reasonBox = userPage.getByLabel('Why do you need your two-factor authentication reset?')
    await reasonBox.waitFor()
    const submit = userPage.getByRole('button', { exact: true, name: 'Submit' })
    expect(await submit.isDisabled()).toBe(true)
    expect(await userPage.locator('#backoffice-reset-reason-count').textContent()).toBe(
      '0/500 characters',
    )
    await reasonBox.fill(reason)
    expect(await userPage.locator('#backoffice-reset-reason-count').textContent()).toBe(
      `${reason.length}/500 characters`,
    )
    expect(await submit.isDisabled()).toBe(false)
    await screenshot(userPage, 'two-factor-reset-request-form')

    await submit.click()
    const confirmation = userPage
      .getByRole('status')
      .filter({ hasText: 'Your 2FA reset request has been received.' })
    await confirmation.waitFor()
    expect(await confirmation.textContent()).toContain(
      'valid for 1 week and is normally reviewed within one business day',
    )
    expect(
      await confirmation.getByRole('link', { name: 'Go to the login page' }).getAttribute('href'),
    ).toBe('/admin/login')
    await screenshot(userPage, 'two-factor-reset-requested')

    // The requester is told, with the misuse link; the administrators are asked to review it.
    const confirmationMail = await mail.waitFor(
      (message) =>
        message.to.includes(lostPhoneEmail) &&
        message.subject === 'Your 2FA reset request was received',
    )
    expect(
      linksIn(confirmationMail).some((link) =>
        link.includes('/api/users/mfa/totp/report-misuse?token='),
      ),
    ).toBe(true)
    await mail.waitFor(
      (message) =>
        message.to.includes(adminEmail) &&
        message.subject === `2FA reset request to review: ${lostPhoneEmail}`,
    )
  })

  it('an administrator approves it on the request page, with a comment', async () => {
    await adminPage.goto(`${appUrl}/admin/collections/two-factor-reset-requests`)
    const row = adminPage.locator('tbody tr').filter({ hasText: lostPhoneEmail })
    await row.waitFor()
    expect(await row.textContent()).toContain('Pending Review')
    await row.locator('a').first().click()
    await adminPage.waitForURL((url) =>
      /\/admin\/collections\/two-factor-reset-requests\/\d+$/.test(url.pathname),
    )

    const review = adminPage.getByRole('region', { name: 'Review this request' })
    await review.waitFor()
    await review
      .getByLabel('Comment for the requester (optional)')
      .fill('Confirmed by phone with the requester.')
    await screenshot(adminPage, 'two-factor-reset-review')
    await review.getByRole('button', { name: 'Approve' }).click()
    await adminPage
      .locator('.payload-toast-container .toast-success', { hasText: '2FA reset approved' })
      .waitFor()
    // Answered: the choice goes at once, the decision takes its place, and the refreshed page shows what was stored.
    await review.waitFor({ state: 'detached' })
    await adminPage
      .getByRole('main')
      .getByRole('status')
      .filter({ hasText: '2FA reset approved' })
      .waitFor()
    await adminPage.getByText('Confirmed by phone with the requester.').first().waitFor()
    await screenshot(adminPage, 'two-factor-reset-approved')

    const approvedMail = await mail.waitFor(
      (message) =>
        message.to.includes(lostPhoneEmail) && message.subject === 'Your 2FA reset was approved',
    )
    expect(approvedMail.text).toContain('Confirmed by phone with the requester.')
  })

  it('the requester sets up two-factor again at the next sign-in, and the new authenticator works', async () => {
    expect(await signInWithPassword(userPage, lostPhoneEmail)).toBe('/admin/two-factor/setup')
    const secretText = userPage.getByTestId('totp-secret')
    await secretText.waitFor()
    const secret = (await secretText.textContent())?.trim() ?? ''
    expect(secret).toMatch(/^[A-Z2-7]{32}$/)
    const newAuthenticator = authenticatorApp(secret)
    await userPage.locator('#backoffice-totp-code').fill(await newAuthenticator.code())
    // Enrolment ends on the account page, with the offer of recovery codes open.
    await userPage.waitForURL((url) => url.pathname === '/admin/account')
    await userPage.getByText('account activated successfully').waitFor()

    await signOut(userPage)
    expect(await signInWithPassword(userPage, lostPhoneEmail)).toBe('/admin/two-factor/verify')
    await userPage.waitForLoadState('networkidle')
    // The sixth digit sends the code.
    await userPage.locator('#backoffice-totp-code').fill(await newAuthenticator.code())
    await userPage.waitForURL((url) => url.pathname === '/admin')
    await userPage.locator('.dashboard').first().waitFor()
    await signOut(userPage)
  })
})

describe('a reset request its owner did not make, in Chromium', () => {
  it('the "this wasn\'t me" link asks first, then suspends the account and alerts administrators', async () => {
    // Someone with the password, but not the phone, asks from the code prompt.
    expect(await signInWithPassword(userPage, targetEmail)).toBe('/admin/two-factor/verify')
    const requested = await userPage.request.post(`${appUrl}/api/users/mfa/totp/request-reset`, {
      data: { reason: 'Lost my phone, please reset quickly.' },
      headers: { Origin: appUrl },
    })
    expect(requested.status()).toBe(200)

    // The owner reads the confirmation and follows its link, in a browser of their own.
    const confirmationMail = await mail.waitFor(
      (message) =>
        message.to.includes(targetEmail) &&
        message.subject === 'Your 2FA reset request was received',
    )
    const misuseLink = linksIn(confirmationMail).find((link) =>
      link.includes('/mfa/totp/report-misuse?token='),
    )!
    const ownerBrowser = await launchBrowser()
    try {
      const ownerPage = await ownerBrowser.newPage()
      await ownerPage.goto(misuseLink)
      await ownerPage
        .getByRole('heading', { name: 'Report a 2FA reset request you did not make' })
        .waitFor()
      expect(await ownerPage.textContent('body')).toContain(targetEmail)
      await screenshot(ownerPage, 'two-factor-misuse-report')
      // Opening the link alone changed nothing (mail scanners open links).
      expect(await signInWithPassword(userPage, targetEmail)).toBe('/admin/two-factor/verify')

      await ownerPage.getByRole('button', { name: 'Report misuse and suspend my account' }).click()
      await ownerPage
        .getByText(
          'The request was cancelled, your account is suspended and the administrators have been alerted.',
        )
        .waitFor()
      await screenshot(ownerPage, 'two-factor-misuse-reported')

      // The link is spent.
      await ownerPage.goto(misuseLink)
      await ownerPage.getByText('This link is invalid or was already used.').waitFor()
    } finally {
      await ownerBrowser.close()
    }

    // Whoever has the password is stopped at the password now.
    await userPage.goto(`${appUrl}/admin/login`)
    await userPage.waitForLoadState('networkidle')
    await fillField(userPage, '#field-email', targetEmail)
    await fillField(userPage, '#field-password', password)
    await userPage.locator('button[type="submit"]').click()
    await userPage.getByText('Account locked.').waitFor()
    expect(new URL(userPage.url()).pathname).toBe('/admin/login')

    await mail.waitFor(
      (message) =>
        message.to.includes(adminEmail) &&
        message.subject === `Account suspended automatically: ${targetEmail}`,
    )
    await adminPage.goto(`${appUrl}/admin/collections/two-factor-reset-requests`)
    const row = adminPage.locator('tbody tr').filter({ hasText: targetEmail })
    await row.waitFor()
    expect(await row.textContent()).toContain('Reported as misuse')
  })
})
