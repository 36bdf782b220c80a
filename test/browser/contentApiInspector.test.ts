import type { BrowserContext, Page, Request } from 'playwright-core'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { drawLandscape, palettes } from '../../dev/seed/images.js'
import { paragraph, text } from '../../dev/seed/richText.js'
import { withAppPayload } from '../helpers/appPayload.js'
import {
  adminHydrated,
  fillField,
  hydrated,
  launchBrowser,
  screenshot,
} from '../helpers/browser.js'
import { browserLane } from '../helpers/browserLane.js'
import { signIn } from '../helpers/signIn.js'

const { appUrl } = browserLane()
const password = 'a-long-and-unusual-passphrase-42'
const stamp = Date.now()
const adminEmail = `content-api-admin-${stamp}@example.com`
const ids: Record<'draftOnly' | 'media' | 'published', number | string> = {
  draftOnly: 0,
  media: 0,
  published: 0,
}
let browser: BrowserContext
let page: Page

beforeAll(async () => {
  await withAppPayload(async (payload) => {
    await payload.create({
      collection: 'users',
      data: { email: adminEmail, password, roles: ['admin'] },
    })
    const picture = await drawLandscape(palettes.forest, 400, 250)
    const media = await payload.create({
      collection: 'media',
      data: { alt: 'Forest' },
      file: {
        data: picture,
        mimetype: 'image/png',
        name: `api-forest-${stamp}.png`,
        size: picture.length,
      },
    })
    ids.media = media.id
    // Published as "Menu", then a newer draft "Menu (autumn)", and a German title.
    const published = await payload.create({
      collection: 'pages',
      data: {
        _status: 'published',
        content: [paragraph(text('Soup of the day.'))],
        heroImage: media.id,
        slug: `api-menu-${stamp}`,
        title: 'Menu',
      },
    })
    await payload.update({
      collection: 'pages',
      data: { title: 'Menu (autumn)' },
      draft: true,
      id: published.id,
    })
    await payload.update({
      collection: 'pages',
      data: { title: 'Speisekarte' },
      draft: true,
      id: published.id,
      locale: 'de',
    })
    ids.published = published.id
    const draft = await payload.create({
      collection: 'pages',
      data: { _status: 'draft', slug: `api-secret-${stamp}`, title: 'Unannounced page' },
      draft: true,
    })
    ids.draftOnly = draft.id
  })
  browser = await launchBrowser()
  await browser.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: appUrl })
  page = await browser.newPage()
  await signIn(page, appUrl, adminEmail, password)
})
afterAll(async () => {
  await browser?.close()
})

const apiLink = () => page.locator('.query-inspector__api-url a')
/** The JSON the inspector shows, read back from its tree. */
const shownJSON = () => page.locator('.query-inspector__results').innerText()
const openInspector = async (path: string) => {
  await page.goto(`${appUrl}/admin/${path}/api`)
  await adminHydrated(page)
  await apiLink().waitFor()
  await hydrated(page.locator('#field-authenticated'))
}
/** The next request the inspector sends to the REST API. */
const nextApiRequest = (): Promise<Request> =>
  page.waitForRequest(
    (request) => request.method() === 'GET' && new URL(request.url()).pathname.startsWith('/api/'),
  )

describe('record API inspector', () => {
  it('shows the request URL with a copy button and a link that opens in a new tab', async () => {
    await openInspector(`collections/pages/${ids.published}`)
    const url = `${appUrl}/api/pages/${ids.published}?depth=2&draft=false&locale=en&trash=false`
    await expect.poll(() => apiLink().innerText()).toBe(url)
    await expect.poll(() => apiLink().getAttribute('target')).toBe('_blank')
    await expect.poll(() => apiLink().getAttribute('rel')).toContain('noopener')

    await page.locator('.query-inspector__api-url .copy-to-clipboard').click()
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(url)

    const [tab] = await Promise.all([browser.waitForEvent('page'), apiLink().click()])
    await tab.waitForLoadState()
    expect(tab.url()).toBe(url)
    expect(JSON.parse(await tab.locator('body').innerText())).toMatchObject({
      id: ids.published,
      title: 'Menu',
    })
    await tab.close()
    await screenshot(page, 'content-api-inspector')
  })

  it('switches between the published document and its draft', async () => {
    await openInspector(`collections/pages/${ids.published}`)
    await expect.poll(shownJSON).toContain('"title": "Menu",')
    const request = nextApiRequest()
    await page.locator('#field-draft').check()
    expect(new URL((await request).url()).searchParams.get('draft')).toBe('true')
    await expect.poll(shownJSON).toContain('"title": "Menu (autumn)",')
    await expect.poll(() => apiLink().innerText()).toContain('draft=true')
    // Media have no drafts, so no draft switch.
    await openInspector(`collections/media/${ids.media}`)
    await expect.poll(() => page.locator('#field-authenticated').count()).toBe(1)
    await expect.poll(() => page.locator('#field-draft').count()).toBe(0)
  })

  it('sends the request with or without the session', async () => {
    await openInspector(`collections/pages/${ids.draftOnly}`)
    await expect.poll(shownJSON).toContain('"title": "Unannounced page",')
    const anonymous = nextApiRequest()
    await page.locator('#field-authenticated').uncheck()
    expect((await (await anonymous).allHeaders()).cookie).toBeUndefined()
    // Without the session a page never published does not exist.
    await expect.poll(shownJSON).toContain('Not Found')
    await expect.poll(shownJSON).not.toContain('Unannounced page')
    await screenshot(page, 'content-api-unauthenticated')
    const signedIn = nextApiRequest()
    await page.locator('#field-authenticated').check()
    expect((await (await signedIn).allHeaders()).cookie).toMatch(/payload-token=/)
    await expect.poll(shownJSON).toContain('"title": "Unannounced page",')
  })

  it('asks for another locale and depth 0 to 10, shown as a collapsible tree with a full-screen view', async () => {
    await openInspector(`collections/pages/${ids.published}`)
    await page.locator('#field-locale').click()
    await page.getByRole('option', { exact: true, name: 'Deutsch' }).click()
    await expect.poll(() => apiLink().innerText()).toContain('locale=de')
    await page.locator('#field-draft').check()
    await expect.poll(shownJSON).toContain('"title": "Speisekarte",')

    const depth = page.locator('#field-depth')
    await expect
      .poll(() => depth.evaluate((input: HTMLInputElement) => [input.min, input.max, input.step]))
      .toEqual(['0', '10', '1'])
    await expect.poll(shownJSON).toContain('"filename": "api-forest-')
    await fillField(page, '#field-depth', '0')
    await expect.poll(() => apiLink().innerText()).toContain('depth=0')
    await expect.poll(shownJSON).toContain(`"heroImage": ${ids.media},`)
    await fillField(page, '#field-depth', '10')
    await expect.poll(() => apiLink().innerText()).toContain('depth=10')
    await expect.poll(shownJSON).toContain('"filename": "api-forest-')

    // The heroImage object folds away and opens again.
    const heroToggle = page.locator('.query-inspector__list-toggle', { hasText: '"heroImage":' })
    await heroToggle.click()
    await expect.poll(shownJSON).not.toContain('"filename": "api-forest-')
    await heroToggle.click()
    await expect.poll(shownJSON).toContain('"filename": "api-forest-')

    await page.getByRole('button', { name: 'toggle fullscreen' }).click()
    await expect.poll(() => page.locator('.query-inspector--fullscreen').count()).toBe(1)
    await screenshot(page, 'content-api-fullscreen')
    await page.getByRole('button', { name: 'toggle fullscreen' }).click()
    await expect.poll(() => page.locator('.query-inspector--fullscreen').count()).toBe(0)
  })

  it("says 'Error parsing response' and 'Error making request' when the answer or the network fails", async () => {
    await openInspector(`collections/pages/${ids.published}`)
    // A proxy in front of the app answering with its own HTML error page instead of JSON.
    await page.route(/\/api\/pages\//, (route) =>
      route.fulfill({
        body: '<html><body><h1>502 Bad Gateway</h1></body></html>',
        contentType: 'text/html',
        status: 502,
      }),
    )
    await fillField(page, '#field-depth', '1')
    await page.getByText('Error parsing response', { exact: true }).waitFor()
    await screenshot(page, 'content-api-parse-error')
    await page.unroute(/\/api\/pages\//)
    // The connection drops.
    await browser.setOffline(true)
    await fillField(page, '#field-depth', '0')
    await page.getByText('Error making request', { exact: true }).waitFor()
    await screenshot(page, 'content-api-request-error')
    await browser.setOffline(false)
  })

  it('inspects a global at /api/globals/{slug}', async () => {
    await openInspector('globals/site-settings')
    await expect
      .poll(() => apiLink().innerText())
      .toBe(`${appUrl}/api/globals/site-settings?depth=2&draft=false&locale=en&trash=false`)
    await expect.poll(shownJSON).toContain('"announcement": {')
    // Site settings have drafts, so the draft switch is there too.
    await expect.poll(() => page.locator('#field-draft').count()).toBe(1)
  })

  it('shows the inspector in German, French, Dutch and right-to-left Arabic', async () => {
    const labels = {
      ar: 'مصادق عليه',
      de: 'Authentifiziert',
      fr: 'Authentifié',
      nl: 'Geverifieerd',
    }
    for (const [language, authenticated] of Object.entries(labels)) {
      await browser.addCookies([{ name: 'payload-lng', url: appUrl, value: language }])
      await openInspector(`collections/pages/${ids.published}`)
      await page.locator('label[for="field-authenticated"]').getByText(authenticated).waitFor()
      await expect
        .poll(() => page.locator('html').getAttribute('dir'))
        .toBe(language === 'ar' ? 'RTL' : 'LTR')
      // The JSON is code: left to right even when the admin reads right to left.
      await expect
        .poll(() =>
          page
            .locator('.query-inspector__results')
            .evaluate((element) => getComputedStyle(element).direction),
        )
        .toBe('ltr')
      await screenshot(page, `content-api-${language}`)
    }
    await browser.addCookies([{ name: 'payload-lng', url: appUrl, value: 'en' }])
  })
})
