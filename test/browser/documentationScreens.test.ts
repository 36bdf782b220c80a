import type { BrowserContext, Locator, Page } from 'playwright-core'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { appPayloadOfFile } from '../helpers/appPayload.js'
import { fillField, hydrated, launchBrowser } from '../helpers/browser.js'
import { browserLane } from '../helpers/browserLane.js'
import { docScreenshot } from '../helpers/docScreenshot.js'
import { signIn } from '../helpers/signIn.js'

/**
 * The screens the documentation shows (issue 38), in English, German and Arabic, on a 1440 px
 * desktop and a 390 px phone: one's own account page, another account's page as an administrator
 * sees it, a refused sign-in, and the security overview. Each is checked as a person reads it (its
 * language and direction, its heading, the plugin's part no wider than the screen); with
 * SCREENSHOTS_DIR set (`npm run screenshots`) each is also saved as docs/screenshots/{screen}-{language}-{size}.png.
 */
const { appUrl } = browserLane()
const password = 'a-long-and-unusual-passphrase-42'
const stamp = Date.now()
const adminEmail = `browser-screens-admin-${stamp}@example.com`
const staffEmail = `browser-screens-staff-${stamp}@example.com`
const app = appPayloadOfFile()

const sizes = {
  desktop: { height: 900, width: 1440 },
  phone: { height: 844, width: 390 },
} as const
// Arabic has no table of the plugin's own: its texts are English there, in Payload's Arabic admin.
const texts = {
  ar: {
    account: 'Sign-in and security',
    overview: 'Security overview',
    panel: 'Account security',
  },
  de: {
    account: 'Anmeldung und Sicherheit',
    overview: 'Sicherheitsübersicht',
    panel: 'Kontosicherheit',
  },
  en: {
    account: 'Sign-in and security',
    overview: 'Security overview',
    panel: 'Account security',
  },
} as const
type Language = keyof typeof texts

let staffId: number | string
const opened: BrowserContext[] = []

/** A browser in `language`, its admin language chosen by Payload's cookie. */
const browserIn = async (language: Language): Promise<Page> => {
  const browser = await launchBrowser({ locale: language === 'de' ? 'de-DE' : language })
  opened.push(browser)
  await browser.addCookies([{ name: 'payload-lng', url: appUrl, value: language }])
  return browser.newPage()
}

/** The page's language and direction, as the browser reads them. */
const expectLanguage = async (page: Page, language: Language) => {
  expect(await page.locator('html').getAttribute('lang')).toBe(language)
  expect((await page.locator('html').getAttribute('dir'))?.toLowerCase()).toBe(
    language === 'ar' ? 'rtl' : 'ltr',
  )
}

/** Nothing of the plugin's part is cut off at the side: it fits the width it is given. */
const fitsItsWidth = (page: Page, selector: string) =>
  page.locator(selector).evaluate((element) => element.scrollWidth <= element.clientWidth + 1)

/** Scrolls the page so the element starts just below the document's sticky header. */
const scrolledToTop = (locator: Locator) =>
  locator.evaluate((element) => {
    const header = document.querySelector('.doc-controls')?.getBoundingClientRect().bottom ?? 0
    window.scrollBy(0, element.getBoundingClientRect().top - Math.max(header, 0) - 16)
  })

beforeAll(async () => {
  const payload = await app.payload()
  for (const [email, roles] of [
    [adminEmail, ['admin']],
    [staffEmail, ['editor']],
  ] as const) {
    const created = await payload.create({
      collection: 'users',
      data: { email, name: email.split('@')[0], password, roles: [...roles] } as never,
      overrideAccess: true,
    })
    if (email === staffEmail) {
      staffId = created.id
    }
  }
})
afterAll(async () => {
  await Promise.all(opened.splice(0).map((browser) => browser.close()))
  await app.close()
})

describe('the documentation’s screens, in three languages, on a desktop and a phone', () => {
  for (const language of ['en', 'de', 'ar'] as const) {
    it(`in "${language}": the account page, another account's page, a refused sign-in and the security overview`, async () => {
      const text = texts[language]

      // A refused sign-in: the error stays above the form.
      const visitor = await browserIn(language)
      for (const [size, viewport] of Object.entries(sizes)) {
        await visitor.setViewportSize(viewport)
        await visitor.goto(`${appUrl}/admin/login`)
        await expectLanguage(visitor, language)
        // An address with no account: the same refusal, and no account's lockout counting up.
        await fillField(visitor, '#field-email', `browser-screens-nobody-${stamp}@example.com`)
        await fillField(visitor, '#field-password', 'not-the-password')
        await hydrated(visitor.locator('button[type="submit"]'))
        await visitor.locator('button[type="submit"]').click()
        const alert = visitor.locator('[role="alert"]#backoffice-sign-in-alert')
        await alert.waitFor()
        expect((await alert.textContent())?.trim()).not.toBe('')
        expect(
          await fitsItsWidth(visitor, 'form[aria-describedby="backoffice-sign-in-alert"]'),
        ).toBe(true)
        await docScreenshot(visitor, `sign-in-error-${language}-${size}`, { viewport })
      }

      const admin = await browserIn(language)
      await signIn(admin, appUrl, adminEmail, password)
      // Each screen opened at each size, as a person on that screen opens it (a page made narrower
      // after loading keeps the wide page's scroll position in a right-to-left layout).
      for (const [size, viewport] of Object.entries(sizes)) {
        await admin.setViewportSize(viewport)

        // One's own account page.
        await admin.goto(`${appUrl}/admin/account`)
        await admin.getByRole('heading', { name: text.account }).waitFor()
        await admin.locator('.backoffice-sessions li').first().waitFor()
        await expectLanguage(admin, language)
        expect(await fitsItsWidth(admin, '.backoffice-account-security')).toBe(true)
        // The picture starts at the plugin's sections, below the app's own fields.
        await scrolledToTop(admin.getByRole('heading', { name: text.account }))
        await docScreenshot(admin, `account-page-${language}-${size}`, { viewport })

        // Another account's page: its security panel.
        await admin.goto(`${appUrl}/admin/collections/users/${staffId}`)
        const panel = admin.getByRole('region', { exact: true, name: text.panel })
        await panel.waitFor()
        // Loaded: its actions are offered and neither it nor its sessions say "Loading…".
        await panel.getByRole('group').first().waitFor()
        await expect.poll(() => panel.locator('p[role="status"]').count()).toBe(0)
        await expectLanguage(admin, language)
        expect(
          await panel.evaluate((element) => element.scrollWidth <= element.clientWidth + 1),
        ).toBe(true)
        await scrolledToTop(panel)
        await docScreenshot(admin, `another-account-${language}-${size}`, { viewport })

        // The security overview, with its chart drawn.
        await admin.goto(`${appUrl}/admin/security`)
        await admin.getByRole('heading', { level: 1, name: text.overview }).waitFor()
        await admin.locator('[data-overview-at]').waitFor()
        await admin.locator('canvas').first().waitFor()
        await expectLanguage(admin, language)
        await docScreenshot(admin, `security-overview-${language}-${size}`, { viewport })
      }
    })
  }
})
