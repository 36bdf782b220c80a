import type { BrowserContext, Page } from 'playwright-core'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { ageSessionProof, forgetLastUsedStep } from '../helpers/appDatabase.js'
import { withAppPayload } from '../helpers/appPayload.js'
import { expectNoSeriousViolations } from '../helpers/axe.js'
import {
  downloadRecoveryCodes,
  fillField,
  hydrated,
  launchBrowser,
  screenshot,
} from '../helpers/browser.js'
import { browserLane } from '../helpers/browserLane.js'
import { authenticatorApp } from '../helpers/twoFactor.js'

const { appUrl } = browserLane()
const email = 'keeps-her-codes@example.com'
const password = 'a-long-and-unusual-passphrase-42'
let browser: BrowserContext
let page: Page
/** The codes as the account page showed them, once. */
let codes: string[] = []
/** The authenticator app the account uses now. */
let authenticator: ReturnType<typeof authenticatorApp>

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

const toast = (text: string) =>
  page.locator('.payload-toast-container .toast-success', { hasText: text })
const isFocused = (locator: ReturnType<Page['locator']>) =>
  locator.evaluate((element) => document.activeElement === element)

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
  it('issue 38 item 2: are the last step of the setup, shown once, kept before going on, and counted on the account page', async () => {
    expect(await signInWithPassword()).toBe('/admin')
    await page.goto(`${appUrl}/admin/two-factor/setup`)
    const secretText = page.getByTestId('totp-secret')
    await secretText.waitFor()
    authenticator = authenticatorApp((await secretText.textContent())?.trim() ?? '', {
      forgetUsedSteps: forgetLastUsedStep(email),
    })
    await hydrated(page.locator('#backoffice-totp-code'))
    await page.locator('#backoffice-totp-code').fill(await authenticator.code())

    // Issue 38 item 2: the codes are the setup's last step, on the setup page itself.
    await page.getByRole('heading', { name: 'Save your recovery codes' }).waitFor()
    expect(new URL(page.url()).pathname).toBe('/admin/two-factor/setup')
    const list = page.getByRole('list', { name: 'Your new recovery codes' })
    await list.waitFor()
    codes = (await list.locator('code').allTextContents()).map((code) => code.trim())
    expect(codes).toHaveLength(10)
    for (const code of codes) {
      expect(code).toMatch(/^([0-9a-hjkmnp-tv-z]{4}-){5}[0-9a-hjkmnp-tv-z]{4}$/)
    }
    await expectNoSeriousViolations(page, ['.form-header', '.backoffice-recovery-codes__list'])
    await screenshot(page, 'recovery-codes-shown-once')

    // "I have saved these codes" waits until they were copied, downloaded or printed.
    expect(await page.locator('#backoffice-recovery-codes-saved').isDisabled()).toBe(true)
    await downloadRecoveryCodes(page)

    await page.getByRole('button', { name: 'I have saved these codes' }).click()
    await page.waitForURL((url) => url.pathname === '/admin/account')
    await page.getByText('Unused recovery codes: 10 of 10.').waitFor()
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

  it("issue 38 items 1 and 7: Replace asks for the current app's code and, with the session's proof stale, \"Confirm it's you\", which takes a recovery code and uses it up; the new app takes over once its code is entered", async () => {
    // Signed in with the app's code on the prompt the last test left open.
    await page.locator('#backoffice-totp-code').fill(await authenticator.code())
    await page.waitForURL((url) => url.pathname === '/admin')
    // An hour later: the session's proof no longer counts (sudo mode).
    await ageSessionProof(email)
    await page.goto(`${appUrl}/admin/account`)
    await page.getByText('Unused recovery codes: 9 of 10.').waitFor()

    const replace = page.locator('#backoffice-totp-replace')
    await hydrated(replace)
    await replace.click()
    const group = page.getByRole('group', { name: 'Replace the authenticator app' })
    const current = group.getByLabel('Code from your current app')
    await current.waitFor()
    expect(await isFocused(current)).toBe(true)
    const next = group.getByRole('button', { name: 'Continue' })
    expect(await next.isDisabled()).toBe(true)
    await current.fill(await authenticator.code())
    await next.click()

    // The stale proof: the page's one dialog, where a recovery code confirms instead.
    const dialog = page.getByRole('dialog', { name: 'Confirm it’s you' })
    await dialog.getByLabel('Current password').waitFor()
    await dialog.getByRole('button', { name: 'Use a recovery code instead' }).click()
    const box = dialog.getByLabel('Recovery code')
    await box.waitFor()
    expect(await isFocused(box)).toBe(true)
    await expectNoSeriousViolations(page, ['.backoffice-confirm-password'], 'sudo, recovery code')
    await screenshot(page, 'sudo-recovery-code')
    await box.fill(codes[1]!)
    await box.press('Enter')
    await dialog.waitFor({ state: 'hidden' })

    // Replace goes on by itself: the new app's QR code and key, and its code.
    const newSecret = group.getByTestId('totp-secret')
    await newSecret.waitFor()
    await screenshot(page, 'totp-replace-scan')
    const newApp = authenticatorApp((await newSecret.textContent())?.trim() ?? '', {
      forgetUsedSteps: forgetLastUsedStep(email),
    })
    const newCode = group.getByLabel('Code from the new app')
    await newCode.fill(await newApp.code())
    await group.getByRole('button', { name: 'Use the new app' }).click()
    await toast('The new authenticator app is on. The old one’s codes no longer work.').waitFor()
    authenticator = newApp

    // The recovery code that confirmed is used up: one fewer, and it no longer signs in.
    await page.goto(`${appUrl}/admin/account`)
    await page.getByText('Unused recovery codes: 8 of 10.').waitFor()
    await signOut()
    expect(await signInWithPassword()).toBe('/admin/two-factor/verify')
    await useRecoveryCode(codes[1]!)
    await page.getByText('Invalid recovery code.').waitFor()
    await page.getByRole('button', { name: 'Use the code from your authenticator app' }).click()
    await page.locator('#backoffice-totp-code').fill(await authenticator.code())
    await page.waitForURL((url) => url.pathname === '/admin')
  })

  it('issue 38 item 1: Remove asks for a code from the app, turns it off with its recovery codes, and the password alone signs in', async () => {
    await page.goto(`${appUrl}/admin/account`)
    const remove = page.locator('#backoffice-totp-remove')
    await hydrated(remove)
    await remove.click()
    const group = page.getByRole('group', { name: 'Remove the authenticator app?' })
    const confirm = group.getByRole('button', { name: 'Remove the app' })
    await confirm.waitFor()
    expect(await confirm.isDisabled()).toBe(true)
    await screenshot(page, 'totp-remove')
    await group.getByLabel('Code from your current app').fill(await authenticator.code())
    await confirm.click()
    await toast('The authenticator app was removed.').waitFor()
    await page.locator('[data-method="app"]').getByText('Not set up').waitFor()
    await expect.poll(() => page.locator('#backoffice-totp-replace').count()).toBe(0)
    await expect.poll(() => page.getByText(/Unused recovery codes/).count()).toBe(0)

    await signOut()
    expect(await signInWithPassword()).toBe('/admin')
  })
})
