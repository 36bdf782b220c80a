import type { BrowserContext, Page } from 'playwright-core'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { seed, type SeedAccount } from '../../dev/seed/seed.js'
import { withAppPayload } from '../helpers/appPayload.js'
import { adminHydrated, hydrated, launchBrowser, screenshot } from '../helpers/browser.js'
import { browserLane } from '../helpers/browserLane.js'
import { signIn } from '../helpers/signIn.js'

const { appUrl } = browserLane()
let browser: BrowserContext
let page: Page
let admin: SeedAccount
let ids: { about: number | string; media: number | string }

beforeAll(async () => {
  // `npm run seed`'s own code, against the database the running app uses.
  await withAppPayload(async (payload) => {
    const accounts = await seed(payload)
    admin = accounts.find((account) => account.role === 'admin')!
    const about = await payload.find({
      collection: 'pages',
      draft: true,
      where: { slug: { equals: 'about-us' } },
    })
    const media = await payload.find({ collection: 'media', limit: 1, sort: 'createdAt' })
    ids = { about: about.docs[0]!.id, media: media.docs[0]!.id }
  })

  browser = await launchBrowser()
  page = await browser.newPage()
  await signIn(page, appUrl, admin.email, admin.password)
})
afterAll(async () => {
  await browser?.close()
})

describe('the seeded sandbox', () => {
  it('lists the demo pages and posts', async () => {
    await page.goto(`${appUrl}/admin/collections/pages`)
    await page.getByRole('link', { name: 'About us' }).waitFor()
    await page.getByRole('link', { name: 'Contact' }).waitFor()
    await screenshot(page, 'seeded-pages-list')

    await page.goto(`${appUrl}/admin/collections/posts`)
    await page.getByRole('link', { name: 'Release 1.0 is out' }).waitFor()
    await page.getByRole('link', { name: 'Writing for the web' }).waitFor()
  })

  it('shows a page with its Slate toolbar and its rich text', async () => {
    await page.goto(`${appUrl}/admin/collections/pages/${ids.about}`)
    const toolbar = page.locator('.rich-text__toolbar').first()
    await toolbar.waitFor()
    // Five marks, six headings, quote, two lists, indent and outdent, three alignments, link,
    // relationship and upload.
    await expect.poll(() => toolbar.locator('button, a').count()).toBeGreaterThanOrEqual(19)
    await page.locator('.rich-text__editor').getByText('tools for busy editors').waitFor()
    await screenshot(page, 'seeded-page-editor')
  })

  it('has the SEO fields in their own tab, filled by the sandbox generators on request', async () => {
    await page.goto(`${appUrl}/admin/collections/pages/${ids.about}`)
    await adminHydrated(page)
    await hydrated(page.getByRole('button', { name: 'SEO' }))
    await page.getByRole('button', { name: 'SEO' }).click()
    const title = page.locator('#field-meta__title')
    const description = page.locator('#field-meta__description')
    await title.waitFor()

    // Title, description and image buttons, in that order.
    const generate = page.getByText('Auto-generate', { exact: true })
    await hydrated(generate.nth(0))
    await generate.nth(0).click()
    await expect.poll(() => title.inputValue()).toBe('About us | Backoffice Demo')
    await generate.nth(1).click()
    await expect
      .poll(() => description.inputValue())
      .toMatch(/^About us We build calm tools for busy editors\./)
    await screenshot(page, 'seeded-page-seo')
  })

  it('keeps the history of the page in its versions', async () => {
    await page.goto(`${appUrl}/admin/collections/pages/${ids.about}/versions`)
    const rows = page.locator('table tbody tr')
    await rows.first().waitFor()
    await expect.poll(() => rows.count()).toBeGreaterThanOrEqual(4)
    await page.getByText('Currently Published').first().waitFor()
    await screenshot(page, 'seeded-page-versions')
  })

  it('shows a media item whose focal point is stored and editable', async () => {
    await page.goto(`${appUrl}/admin/collections/media/${ids.media}`)
    await adminHydrated(page)
    await hydrated(page.getByRole('button', { name: 'Edit Image' }))
    await page.getByRole('button', { name: 'Edit Image' }).click()
    const focalPoint = page.locator('.edit-upload__focalPoint')
    await focalPoint.waitFor()
    await expect
      .poll(() => page.locator('.edit-upload input[type="number"]').count())
      .toBeGreaterThanOrEqual(2)
    await screenshot(page, 'seeded-media-focal-point')
  })
})
