import type { BrowserContext, Page, Request } from 'playwright-core'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { drawLandscape, palettes } from '../../dev/seed/images.js'
import { heading, paragraph, text } from '../../dev/seed/richText.js'
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
const adminEmail = `content-seo-admin-${stamp}@example.com`
const slug = `seo-check-${stamp}`
/** Autosave keeps what a test types, so each group of tests has a page of its own. */
const pages: Record<'gauges' | 'generate' | 'languages', number | string> = {
  gauges: 0,
  generate: 0,
  languages: 0,
}
let heroFilename: string
let browser: BrowserContext
let page: Page

beforeAll(async () => {
  await withAppPayload(async (payload) => {
    await payload.create({
      collection: 'users',
      data: { email: adminEmail, password, roles: ['admin'] },
    })
    const picture = await drawLandscape(palettes.dawn, 800, 500)
    heroFilename = `seo-hero-${stamp}.png`
    const hero = await payload.create({
      collection: 'media',
      data: { alt: 'A dawn landscape' },
      file: { data: picture, mimetype: 'image/png', name: heroFilename, size: picture.length },
    })
    for (const key of Object.keys(pages) as (keyof typeof pages)[]) {
      const doc = await payload.create({
        collection: 'pages',
        data: {
          _status: 'draft',
          content: [
            heading(1, 'Opening hours'),
            paragraph(
              text('Our shop opens at '),
              text('nine', { bold: true }),
              text(' every weekday and closes at six.'),
            ),
            paragraph(text('On Saturdays we open at ten and close at four; on Sundays we rest.')),
          ],
          heroImage: hero.id,
          slug: `${slug}-${key}`,
          title: 'Opening hours',
        },
        draft: true,
      })
      pages[key] = doc.id
    }
  })
  browser = await launchBrowser()
  page = await browser.newPage()
  await signIn(page, appUrl, adminEmail, password)
})
afterAll(async () => {
  await browser?.close()
})

const openSeoTab = async (pageId: number | string) => {
  await page.goto(`${appUrl}/admin/collections/pages/${pageId}`)
  await adminHydrated(page)
  await hydrated(page.getByRole('button', { exact: true, name: 'SEO' }))
  await page.getByRole('button', { exact: true, name: 'SEO' }).click()
  await page.locator('#field-meta__title').waitFor()
}

/** The pill and counter under the meta title or description. */
const gauge = (kind: 'description' | 'title') => {
  const root = page.locator(`.seo-meta--${kind} .seo-length`)
  return {
    count: () => root.locator('.seo-length__count').innerText(),
    pill: () => root.locator('.seo-length__pill').innerText(),
    verdict: () => root.getAttribute('data-verdict'),
  }
}

const overview = () => page.getByText(/^\d\/3 checks are passing$/).innerText()

describe('SEO fields', () => {
  it('the generate endpoints answer only a signed-in admin user', async () => {
    const body = JSON.stringify({
      collectionSlug: 'pages',
      doc: { title: 'Opening hours' },
      id: pages.generate,
    })
    // A browser says where a request comes from; Payload takes the session cookie only from its own origin.
    const headers = { 'Content-Type': 'application/json', Origin: appUrl }
    for (const kind of ['title', 'description', 'image', 'url']) {
      const anonymous = await fetch(`${appUrl}/api/plugin-seo/generate-${kind}`, {
        body,
        headers: { 'Content-Type': 'application/json' },
        method: 'POST',
      })
      expect(anonymous.status, kind).toBe(401)
      // The browser's session cookie makes the same request an authorised one.
      const signedIn = await page.request.post(`${appUrl}/api/plugin-seo/generate-${kind}`, {
        data: body,
        headers,
      })
      expect(signedIn.status(), kind).toBe(200)
    }
    const title = await page.request.post(`${appUrl}/api/plugin-seo/generate-title`, {
      data: body,
      headers,
    })
    expect(await title.json()).toEqual({ result: 'Opening hours | Backoffice Demo' })
    // A collection the SEO plugin does not serve is refused even with a session.
    const users = await page.request.post(`${appUrl}/api/plugin-seo/generate-title`, {
      data: JSON.stringify({ collectionSlug: 'users', doc: {} }),
      headers,
    })
    expect(users.status()).toBe(403)
  })

  it('gauges title and description lengths: missing, too short, almost there, good, too long', async () => {
    await openSeoTab(pages.gauges)
    await expect.poll(() => gauge('title').verdict()).toBe('missing')
    await expect.poll(() => gauge('title').pill()).toBe('Missing')
    await expect.poll(() => gauge('title').count()).toBe('0/50-60 chars, 50 to go')
    await expect.poll(() => gauge('description').pill()).toBe('Missing')
    await expect.poll(() => overview()).toBe('0/3 checks are passing')
    await screenshot(page, 'content-seo-missing')

    // Title 50–60; "almost there" from 90 % of the minimum (45 characters) on.
    const titleCases: [number, string, string, string][] = [
      [44, 'tooShort', 'Too short', '44/50-60 chars, 6 to go'],
      [45, 'almostThere', 'Almost there', '45/50-60 chars, 5 to go'],
      [50, 'good', 'Good', '50/50-60 chars, 10 left over'],
      [60, 'good', 'Good', '60/50-60 chars, 0 left over'],
      [61, 'tooLong', 'Too long', '61/50-60 chars, 1 too many'],
    ]
    for (const [length, verdict, pill, count] of titleCases) {
      await fillField(page, '#field-meta__title', 'T'.repeat(length))
      await expect
        .poll(() => gauge('title').verdict(), { message: `title of ${length}` })
        .toBe(verdict)
      await expect.poll(() => gauge('title').pill()).toBe(pill)
      await expect.poll(() => gauge('title').count()).toBe(count)
      if (length === 45) {
        await screenshot(page, 'content-seo-title-almost-there')
      }
    }
    // Description 100–150; "almost there" from 90 characters on.
    const descriptionCases: [number, string, string][] = [
      [89, 'tooShort', 'Too short'],
      [90, 'almostThere', 'Almost there'],
      [100, 'good', 'Good'],
      [150, 'good', 'Good'],
      [151, 'tooLong', 'Too long'],
    ]
    for (const [length, verdict, pill] of descriptionCases) {
      await fillField(page, '#field-meta__description', 'd'.repeat(length))
      await expect
        .poll(() => gauge('description').verdict(), { message: `description of ${length}` })
        .toBe(verdict)
      await expect.poll(() => gauge('description').pill()).toBe(pill)
    }
    // The bar: full and red when too long.
    const bar = page.locator('.seo-meta--description .seo-length__bar')
    await expect
      .poll(() => bar.evaluate((element) => getComputedStyle(element).backgroundColor))
      .toBe('rgb(255, 0, 0)')
    // Full: the bar is drawn as wide as its whole track.
    await expect
      .poll(() =>
        bar.evaluate((element) => {
          const track = element.parentElement?.getBoundingClientRect().width ?? 0
          return track > 0 && element.getBoundingClientRect().width === track
        }),
      )
      .toBe(true)
    await screenshot(page, 'content-seo-too-long')
  })

  it('auto-generates title, description, image and URL through the endpoints, with the session', async () => {
    const generated: { body: Record<string, unknown>; cookie: string; path: string }[] = []
    const record = async (request: Request) => {
      if (request.url().includes('/api/plugin-seo/generate-')) {
        const headers = await request.allHeaders()
        generated.push({
          body: request.postDataJSON(),
          cookie: headers.cookie ?? '',
          path: new URL(request.url()).pathname,
        })
      }
    }
    page.on('request', record)
    await openSeoTab(pages.generate)
    const buttons = page.getByRole('button', { exact: true, name: 'Auto-generate' })
    await expect.poll(() => buttons.count()).toBe(3)

    await buttons.nth(0).click()
    await expect
      .poll(() => page.locator('#field-meta__title').inputValue())
      .toBe('Opening hours | Backoffice Demo')
    await buttons.nth(1).click()
    await expect
      .poll(() => page.locator('#field-meta__description').inputValue())
      .toBe(
        'Opening hours\nOur shop opens at nine every weekday and closes at six.\nOn Saturdays we open at ten and close at four; on Sundays we rest.'.replace(
          /\s+/g,
          ' ',
        ),
      )
    await buttons.nth(2).click()
    await page.locator('.seo-meta--description').waitFor()
    await expect.poll(() => page.getByText(heroFilename).count()).toBeGreaterThan(0)

    // The preview asked for the URL on its own; every call carried the session and the document.
    await expect
      .poll(() => generated.map((call) => call.path).sort())
      .toEqual([
        '/api/plugin-seo/generate-description',
        '/api/plugin-seo/generate-image',
        '/api/plugin-seo/generate-title',
        '/api/plugin-seo/generate-url',
      ])
    for (const call of generated) {
      expect(call.cookie, call.path).toMatch(/payload-token=/)
      expect(call.body, call.path).toMatchObject({ collectionSlug: 'pages', id: pages.generate })
      expect(Object.keys(call.body), call.path).toEqual(
        expect.arrayContaining([
          'doc',
          'docPermissions',
          'hasPublishPermission',
          'hasSavePermission',
          'initialData',
          'locale',
          'title',
        ]),
      )
    }
    // Title of 31 characters is too short, the description is good, an image is there: 2 of 3.
    await expect.poll(() => overview()).toBe('2/3 checks are passing')
    await screenshot(page, 'content-seo-generated')
    page.off('request', record)
  })

  it('previews the search result in a box at most 600 px wide, and counts the three checks', async () => {
    await openSeoTab(pages.gauges)
    const title50 = 'Opening hours of the corner shop in the old town!!'
    expect(title50).toHaveLength(50)
    await fillField(page, '#field-meta__title', title50)
    const description =
      'We open at nine on weekdays and at ten on Saturdays. On Sundays the shop stays closed; come by on Monday.'
    await fillField(page, '#field-meta__description', description)

    const preview = page
      .getByText('Exact result listings may vary')
      .locator('xpath=following-sibling::div[1]')
    await expect.poll(() => preview.getByText(`${appUrl}/${slug}-gauges`).count()).toBe(1)
    await expect.poll(() => preview.locator('h4').innerText()).toBe(title50)
    await expect.poll(() => preview.locator('p').innerText()).toBe(description)
    await expect
      .poll(() => preview.evaluate((element) => getComputedStyle(element).maxWidth))
      .toBe('600px')
    // The sandbox's wide window gives it room for more: it stops at 600 px.
    await expect.poll(async () => (await preview.boundingBox())!.width).toBe(600)

    // Title and description in range; the image is still missing until it is generated.
    await expect.poll(() => overview()).toBe('2/3 checks are passing')
    await page.getByRole('button', { exact: true, name: 'Auto-generate' }).nth(2).click()
    await expect.poll(() => overview()).toBe('3/3 checks are passing')
    await screenshot(page, 'content-seo-preview')
  })

  it('keeps what the editor typed and says why when the server refuses to generate', async () => {
    await openSeoTab(pages.generate)
    await fillField(page, '#field-meta__title', 'A title the editor wrote by hand')
    // The session ends in another tab (sign-out), then the editor asks for a title.
    await page.context().clearCookies()
    await page.getByRole('button', { exact: true, name: 'Auto-generate' }).first().click()
    await page.getByText('You are not allowed to perform this action.').first().waitFor()
    await expect
      .poll(() => page.locator('#field-meta__title').inputValue())
      .toBe('A title the editor wrote by hand')
    await screenshot(page, 'content-seo-generate-refused')
    await signIn(page, appUrl, adminEmail, password)
  })

  it('links the meta title and description to the search provider’s best practices, in a new tab without access to the admin', async () => {
    await openSeoTab(pages.gauges)
    const guidance = {
      description: 'https://developers.google.com/search/docs/appearance/snippet#meta-descriptions',
      title: 'https://developers.google.com/search/docs/appearance/title-link#page-titles',
    }
    for (const kind of ['title', 'description'] as const) {
      const tip = page.locator(`.seo-meta--${kind}`)
      await expect
        .poll(() => tip.innerText())
        .toContain(
          kind === 'title'
            ? 'This should be between 50 and 60 characters. For help in writing quality meta titles, see best practices.'
            : 'For help in writing quality meta descriptions, see best practices.',
        )
      const link = tip.getByRole('link', { exact: true, name: 'best practices' })
      await expect.poll(() => link.getAttribute('href')).toBe(guidance[kind])
      await expect.poll(() => link.getAttribute('target')).toBe('_blank')
      await expect
        .poll(async () => (await link.getAttribute('rel'))?.split(' '))
        .toEqual(expect.arrayContaining(['noopener', 'noreferrer']))
    }
    // The provider's page is on the internet, which the tests do not reach: the browser is handed
    // a stand-in for it, so that the tab it opens can be looked at.
    await browser.route('https://developers.google.com/**', (route) =>
      route.fulfill({ body: '<title>Page titles</title>', contentType: 'text/html' }),
    )
    try {
      const opened = browser.waitForEvent('page')
      await page
        .locator('.seo-meta--title')
        .getByRole('link', { exact: true, name: 'best practices' })
        .click()
      const tab = await opened
      await tab.waitForLoadState()
      expect(tab.url()).toBe(guidance.title)
      // The admin stays where it was, and the new tab cannot reach back into it.
      expect(new URL(page.url()).pathname).toBe(`/admin/collections/pages/${pages.gauges}`)
      expect(await tab.evaluate(() => window.opener)).toBeNull()
      await tab.close()
    } finally {
      await browser.unroute('https://developers.google.com/**')
    }
  })

  it('shows the SEO tab in German, French, Dutch and right-to-left Arabic', async () => {
    const words = { ar: 'مفقود', de: 'Fehlt', fr: 'Manquant', nl: 'Ontbreekt' }
    for (const [language, missing] of Object.entries(words)) {
      await browser.addCookies([{ name: 'payload-lng', url: appUrl, value: language }])
      await openSeoTab(pages.languages)
      await expect.poll(() => gauge('title').pill()).toBe(missing)
      await expect
        .poll(() => page.locator('html').getAttribute('dir'))
        .toBe(language === 'ar' ? 'RTL' : 'LTR')
      await screenshot(page, `content-seo-${language}`)
    }
    await browser.addCookies([{ name: 'payload-lng', url: appUrl, value: 'en' }])
  })
})
