import type { Payload } from 'payload'
import type { BrowserContext, Page } from 'playwright-core'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { animationsEnded } from '../helpers/animationsEnded.js'
import { appPayloadOfFile } from '../helpers/appPayload.js'
import { fillField, launchBrowser, screenshot } from '../helpers/browser.js'
import { browserLane } from '../helpers/browserLane.js'
import { requestsReported } from '../helpers/requestsReported.js'
import { linksIn, mailbox } from '../helpers/smtpInbox.js'

const { appUrl } = browserLane()
// One Payload on the app's database for the file: the tests look at what is stored between steps.
const appPayload = appPayloadOfFile()
const withAppPayload = async <T>(work: (payload: Payload) => Promise<T>): Promise<T> =>
  work(await appPayload.payload())
const mail = mailbox(browserLane().mailDir)
const password = 'a-long-and-unusual-passphrase-42'
const newPassword = 'copper kettles hum beneath the orchard 9'
const stamp = Date.now()
const forgetfulEmail = `browser-forgetful-${stamp}@example.com`
const germanEmail = `browser-reset-de-${stamp}@example.com`
const arabicEmail = `browser-reset-ar-${stamp}@example.com`
const mismatchEmail = `browser-reset-mismatch-${stamp}@example.com`
let browser: BrowserContext
let page: Page

beforeAll(async () => {
  await withAppPayload(async (payload) => {
    for (const email of [forgetfulEmail, germanEmail, arabicEmail, mismatchEmail]) {
      await payload.create({ collection: 'users', data: { email, password, roles: ['editor'] } })
    }
  })
  browser = await launchBrowser()
  page = await browser.newPage()
})
afterAll(async () => {
  await appPayload.close()
  await browser?.close()
})

/** The reset link of the newest reset email to `email`. */
const resetLinkFor = async (email: string) => {
  const message = await mail.waitFor(
    (received) =>
      received.to.includes(email) &&
      linksIn(received).some((link) => link.includes('/admin/reset?')),
  )
  return linksIn(message).find((link) => link.includes('/admin/reset?'))!
}
/** Asks for a reset link the way the forgot page does, for the views in other languages. */
const requestLinkFor = async (email: string) => {
  const response = await fetch(`${appUrl}/api/users/forgot-password`, {
    body: JSON.stringify({ email }),
    headers: { 'Content-Type': 'application/json' },
    method: 'POST',
  })
  expect(response.status).toBe(200)
  return resetLinkFor(email)
}
const rule = (id: string) => page.locator(`li[data-rule="${id}"]`)
const filledSegments = async () =>
  Number(await page.locator('[data-password-meter]').getAttribute('data-filled'))

describe('forgot and reset password in Chromium', () => {
  it('sends the reset email from the forgot page, without saying whether the account exists', async () => {
    await page.goto(`${appUrl}/admin/login`)
    await page.getByRole('link', { name: 'Forgot password?' }).click()
    await page.waitForURL((url) => url.pathname === '/admin/forgot')
    expect(await page.locator('#field-email').getAttribute('type')).toBe('email')
    expect(await page.getByRole('link', { name: 'Back to login' }).getAttribute('href')).toBe(
      '/admin/login',
    )
    await fillField(page, '#field-email', forgetfulEmail)
    await screenshot(page, 'forgot-form')
    // Keyboard only: Enter in the field submits the form.
    await page.locator('#field-email').press('Enter')
    await page.getByRole('heading', { name: 'Email sent' }).waitFor()
    await page.getByText('Check your email for the password reset.').waitFor()
    expect(await page.getByRole('link', { name: 'Back to login' }).getAttribute('href')).toBe(
      '/admin/login',
    )
    await screenshot(page, 'forgot-sent')
  })

  it('opens the emailed link, shows the rules as the password is typed, and lands signed in on the dashboard', async () => {
    const link = await resetLinkFor(forgetfulEmail)
    expect(link.startsWith(`${appUrl}/admin/reset?token=`)).toBe(true)
    const response = await page.goto(link)
    expect(response?.headers()['referrer-policy']).toBe('strict-origin')
    expect(await page.locator('head meta[name="referrer"]').getAttribute('content')).toBe(
      'strict-origin',
    )
    await page.getByRole('heading', { name: 'Reset password' }).waitFor()

    await fillField(page, '#field-password', 'copper')
    await expect.poll(() => rule('minLength').getAttribute('data-met')).toBe('false')
    const before = await filledSegments()
    await fillField(page, '#field-password', newPassword)
    await expect.poll(() => rule('minLength').getAttribute('data-met')).toBe('true')
    await expect.poll(filledSegments, { timeout: 15_000 }).toBeGreaterThan(before)
    await fillField(page, '#field-confirm-password', newPassword)
    await screenshot(page, 'reset-form')

    // A password the server refuses: while the answer is on its way (held here) the form is busy and
    // every control disabled (issue 38 item 14, the spec's "disabled while submitting"); then the
    // server's message, and the controls usable again.
    await fillField(page, '#field-password', 'password1234')
    await fillField(page, '#field-confirm-password', 'password1234')
    let releaseAnswer = () => {}
    const answerHeld = new Promise<void>((resolve) => (releaseAnswer = resolve))
    const resetUrl = `${appUrl}/api/users/reset-password`
    await page.route(resetUrl, async (route) => {
      await answerHeld
      await route.continue()
    })
    await page.getByRole('button', { name: 'Reset password' }).click()
    const busyButton = page.getByRole('button', { name: 'Resetting…' })
    await busyButton.waitFor()
    expect(await busyButton.isDisabled()).toBe(true)
    expect(await page.locator('form[aria-busy="true"]').count()).toBe(1)
    expect(await page.locator('#field-password').isDisabled()).toBe(true)
    expect(await page.locator('#field-confirm-password').isDisabled()).toBe(true)
    releaseAnswer()
    await page.unrouteAll({ behavior: 'wait' })
    await page.getByText('Password does not meet requirements.').waitFor()
    await expect
      .poll(() => page.getByRole('button', { name: 'Reset password' }).isEnabled())
      .toBe(true)
    await expect.poll(() => page.locator('#field-password').isEnabled()).toBe(true)

    await fillField(page, '#field-password', newPassword)
    await fillField(page, '#field-confirm-password', newPassword)
    await page.getByRole('button', { name: 'Reset password' }).click()
    await page.waitForURL((url) => url.pathname === '/admin')
    await page.getByText('Updated successfully').waitFor()
    await page.locator('.dashboard').first().waitFor()
    await screenshot(page, 'reset-signed-in')
  })

  it("finding 'passwords do not match': a mismatched confirmation is refused in the browser, nothing is sent and the password is unchanged", async () => {
    const visitor = await launchBrowser()
    try {
      const anonymous = await visitor.newPage()
      const link = await requestLinkFor(mismatchEmail)
      const storedHash = () =>
        withAppPayload(async (payload) => {
          const { docs } = await payload.find({
            collection: 'users',
            overrideAccess: true,
            showHiddenFields: true,
            where: { email: { equals: mismatchEmail } },
          })
          return (docs[0] as { hash?: string }).hash
        })
      const hashBefore = await storedHash()
      await anonymous.goto(link)
      await fillField(anonymous, '#field-password', newPassword)
      await fillField(anonymous, '#field-confirm-password', `${newPassword}!`)
      const sent: string[] = []
      anonymous.on('request', (request) => {
        if (new URL(request.url()).pathname.startsWith('/api/')) {
          sent.push(`${request.method()} ${new URL(request.url()).pathname}`)
        }
      })
      await anonymous.getByRole('button', { name: 'Reset password' }).click()

      const confirmation = anonymous.locator('#field-confirm-password')
      await anonymous.getByRole('alert').filter({ hasText: 'passwords do not match' }).waitFor()
      expect(await confirmation.getAttribute('aria-invalid')).toBe('true')
      expect(
        await anonymous
          .locator(`[id="${await confirmation.getAttribute('aria-describedby')}"]`)
          .innerText(),
      ).toBe('passwords do not match')
      expect(await anonymous.getByLabel('Confirm password').count()).toBe(1)
      await requestsReported(anonymous)
      expect(sent.filter((request) => request.includes('reset-password'))).toEqual([])
      expect(new URL(anonymous.url()).pathname).toBe('/admin/reset')
      await screenshot(anonymous, 'reset-passwords-differ')
      expect(await storedHash()).toBe(hashBefore)

      // Matched, the same link still works.
      await fillField(anonymous, '#field-confirm-password', newPassword)
      await anonymous.getByRole('button', { name: 'Reset password' }).click()
      await anonymous.waitForURL((url) => url.pathname === '/admin')
      expect(await storedHash()).not.toBe(hashBefore)
    } finally {
      await visitor.close()
    }
  })

  it('tells a signed-in visitor so on both pages, with the ways on', async () => {
    await page.goto(`${appUrl}/admin/forgot`)
    await page.getByRole('heading', { name: 'Already logged in' }).waitFor()
    expect(await page.getByRole('link', { name: 'Go to your account' }).getAttribute('href')).toBe(
      '/admin/account',
    )
    expect(await page.getByRole('link', { name: 'Back to dashboard' }).getAttribute('href')).toBe(
      '/admin',
    )
    await screenshot(page, 'forgot-logged-in')

    await page.goto(`${appUrl}/admin/reset?token=${'a'.repeat(43)}`)
    await page.getByRole('heading', { name: 'Already logged in' }).waitFor()
    expect(await page.getByRole('link', { name: 'Log out' }).getAttribute('href')).toBe(
      '/admin/logout',
    )
    expect(await page.getByRole('link', { name: 'Back to dashboard' }).getAttribute('href')).toBe(
      '/admin',
    )
    await screenshot(page, 'reset-logged-in')
  })

  it('says at once when a link is invalid or used, with a way to ask for a new one', async () => {
    const visitor = await launchBrowser()
    try {
      const anonymous = await visitor.newPage()
      await anonymous.goto(`${appUrl}/admin/reset?token=${'b'.repeat(43)}`)
      await anonymous.getByText('The token is invalid or has expired.').waitFor()
      expect(
        await anonymous.getByRole('link', { name: 'Request a new link' }).getAttribute('href'),
      ).toBe('/admin/forgot')
      await expect.poll(() => anonymous.locator('#field-password').count()).toBe(0)
    } finally {
      await visitor.close()
    }
  })
})

describe('the forgot and reset pages in other languages', () => {
  const visit = async (language: 'ar' | 'de') => {
    const context = await launchBrowser()
    await context.addCookies([{ name: 'payload-lng', url: appUrl, value: language }])
    const visitor = await context.newPage()
    /** Nothing wider than the window, and the form inside it, at desktop and at phone width. */
    const fitsTheWindow = async (name: string) => {
      for (const width of [1440, 390]) {
        await visitor.setViewportSize({ height: 900, width })
        await animationsEnded(visitor)
        expect(
          await visitor.evaluate(() => document.documentElement.scrollWidth),
        ).toBeLessThanOrEqual(width)
        const form = (await visitor.locator('form').first().boundingBox())!
        expect(form.x).toBeGreaterThanOrEqual(0)
        expect(form.x + form.width).toBeLessThanOrEqual(width)
        await screenshot(visitor, `${name}-${width}`)
      }
    }
    return { close: () => context.close(), fitsTheWindow, visitor }
  }

  it('shows both pages in German', async () => {
    const { close, fitsTheWindow, visitor } = await visit('de')
    try {
      await visitor.goto(`${appUrl}/admin/forgot`)
      await visitor.getByRole('heading', { name: 'Passwort vergessen' }).waitFor()
      expect(await visitor.locator('html').getAttribute('lang')).toBe('de')
      await visitor.getByRole('button', { name: 'Link zum Zurücksetzen senden' }).waitFor()
      await fitsTheWindow('forgot-german')

      await visitor.goto(await requestLinkFor(germanEmail))
      await visitor.getByRole('heading', { name: 'Passwort zurücksetzen' }).waitFor()
      await visitor.getByLabel('Neues Passwort').first().waitFor()
      await fillField(visitor, '#field-password', newPassword)
      await fillField(visitor, '#field-confirm-password', 'ein-anderes-passwort')
      await visitor.getByRole('button', { name: 'Passwort zurücksetzen' }).click()
      await visitor.getByText('Passwörter stimmen nicht überein').waitFor()
      await fitsTheWindow('reset-german')
    } finally {
      await close()
    }
  })

  it('shows both pages in Arabic, right to left', async () => {
    const { close, fitsTheWindow, visitor } = await visit('ar')
    try {
      await visitor.goto(`${appUrl}/admin/forgot`)
      await visitor.locator('#field-email').waitFor()
      expect((await visitor.locator('html').getAttribute('dir'))?.toLowerCase()).toBe('rtl')
      expect(await visitor.locator('html').getAttribute('lang')).toBe('ar')
      await fitsTheWindow('forgot-arabic')

      await visitor.goto(await requestLinkFor(arabicEmail))
      await visitor.locator('#field-password').waitFor()
      expect((await visitor.locator('html').getAttribute('dir'))?.toLowerCase()).toBe('rtl')
      await fillField(visitor, '#field-password', newPassword)
      // Right to left: the show/hide toggle, at the end of the row, sits left of the input.
      const toggle = (await visitor
        .getByRole('button', { name: 'Show password' })
        .first()
        .boundingBox())!
      const input = (await visitor.locator('#field-password').boundingBox())!
      expect(toggle.x + toggle.width).toBeLessThanOrEqual(input.x + 1)
      await fitsTheWindow('reset-arabic')
    } finally {
      await close()
    }
  })
})
