import type { BrowserContext, Page } from 'playwright-core'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { withAppPayload } from '../helpers/appPayload.js'
import { launchBrowser, screenshot } from '../helpers/browser.js'
import { browserLane } from '../helpers/browserLane.js'

const { appUrl } = browserLane()
let browser: BrowserContext
let page: Page

beforeAll(async () => {
  // An install with an account: an empty one sends the sign-in page on to create the first user.
  const email = 'reads-the-sign-in-page@example.com'
  await withAppPayload(async (payload) => {
    const { totalDocs } = await payload.count({
      collection: 'users',
      where: { email: { equals: email } },
    })
    if (totalDocs === 0) {
      await payload.create({
        collection: 'users',
        data: {
          email,
          name: 'Bea Branding',
          password: 'a-long-and-unusual-passphrase-42',
          roles: ['editor'],
        } as never,
      })
    }
  })
  browser = await launchBrowser()
  page = await browser.newPage()
})
afterAll(async () => {
  await browser?.close()
})

/** Whether `first` comes before `second` in the page (document order). */
const comesBefore = (first: string, second: string) =>
  page.evaluate(
    ([a, b]) => {
      const [one, two] = [document.querySelector(a!), document.querySelector(b!)]
      return Boolean(
        one && two && one.compareDocumentPosition(two) & Node.DOCUMENT_POSITION_FOLLOWING,
      )
    },
    [first, second],
  )

describe("the app's branding on the plugin's sign-in pages", () => {
  it("frames the sign-in form with the app's logo, beforeLogin and afterLogin, where Payload's login puts them", async () => {
    await page.goto(`${appUrl}/admin/login`)
    await page.locator('.login__brand .sandbox-logo').waitFor()
    await page
      .getByText('A sandbox for trying payload-backoffice: keep real data out of it.')
      .waitFor()
    await page.getByText('No account? Ask an administrator for an invitation.').waitFor()
    expect(await comesBefore('.login__brand', '.sandbox-notice')).toBe(true)
    expect(await comesBefore('.sandbox-notice', '#field-email')).toBe(true)
    expect(await comesBefore('#field-password', '.sandbox-access-hint')).toBe(true)
    await screenshot(page, 'branding-sign-in')
  })

  it('gives the app its say in the admin language the visitor reads', async () => {
    const german = await launchBrowser({ locale: 'de-DE' })
    try {
      const germanPage = await german.newPage()
      await germanPage.goto(`${appUrl}/admin/login`)
      await germanPage
        .getByText(
          'Sandbox zum Ausprobieren von payload-backoffice: keine echten Daten hier ablegen.',
        )
        .waitFor()
      await germanPage
        .getByText(
          'Kein Konto? Bitten Sie eine Administratorin oder einen Administrator um eine Einladung.',
        )
        .waitFor()
    } finally {
      await german.close()
    }
  })

  it('keeps the logo on the second-factor pages', async () => {
    for (const path of ['/admin/two-factor/verify', '/admin/two-factor/setup']) {
      await page.goto(`${appUrl}${path}`)
      await page.locator('.login__brand .sandbox-logo').waitFor()
    }
    await screenshot(page, 'branding-two-factor-setup')
  })
})
