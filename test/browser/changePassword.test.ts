import type { Payload } from 'payload'
import type { BrowserContext, Page } from 'playwright-core'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { appPayloadOfFile } from '../helpers/appPayload.js'
import { fillField, hydrated, launchBrowser, screenshot } from '../helpers/browser.js'
import { browserLane } from '../helpers/browserLane.js'
import { requestsReported } from '../helpers/requestsReported.js'
import { signIn } from '../helpers/signIn.js'
import { mailbox } from '../helpers/smtpInbox.js'

const { appUrl } = browserLane()
// One Payload on the app's database for the file: the tests look at what is stored between steps.
const appPayload = appPayloadOfFile()
const withAppPayload = async <T>(work: (payload: Payload) => Promise<T>): Promise<T> =>
  work(await appPayload.payload())
const email = 'changes-her-password@example.com'
const password = 'a-long-and-unusual-passphrase-42'
const newPassword = 'granite-otter-whistles-at-dawn-7'
let browser: BrowserContext
let page: Page

beforeAll(async () => {
  await withAppPayload(async (payload) => {
    await payload.delete({
      collection: 'users',
      overrideAccess: true,
      where: { email: { equals: email } },
    })
    await payload.create({
      collection: 'users',
      data: { email, name: 'Charlotte Changer', password, roles: ['editor'] } as never,
    })
  })
  browser = await launchBrowser()
  page = await browser.newPage()
})
afterAll(async () => {
  await appPayload.close()
  await browser?.close()
})

const current = () => page.locator('#backoffice-current-password')
const next = () => page.locator('#backoffice-new-password')
const submit = () => page.locator('.drawer button[type="submit"]')
const confirmation = () => page.locator('#backoffice-confirm-password')
/** The account's stored password hash, to see whether anything changed. */
const storedHash = () =>
  withAppPayload(async (payload) => {
    const { docs } = await payload.find({
      collection: 'users',
      overrideAccess: true,
      showHiddenFields: true,
      where: { email: { equals: email } },
    })
    return (docs[0] as { hash?: string }).hash
  })

describe('changing one’s password from the account page in Chromium', () => {
  it("finding 'passwords do not match': a mismatched confirmation is refused in the browser, nothing is sent and the password is unchanged", async () => {
    await signIn(page, appUrl, email, password)
    await page.goto(`${appUrl}/admin/account`)
    const hashBefore = await storedHash()
    await hydrated(page.locator('#backoffice-change-password-open'))
    await page.locator('#backoffice-change-password-open').click()
    await current().waitFor({ state: 'visible' })
    await fillField(page, '#backoffice-current-password', password)
    await fillField(page, '#backoffice-new-password', newPassword)
    await fillField(page, '#backoffice-confirm-password', 'granite-otter-whistles-at-dusk-7')
    const sent: string[] = []
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/api/')) {
        sent.push(`${request.method()} ${new URL(request.url()).pathname}`)
      }
    })
    await submit().click()
    await page
      .locator('.drawer')
      .getByRole('alert')
      .filter({ hasText: 'passwords do not match' })
      .waitFor()
    expect(await confirmation().getAttribute('aria-invalid')).toBe('true')
    expect(
      await page
        .locator(`[id="${await confirmation().getAttribute('aria-describedby')}"]`)
        .innerText(),
    ).toBe('passwords do not match')
    expect(await page.locator('.drawer').getByLabel('Confirm password').count()).toBe(1)
    await requestsReported(page)
    expect(sent.filter((request) => request.includes('change-password'))).toEqual([])
    expect(await storedHash()).toBe(hashBefore)
    await screenshot(page, 'change-password-passwords-differ')
    await page.locator('.drawer__close').first().click()
    await current().waitFor({ state: 'detached' })
  })

  it('issue 38 item 6: the current password typed as the new one is not all green: "Differs from the current password" is unmet, and the server refuses it', async () => {
    const hashBefore = await storedHash()
    await page.locator('#backoffice-change-password-open').click()
    await current().waitFor({ state: 'visible' })
    await fillField(page, '#backoffice-current-password', password)
    await fillField(page, '#backoffice-new-password', password)
    await fillField(page, '#backoffice-confirm-password', password)
    const differs = page.locator('.drawer li[data-rule="differsFromCurrent"]')
    // The other rules are met (the length first), this one is not.
    await page.locator('.drawer li[data-rule="minLength"][data-met="true"]').waitFor()
    await expect.poll(() => differs.getAttribute('data-met')).toBe('false')
    expect(await differs.innerText()).toContain('Differs from the current password')
    await screenshot(page, 'change-password-same-as-current')
    // One more character and it is met.
    await fillField(page, '#backoffice-new-password', `${password}!`)
    await expect.poll(() => differs.getAttribute('data-met')).toBe('true')
    await fillField(page, '#backoffice-new-password', password)
    await expect.poll(() => differs.getAttribute('data-met')).toBe('false')

    const answered = page.waitForResponse('**/api/users/change-password')
    await submit().click()
    const answer = await answered
    expect(answer.status()).toBe(400)
    expect(
      ((await answer.json()) as { errors: { data?: { code?: string } }[] }).errors[0]?.data?.code,
    ).toBe('PASSWORD_UNCHANGED')
    await page
      .getByText('The new password must be different from the current one.')
      .first()
      .waitFor()
    expect(await storedHash()).toBe(hashBefore)
    await page.locator('.drawer__close').first().click()
    await current().waitFor({ state: 'detached' })
  })

  it('opens a drawer, disables it while the request runs, then clears it, closes it and says so', async () => {
    await page.goto(`${appUrl}/admin/account`)
    await page.getByRole('heading', { name: 'Password', exact: true }).waitFor()
    // The account form is React's, so whatever it shows or hides, it has done.
    await hydrated(page.locator('#backoffice-change-password-open'))
    // Payload's own button, which would skip the current password, gives way to the plugin's.
    await expect.poll(() => page.locator('#change-password').isVisible()).toBe(false)
    await screenshot(page, 'change-password-section')

    await page.locator('#backoffice-change-password-open').click()
    await current().waitFor({ state: 'visible' })
    await fillField(page, '#backoffice-current-password', password)
    await fillField(page, '#backoffice-new-password', newPassword)
    await fillField(page, '#backoffice-confirm-password', newPassword)
    await page.locator('.drawer li[data-rule="minLength"][data-met="true"]').waitFor()
    await screenshot(page, 'change-password-drawer')

    // Hold the answer back a moment, so the pending state can be seen.
    let release = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    await page.route('**/api/users/change-password', async (route) => {
      await held
      await route.continue()
    })
    await submit().click()
    await page.waitForFunction(
      () =>
        (document.querySelector('#backoffice-current-password') as HTMLInputElement | null)
          ?.disabled === true,
    )
    expect(await current().isDisabled()).toBe(true)
    expect(await next().isDisabled()).toBe(true)
    expect(await confirmation().isDisabled()).toBe(true)
    expect(await submit().isDisabled()).toBe(true)
    await screenshot(page, 'change-password-pending')
    release()

    await page.getByText('Password changed successfully').first().waitFor()
    await current().waitFor({ state: 'detached' })
    await screenshot(page, 'change-password-success')
    await page.unroute('**/api/users/change-password')

    // Opened again, both fields are empty.
    await page.locator('#backoffice-change-password-open').click()
    await current().waitFor({ state: 'visible' })
    expect(await current().inputValue()).toBe('')
    expect(await next().inputValue()).toBe('')
    expect(await confirmation().inputValue()).toBe('')
    await page.locator('.drawer__close').first().click()
    await current().waitFor({ state: 'detached' })

    // Matched by subject: a new-browser notice for an earlier sign-in may arrive first.
    await mailbox(browserLane().mailDir).waitFor(
      (mail) => mail.to.includes(email) && mail.subject === 'Your password was changed',
    )
  })

  it('shows the server’s message when the current password is wrong, and changes nothing', async () => {
    await page.locator('#backoffice-change-password-open').click()
    await fillField(page, '#backoffice-current-password', 'not-my-password-at-all')
    await fillField(page, '#backoffice-new-password', 'yet-another-unusual-passphrase-5')
    await fillField(page, '#backoffice-confirm-password', 'yet-another-unusual-passphrase-5')
    await submit().click()
    await page.getByText('The current password is incorrect.').first().waitFor()
    // Enabled again, the typed values kept for a correction.
    expect(await current().isDisabled()).toBe(false)
    expect(await current().inputValue()).toBe('not-my-password-at-all')
    await page.locator('.drawer__close').first().click()
  })

  it('signs in with the new password after signing out', async () => {
    await page.goto(`${appUrl}/admin/logout`)
    await page.waitForURL((url) => url.pathname === '/admin/login')
    await signIn(page, appUrl, email, newPassword)
    await page.locator('.dashboard').first().waitFor()
    await screenshot(page, 'change-password-signed-in-again')
  })

  it('shows the confirmation and its refusal in German on a phone-sized window', async () => {
    const german = await launchBrowser({ locale: 'de-DE' })
    try {
      await german.addCookies([{ name: 'payload-lng', url: appUrl, value: 'de' }])
      const phone = await german.newPage()
      await phone.setViewportSize({ height: 844, width: 390 })
      await signIn(phone, appUrl, email, newPassword)
      await phone.goto(`${appUrl}/admin/account`)
      await hydrated(phone.locator('#backoffice-change-password-open'))
      await phone.locator('#backoffice-change-password-open').click()
      await fillField(phone, '#backoffice-current-password', newPassword)
      await fillField(phone, '#backoffice-new-password', 'granite-otter-whistles-at-noon-7')
      await fillField(phone, '#backoffice-confirm-password', 'granite-otter-whistles-at-dusk-7')
      await phone.locator('.drawer button[type="submit"]').click()
      await phone
        .locator('.drawer')
        .getByRole('alert')
        .filter({ hasText: 'Passwörter stimmen nicht überein' })
        .waitFor()
      expect(await phone.locator('.drawer').getByLabel('Passwort bestätigen').count()).toBe(1)
      await screenshot(phone, 'change-password-german-390')
    } finally {
      await german.close()
    }
  })
})
