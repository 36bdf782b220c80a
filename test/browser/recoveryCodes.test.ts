import type { BrowserContext, Page } from 'playwright-core'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { withAppPayload } from '../helpers/appPayload.js'
import { expectNoSeriousViolations } from '../helpers/axe.js'
import { fillField, hydrated, launchBrowser, screenshot } from '../helpers/browser.js'
import { browserLane } from '../helpers/browserLane.js'
import { authenticatorApp } from '../helpers/twoFactor.js'

const { appUrl } = browserLane()
const email = 'keeps-her-codes@example.com'
const password = 'a-long-and-unusual-passphrase-42'
let browser: BrowserContext
let page: Page
/** The codes as the account page showed them, once. */
let codes: string[] = []

beforeAll(async () => {
  await withAppPayload(async (payload) => {
    await payload.delete({
      collection: 'users',
      overrideAccess: true,
      where: { email: { equals: email } },
    })
    await payload.create({
      collection: 'users',
      data: { email, name: 'Rosalind Recovery', password, roles: ['editor'] } as never,
    })
  })
  browser = await launchBrowser()
  page = await browser.newPage()
})
afterAll(async () => {
  await browser?.close()
})

/** The password step through the login form; returns where the sign-in went next. */
const signInWithPassword = async (): Promise<string> => {
  await page.goto(`${appUrl}/admin/login`)
  await fillField(page, '#field-email', email)
  await fillField(page, '#field-password', password)
  await page.locator('button[type="submit"]').click()
  await page.waitForURL(
    (url) => url.pathname === '/admin' || url.pathname === '/admin/two-factor/verify',
  )
  return new URL(page.url()).pathname
}

const signOut = async () => {
  await page.goto(`${appUrl}/admin/logout`)
  await page.waitForURL((url) => url.pathname === '/admin/login')
}

/** On the code prompt: switches to a recovery code and sends `code` as typed. */
const useRecoveryCode = async (code: string) => {
  const useOne = page.getByRole('button', { name: 'Use a recovery code' })
  await hydrated(useOne)
  await useOne.click()
  const input = page.getByLabel('Recovery code')
  await input.waitFor()
  expect(await input.evaluate((element) => document.activeElement === element)).toBe(true)
  await fillField(page, '#backoffice-recovery-code', code)
  await page.getByRole('button', { name: 'Verify' }).click()
}

describe('recovery codes in Chromium', () => {
  it('are offered after enrolment, shown once, and counted on the account page', async () => {
    expect(await signInWithPassword()).toBe('/admin')
    await page.goto(`${appUrl}/admin/two-factor/setup`)
    const secretText = page.getByTestId('totp-secret')
    await secretText.waitFor()
    const authenticator = authenticatorApp((await secretText.textContent())?.trim() ?? '')
    await hydrated(page.locator('#backoffice-totp-code'))
    await page.locator('#backoffice-totp-code').fill(await authenticator.code())

    await page.waitForURL((url) => url.pathname === '/admin/account')
    await page.getByText('Two-factor authentication is on').waitFor()
    const offer = page.locator('#backoffice-recovery-codes-warning')
    await offer.waitFor()
    expect(await offer.textContent()).toMatch(/^Two-factor authentication is on\. Create recovery/)
    // Clicked as soon as it is enabled: the section shows it disabled until its code has loaded.
    await page.getByRole('button', { name: 'Generate codes' }).click()

    const list = page.getByRole('list', { name: 'Your new recovery codes' })
    await list.waitFor()
    codes = (await list.locator('code').allTextContents()).map((code) => code.trim())
    expect(codes).toHaveLength(10)
    for (const code of codes) {
      expect(code).toMatch(/^[0-9a-hjkmnp-tv-z]{4}-[0-9a-hjkmnp-tv-z]{4}-[0-9a-hjkmnp-tv-z]{4}$/)
    }
    await expectNoSeriousViolations(page, ['.backoffice-recovery-codes'])
    await screenshot(page, 'recovery-codes-shown-once')

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download (.txt)' }).click(),
    ])
    expect(download.suggestedFilename()).toMatch(/recovery-codes\.txt$/)

    await page.getByRole('button', { name: 'I have saved these codes' }).click()
    await expect.poll(() => list.count()).toBe(0)
    expect(await page.locator('#backoffice-recovery-codes-status').textContent()).toBe(
      'Unused recovery codes: 10 of 10.',
    )
  })

  it('sign in once after the password, and not a second time', async () => {
    await signOut()
    expect(await signInWithPassword()).toBe('/admin/two-factor/verify')
    // Typed the way people copy from paper: upper case, spaces for dashes.
    await useRecoveryCode(codes[0]!.toUpperCase().replaceAll('-', ' '))
    await page.waitForURL((url) => url.pathname === '/admin')
    await page.getByText('Signed in with a recovery code. Unused recovery codes left: 9.').waitFor()
    await page.locator('.dashboard').first().waitFor()

    await signOut()
    expect(await signInWithPassword()).toBe('/admin/two-factor/verify')
    await useRecoveryCode(codes[0]!)
    await page.getByText('Invalid recovery code.').waitFor()
    expect(new URL(page.url()).pathname).toBe('/admin/two-factor/verify')
    // And back to the authenticator app's code.
    await page.getByRole('button', { name: 'Use the code from your authenticator app' }).click()
    await page.locator('#backoffice-totp-code').waitFor()
  })
})
