import type { BrowserContext, Page } from 'playwright-core'

import { ar } from '@payloadcms/translations/languages/ar'
import { de } from '@payloadcms/translations/languages/de'
import { en } from '@payloadcms/translations/languages/en'
import { fr } from '@payloadcms/translations/languages/fr'
import { nl } from '@payloadcms/translations/languages/nl'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { labels } from '../../dev/labels.js'
import { animationsEnded } from '../helpers/animationsEnded.js'
import { withAppPayload } from '../helpers/appPayload.js'
import { adminHydrated, hydrated, launchBrowser, screenshot } from '../helpers/browser.js'
import { browserLane } from '../helpers/browserLane.js'
import { signIn } from '../helpers/signIn.js'

const { appUrl } = browserLane()
const password = 'a-long-and-unusual-passphrase-42'
const stamp = Date.now()
const email = `content-nav-admin-${stamp}@example.com`
let pageId: number | string
let browser: BrowserContext
let page: Page

beforeAll(async () => {
  await withAppPayload(async (payload) => {
    await payload.create({ collection: 'users', data: { email, password, roles: ['admin'] } })
    const created = await payload.create({
      collection: 'pages',
      data: { _status: 'published', slug: `navigation-${stamp}`, title: `Navigation ${stamp}` },
    })
    await payload.update({
      collection: 'pages',
      data: { title: `Navigation DE ${stamp}` },
      id: created.id,
      locale: 'de',
    })
    pageId = created.id
  })
  browser = await launchBrowser()
  page = await browser.newPage()
  await signIn(page, appUrl, email, password)
})
afterAll(async () => {
  await browser?.close()
})

/** Opens the side navigation with the menu button, once the page has hydrated, unless it is open. */
const openNav = async (target: Page) => {
  await adminHydrated(target)
  const nav = target.locator('aside.nav')
  if (!(await nav.getAttribute('class'))?.includes('nav--nav-open')) {
    const toggler = target.locator('button.nav-toggler:visible').first()
    await hydrated(toggler)
    await toggler.click()
  }
  await target.locator('aside.nav.nav--nav-open').waitFor()
}

const tagOf = (target: Page, selector: string) =>
  target.locator(selector).evaluate((element) => element.tagName)

/** The nav preferences Payload stored for the signed-in user. */
const navPreferences = (target: Page) =>
  target.evaluate(
    async () =>
      (await (await fetch('/api/payload-preferences/nav', { credentials: 'include' })).json())
        .value,
  )

describe('the navigation sidebar', () => {
  it('groups the entries, highlights the current one and does not link it when the path matches', async () => {
    await page.goto(`${appUrl}/admin/collections/pages`)
    await openNav(page)
    const content = page.locator('#nav-group-Content')
    for (const entry of ['#nav-pages', '#nav-posts', '#nav-media']) {
      await content.locator(entry).waitFor()
    }
    await page.locator('#nav-group-Administration #nav-users').waitFor()

    // On the list itself: highlighted, and plain text rather than a link to where one already is.
    await expect.poll(() => tagOf(page, '#nav-pages')).toBe('DIV')
    await expect.poll(() => page.locator('#nav-pages .nav__link-indicator').count()).toBe(1)
    await expect.poll(() => tagOf(page, '#nav-posts')).toBe('A')
    await expect
      .poll(() => page.locator('#nav-posts').getAttribute('href'))
      .toBe('/admin/collections/posts')
    await expect.poll(() => page.locator('#nav-posts .nav__link-indicator').count()).toBe(0)
    await screenshot(page, 'content-nav-current-entry')

    // Inside one of its documents the entry stays highlighted, and links back to the list.
    await page.goto(`${appUrl}/admin/collections/pages/${pageId}`)
    await openNav(page)
    await expect.poll(() => tagOf(page, '#nav-pages')).toBe('A')
    await expect.poll(() => page.locator('#nav-pages .nav__link-indicator').count()).toBe(1)
  })

  it("keeps a group open or closed across reloads, from the user's saved preferences", async () => {
    await page.goto(`${appUrl}/admin/collections/posts`)
    await openNav(page)
    const group = page.locator('#nav-group-Content')
    await expect.poll(() => group.getAttribute('class')).not.toContain('nav-group--collapsed')

    const saved = page.waitForResponse(
      (response) =>
        response.url().includes('/api/payload-preferences/nav') &&
        response.request().method() === 'POST',
    )
    await group.locator('.nav-group__toggle').click()
    await saved
    await expect.poll(() => group.getAttribute('class')).toContain('nav-group--collapsed')
    expect((await navPreferences(page)).groups.Content).toEqual({ open: false })

    await page.reload()
    await openNav(page)
    await expect.poll(() => group.getAttribute('class')).toContain('nav-group--collapsed')
    await expect.poll(() => page.locator('#nav-posts').isVisible()).toBe(false)
    await screenshot(page, 'content-nav-group-closed')

    // Opened again, it stays open after the next reload; the other group was never touched.
    await group.locator('.nav-group__toggle').click()
    await expect
      .poll(async () => (await navPreferences(page)).groups.Content)
      .toEqual({ open: true })
    await page.reload()
    await openNav(page)
    await expect.poll(() => group.getAttribute('class')).not.toContain('nav-group--collapsed')
    await page.locator('#nav-posts').waitFor()
    await expect
      .poll(() => page.locator('#nav-group-Administration').getAttribute('class'))
      .not.toContain('nav-group--collapsed')
  })

  it('closes with its own close button on a phone-sized screen', async () => {
    const phone = await browser.newPage()
    try {
      await phone.setViewportSize({ height: 844, width: 390 })
      await phone.goto(`${appUrl}/admin/collections/pages`)
      // Hydrated: the effect that closes the navigation on a small screen has run.
      await adminHydrated(phone)
      const nav = phone.locator('aside.nav')
      await expect.poll(() => nav.getAttribute('class')).not.toContain('nav--nav-open')

      const toggler = phone.locator('button.nav-toggler:visible').first()
      await hydrated(toggler)
      await toggler.click()
      await phone.locator('aside.nav.nav--nav-open').waitFor()
      const close = phone.locator('.nav__mobile-close')
      await close.waitFor({ state: 'visible' })
      await phone.locator('#nav-pages').waitFor({ state: 'visible' })
      // The navigation slides in; the picture is taken once it is in place.
      await animationsEnded(phone)
      await screenshot(phone, 'content-nav-mobile-open')

      await close.click()
      await expect.poll(() => nav.getAttribute('class')).not.toContain('nav--nav-open')
      await animationsEnded(phone)
      await screenshot(phone, 'content-nav-mobile-closed')
    } finally {
      await phone.close()
    }
  })
})

describe('the document tabs', () => {
  const tab = (target: Page, name: string) =>
    target.locator('.doc-tabs .doc-tab').filter({ hasText: name }).first()

  it('carry the locale on their links and show the active tab as plain text', async () => {
    await page.goto(`${appUrl}/admin/collections/pages/${pageId}?locale=de`)
    await adminHydrated(page)
    await expect
      .poll(() => page.locator('#field-title').inputValue())
      .toBe(`Navigation DE ${stamp}`)
    await expect.poll(() => tagOf(page, '.doc-tabs .doc-tab--active')).toBe('DIV')
    await expect.poll(() => page.locator('.doc-tabs .doc-tab--active').innerText()).toBe('Edit')
    await expect
      .poll(() => tab(page, 'Versions').getAttribute('href'))
      .toBe(`/admin/collections/pages/${pageId}/versions?locale=de`)
    await expect
      .poll(() => tab(page, 'API').getAttribute('href'))
      .toBe(`/admin/collections/pages/${pageId}/api?locale=de`)
    await screenshot(page, 'content-tabs-edit-de')

    await tab(page, 'Versions').click()
    await page.waitForURL(
      (url) => url.pathname.endsWith('/versions') && url.searchParams.get('locale') === 'de',
    )
    await page.locator('table tbody tr').first().waitFor()
    await expect
      .poll(() => page.locator('.doc-tabs .doc-tab--active').innerText())
      .toContain('Versions')
    await expect.poll(() => tagOf(page, '.doc-tabs .doc-tab--active')).toBe('DIV')
    await expect
      .poll(() => tab(page, 'Edit').getAttribute('href'))
      .toBe(`/admin/collections/pages/${pageId}?locale=de`)
    await expect
      .poll(() => tab(page, 'API').getAttribute('href'))
      .toBe(`/admin/collections/pages/${pageId}/api?locale=de`)
    await screenshot(page, 'content-tabs-versions-de')
  })
})

describe('the theme', () => {
  const themeCookie = async () =>
    (await browser.cookies(appUrl)).find((cookie) => cookie.name === 'payload-theme')
  const dataTheme = () => page.locator('html').getAttribute('data-theme')
  const days = (expires: number) => (expires * 1000 - Date.now()) / 86_400_000

  it('keeps light and dark in the payload-theme cookie for 365 days, and auto removes it', async () => {
    await page.emulateMedia({ colorScheme: 'dark' })
    await page.goto(`${appUrl}/admin/account`)
    await adminHydrated(page)
    await hydrated(page.locator('#field-theme-light'))

    await page.locator('label[for="field-theme-light"]').click()
    await expect.poll(dataTheme).toBe('light')
    const light = await themeCookie()
    expect(light?.value).toBe('light')
    expect(days(light!.expires)).toBeGreaterThan(364.9)
    expect(days(light!.expires)).toBeLessThanOrEqual(365)
    await screenshot(page, 'content-theme-light')

    await page.locator('label[for="field-theme-dark"]').click()
    await expect.poll(dataTheme).toBe('dark')
    const dark = await themeCookie()
    expect(dark?.value).toBe('dark')
    expect(days(dark!.expires)).toBeGreaterThan(364.9)
    await page.reload()
    await adminHydrated(page)
    await expect.poll(dataTheme).toBe('dark')
    await screenshot(page, 'content-theme-dark')

    // Auto: no cookie, the system's preference decides (here a light system after a dark one).
    await hydrated(page.locator('#field-theme-auto'))
    await page.locator('label[for="field-theme-auto"]').click()
    await expect.poll(themeCookie).toBeUndefined()
    expect(await dataTheme()).toBe('dark')
    await page.emulateMedia({ colorScheme: 'light' })
    await page.reload()
    await adminHydrated(page)
    await expect.poll(dataTheme).toBe('light')
    await expect.poll(() => themeCookie()).toBeUndefined()
  })
})

describe('the admin languages', () => {
  const languages = { ar, de, en, fr, nl }
  const languageCookie = async () =>
    (await browser.cookies(appUrl)).find((cookie) => cookie.name === 'payload-lng')?.value
  const html = (attribute: string) => page.locator('html').getAttribute(attribute)

  it("switches language on the account page, which stores it in Payload's payload-lng cookie", async () => {
    await page.goto(`${appUrl}/admin/account`)
    await adminHydrated(page)
    await hydrated(page.locator('.payload-settings__language .rs__control'))
    await page.locator('.payload-settings__language .rs__control').click()
    await page
      .locator('.payload-settings__language .rs__option')
      .getByText('Deutsch', { exact: true })
      .click()
    await screenshot(page, 'content-language-account-switching')
    await expect.poll(languageCookie, { timeout: 30_000 }).toBe('de')
    // The page re-renders in German at once, and stays German when loaded again.
    await page.getByText(de.translations.general.adminTheme, { exact: true }).waitFor()
    await page.reload()
    await adminHydrated(page)
    await expect.poll(() => html('lang')).toBe('de')
    await page.getByText(de.translations.general.adminTheme, { exact: true }).waitFor()
    await screenshot(page, 'content-language-account-de')
  })

  it.each(['en', 'de', 'fr', 'nl', 'ar'] as const)(
    'shows the content screens in %s',
    async (code) => {
      const { translations } = languages[code]
      // What the account page's select stores, set directly for the remaining languages.
      await browser.addCookies([{ name: 'payload-lng', url: appUrl, value: code }])
      const dev = code === 'ar' ? 'en' : code

      await page.goto(`${appUrl}/admin/collections/pages`)
      await adminHydrated(page)
      await expect.poll(() => html('lang')).toBe(code)
      await expect
        .poll(async () => (await html('dir'))?.toLowerCase())
        .toBe(code === 'ar' ? 'rtl' : 'ltr')
      await expect
        .poll(() => page.locator('h1.list-header__title').innerText())
        .toBe(labels.pages.plural[dev])
      await page.getByText(translations.general.createNew, { exact: true }).first().waitFor()
      await expect
        .poll(() => page.locator('th#heading-title').innerText())
        .toContain(labels.fields.title[dev])
      await openNav(page)
      await page.locator('#nav-pages').waitFor()
      await expect
        .poll(() => page.locator(`[id="nav-group-${labels.content[dev]}"] #nav-pages`).count())
        .toBe(1)
      // The navigation slides in; the picture is taken once it is in place.
      await animationsEnded(page)
      if (code === 'ar') {
        // Right to left: the navigation opens on the right-hand side.
        const box = await page.locator('aside.nav').boundingBox()
        expect(box!.x).toBeGreaterThan(1440 / 2)
      }
      await screenshot(page, `content-language-${code}-list`)

      await page.goto(`${appUrl}/admin/collections/pages/${pageId}`)
      await adminHydrated(page)
      await page.locator('#field-title').waitFor()
      await expect
        .poll(() => page.locator('label[for="field-title"]').innerText())
        .toContain(labels.fields.title[dev])
      await expect
        .poll(() => page.locator('.doc-tabs .doc-tab--active').innerText())
        .toBe(translations.general.edit)
      await screenshot(page, `content-language-${code}-document`)

      await page.goto(`${appUrl}/admin/collections/pages/trash`)
      await adminHydrated(page)
      await expect
        .poll(() => page.locator('#trash-view-pill').innerText())
        .toBe(translations.general.trash)
      await screenshot(page, `content-language-${code}-trash`)
    },
  )
})
