import type { BrowserContext, Locator, Page } from 'playwright-core'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { animationsEnded } from '../helpers/animationsEnded.js'
import { withAppPayload } from '../helpers/appPayload.js'
import { adminHydrated, hydrated, launchBrowser, screenshot } from '../helpers/browser.js'
import { browserLane } from '../helpers/browserLane.js'
import { signIn } from '../helpers/signIn.js'
import { buildVersionHistory, type RecordedVersion } from '../helpers/versionHistory.js'

const { appUrl } = browserLane()
const password = 'a-long-and-unusual-passphrase-42'
const stamp = Date.now()
const adminEmail = `versions-compare-admin-${stamp}@example.com`
let browser: BrowserContext
let page: Page

// v0 published (English), v1 published (German title), v2 draft (English edits), v3 draft (German
// title), v4 draft (English excerpt): the current draft.
let post: { id: number | string; versions: RecordedVersion[] }
let trashed: { id: number | string; versions: RecordedVersion[] }
const saves = [
  {
    audiences: ['editors'],
    category: 'news',
    excerpt: 'The first words.',
    source: { originalUrl: 'https://example.com/spring', publication: 'Weekly digest' },
    title: 'Spring launch',
  },
  { title: 'Frühjahrsstart' },
  {
    audiences: ['editors', 'developers'],
    category: 'guide',
    source: { originalUrl: 'https://example.com/spring', publication: 'Monthly review' },
    title: 'Spring launch, revised',
  },
  { title: 'Frühjahrsstart, überarbeitet' },
  { excerpt: 'Second words.' },
]

beforeAll(async () => {
  await withAppPayload(async (payload) => {
    await payload.create({
      collection: 'users',
      data: { email: adminEmail, password, roles: ['admin'] },
    })
    post = await buildVersionHistory(payload, {
      collection: 'posts',
      dataFor: (save) => ({
        ...saves[save],
        ...(save === 0 ? { slug: `versions-compare-${stamp}` } : {}),
      }),
      localeFor: (save) => (save === 1 || save === 3 ? 'de' : undefined),
      steps: ['publish', 'publish', 'draft', 'draft', 'draft'],
    })
    trashed = await buildVersionHistory(payload, {
      collection: 'posts',
      dataFor: (save) => ({
        slug: `versions-trashed-${stamp}`,
        title: `Binned post, save ${save + 1}`,
      }),
      steps: ['publish', 'draft'],
    })
    // What the admin's "Move to trash" stores.
    await payload.update({
      id: trashed.id,
      collection: 'posts',
      data: { deletedAt: new Date().toISOString() },
    })
  })
  browser = await launchBrowser()
  page = await browser.newPage()
  await signIn(page, appUrl, adminEmail, password)
})
afterAll(async () => {
  await browser?.close()
})

const versionUrl = (versionIndex: number, query = '') =>
  `${appUrl}/admin/collections/posts/${post.id}/versions/${post.versions[versionIndex]!.id}${query}`

/** Opens a version and waits until the comparison has hydrated (its controls work only then). */
const openVersion = async (url: string) => {
  await page.goto(url)
  await page.locator('.view-version__diff-wrap .render-field-diffs__field').first().waitFor()
  await adminHydrated(page)
  await hydrated(page.locator('#modifiedOnly'))
  await expect.poll(() => page.locator('#modifiedOnly').isDisabled()).toBe(false)
}

/** One field's diff (in one locale for localized fields): the old and the new value as shown. */
const diffOf = (path: string, locale?: string): Locator =>
  page.locator(
    `.view-version__diff-wrap [data-field-path="${path}"]${locale ? `[data-locale="${locale}"]` : ''}`,
  )
const oldValue = (diff: Locator) => diff.locator('.html-diff__diff-old').first().innerText()
const newValue = (diff: Locator) => diff.locator('.html-diff__diff-new').first().innerText()
/** Which fields (and locales) the comparison shows. */
const shownFields = async (): Promise<string[]> =>
  page
    .locator('.view-version__diff-wrap [data-field-path]')
    .evaluateAll((nodes) =>
      nodes
        .filter(
          (node) =>
            node.querySelector('.field-diff-container') && !node.querySelector('[data-field-path]'),
        )
        .map((node) =>
          [node.getAttribute('data-field-path'), node.getAttribute('data-locale')]
            .filter(Boolean)
            .join(':'),
        ),
    )
const versionFromSelect = () => page.locator('.compare-version')
/** The breadcrumb's parts (the view sets it once it has rendered). */
const crumbs = async (): Promise<string[]> =>
  (await page.locator('.step-nav').innerText())
    .split('/')
    .map((crumb) => crumb.trim())
    .filter(Boolean)
const params = () => new URL(page.url()).searchParams

describe('comparing a version with another', () => {
  it('compares with the previous version by default and shows only what changed', async () => {
    await openVersion(versionUrl(4))
    await expect.poll(() => page.locator('#modifiedOnly').isChecked()).toBe(true)
    await expect.poll(() => versionFromSelect().innerText()).toContain('Previous Version')
    await expect
      .poll(() => page.locator('.view-version__version-to-version .pill').first().innerText())
      .toBe('Current Draft')
    // v3 → v4 changed the English excerpt only (and Payload's own updatedAt).
    await expect
      .poll(async () => (await shownFields()).filter((field) => field !== 'updatedAt'))
      .toEqual(['excerpt:en'])
    await expect.poll(() => oldValue(diffOf('excerpt', 'en'))).toBe('The first words.')
    await expect.poll(() => newValue(diffOf('excerpt', 'en'))).toBe('Second words.')
    // The breadcrumb: collection, document title, Versions, the version's time.
    await expect
      .poll(async () => (await crumbs()).slice(0, 3))
      .toEqual(['Posts', 'Spring launch, revised', 'Versions'])
    await expect
      .poll(async () => (await crumbs())[3])
      .toMatch(/^[A-Z][a-z]+ \d{1,2}(st|nd|rd|th) \d{4}, \d{1,2}:\d{2} (AM|PM)$/)
    await screenshot(page, 'content-compare-default')
  })

  it('shows unchanged fields too once "Modified only" is unticked, and keeps that in the address', async () => {
    await openVersion(versionUrl(4))
    await page.locator('#modifiedOnly').click()
    await page.waitForURL((url) => url.searchParams.get('modifiedOnly') === 'false')
    await expect.poll(async () => (await shownFields()).includes('slug')).toBe(true)
    expect(await oldValue(diffOf('slug'))).toBe(await newValue(diffOf('slug')))
    await expect.poll(() => page.locator('#modifiedOnly').isChecked()).toBe(false)
    // Ticking it again removes the parameter: absent means modified only.
    await hydrated(page.locator('#modifiedOnly'))
    await expect.poll(() => page.locator('#modifiedOnly').isDisabled()).toBe(false)
    await page.locator('#modifiedOnly').click()
    await page.waitForURL((url) => !url.searchParams.has('modifiedOnly'))
    await expect.poll(async () => (await shownFields()).includes('slug')).toBe(false)
  })

  it('compares with another version picked from the list, by option labels, per locale', async () => {
    await openVersion(versionUrl(4))
    await versionFromSelect().locator('.rs__control').click()
    const options = page.locator('.compare-version .rs__option')
    await options.first().waitFor()
    // The options: previous version, currently published, then "More versions...".
    await expect
      .poll(async () =>
        (await options.allInnerTexts()).map((text) => text.replace(/\s+/g, ' ').trim()),
      )
      .toEqual([
        expect.stringMatching(/^Previous Version /),
        expect.stringMatching(/^Currently Published /),
        'More versions...',
      ])
    await screenshot(page, 'content-compare-options')
    await options.filter({ hasText: 'Currently Published' }).click()
    await page.waitForURL(
      (url) => url.searchParams.get('versionFrom') === String(post.versions[1]!.id),
    )
    await diffOf('category').waitFor()
    await expect
      .poll(async () =>
        (await shownFields()).filter((field) => field !== 'updatedAt' && field !== '_status'),
      )
      .toEqual([
        'title:en',
        'title:de',
        'category',
        'excerpt:en',
        'audiences',
        'source.publication',
      ])
    await expect.poll(() => oldValue(diffOf('title', 'de'))).toBe('Frühjahrsstart')
    await expect.poll(() => newValue(diffOf('title', 'de'))).toBe('Frühjahrsstart, überarbeitet')
    // Select fields by their option labels, also when they hold many values.
    await expect.poll(() => oldValue(diffOf('category'))).toBe('News')
    await expect.poll(() => newValue(diffOf('category'))).toBe('Guide')
    await expect.poll(() => oldValue(diffOf('audiences'))).toBe('Editors')
    await expect.poll(() => newValue(diffOf('audiences'))).toBe('Editors, Developers')
    // A group without a label gets the placeholder.
    await expect
      .poll(() => diffOf('source').locator('.diff-collapser__label').first().innerText())
      .toBe('<Unnamed Group>')
    await screenshot(page, 'content-compare-published')

    // Collapsed, a section counts its changed fields: the document's six, not its id or the SEO
    // tab's ui fields (overview and preview).
    const postTab = page.locator('.tabs-diff__tab').first()
    await postTab.locator('.diff-collapser__toggle-button').first().click()
    await expect
      .poll(() => postTab.locator('.diff-collapser__field-change-count').first().innerText())
      .toBe('6 changed fields')
    await postTab.locator('.diff-collapser__toggle-button').first().click()
    await diffOf('source').locator('.diff-collapser__toggle-button').click()
    await expect
      .poll(() => diffOf('source').locator('.diff-collapser__field-change-count').innerText())
      .toBe('1 changed field')
    await screenshot(page, 'content-compare-counts')
  })

  it('narrows the comparison to the locales chosen, kept as a JSON array in the address', async () => {
    await openVersion(versionUrl(4, `?versionFrom=${post.versions[1]!.id}`))
    await page.locator('.view-version__toggle-locales').click()
    await page.locator('.pill-selector__pill#en').click()
    await page.waitForURL((url) => url.searchParams.get('localeCodes') === '["de","fr","nl"]')
    await expect.poll(async () => (await shownFields()).includes('title:en')).toBe(false)
    expect(params().get('versionFrom')).toBe(String(post.versions[1]!.id))
    await expect
      .poll(() => page.locator('.view-version__toggle-locales-list').innerText())
      .toBe('de, fr, nl')
    // Without English: the German title and the fields that are not localized. (Payload 3.90 still
    // counts the changes of every locale in a collapsed section; see the version comparison notes.)
    await expect
      .poll(async () =>
        (await shownFields()).filter((field) => field !== 'updatedAt' && field !== '_status'),
      )
      .toEqual(['title:de', 'category', 'audiences', 'source.publication'])
    await screenshot(page, 'content-compare-locales')

    // The address alone sets the view up: another locale, unchanged fields included.
    await openVersion(
      versionUrl(
        4,
        `?versionFrom=${post.versions[0]!.id}&localeCodes=${encodeURIComponent('["en"]')}&modifiedOnly=false`,
      ),
    )
    await expect.poll(() => page.locator('#modifiedOnly').isChecked()).toBe(false)
    await expect
      .poll(() => page.locator('.view-version__toggle-locales-list').innerText())
      .toBe('en')
    // v0 is neither the previous nor the currently published version: Payload names it by its date.
    await expect.poll(() => versionFromSelect().innerText()).toContain('Specific Version')
    await expect.poll(shownFields).toContain('title:en')
    await expect.poll(shownFields).toContain('slug')
    await expect
      .poll(async () => (await shownFields()).some((field) => field.endsWith(':de')))
      .toBe(false)
  })

  it('picks an older version in the "More versions" drawer', async () => {
    await openVersion(versionUrl(4))
    await versionFromSelect().locator('.rs__control').click()
    await page.locator('.compare-version .rs__option', { hasText: 'More versions...' }).click()
    const drawer = page.locator('.version-drawer')
    await drawer.locator('button.created-at-cell').first().waitFor()
    // Every version of the post, newest first, each a button that picks it.
    await expect.poll(() => drawer.locator('button.created-at-cell').count()).toBe(5)
    // Let the drawer finish sliding in before keeping a picture of it.
    await animationsEnded(page)
    await screenshot(page, 'content-compare-drawer')
    await drawer.locator('button.created-at-cell').last().click()
    await page.waitForURL(
      (url) => url.searchParams.get('versionFrom') === String(post.versions[0]!.id),
    )
    await expect.poll(() => drawer.isVisible()).toBe(false)
    await expect.poll(() => versionFromSelect().innerText()).toContain('Specific Version')
    await expect.poll(() => oldValue(diffOf('title', 'en'))).toBe('Spring launch')
  })

  it('shows "Trash" in the breadcrumb of a trashed document and offers no restore', async () => {
    await page.goto(
      `${appUrl}/admin/collections/posts/trash/${trashed.id}/versions/${trashed.versions[0]!.id}`,
    )
    await page.locator('.view-version__diff-wrap').waitFor()
    await adminHydrated(page)
    await expect
      .poll(async () => (await crumbs()).slice(0, 4))
      .toEqual(['Posts', 'Trash', 'Binned post, save 2', 'Versions'])
    // A trashed document is not published any more, so its last publication is a previous one.
    await expect
      .poll(() => page.locator('.view-version__version-to-version .pill').first().innerText())
      .toBe('Previously Published')
    await expect
      .poll(() => page.getByRole('button', { name: 'Restore this version' }).count())
      .toBe(0)
    await screenshot(page, 'content-compare-trashed')
  })

  it('closes the "More versions" drawer with an error toast when it cannot load', async () => {
    await openVersion(versionUrl(4))
    // The session ends elsewhere (signed out in another tab) while this page stays open.
    const other = await browser.newPage()
    await other.goto(`${appUrl}/admin/logout`)
    await other.waitForURL((url) => url.pathname === '/admin/login')
    await other.close()

    await versionFromSelect().locator('.rs__control').click()
    await page.locator('.compare-version .rs__option', { hasText: 'More versions...' }).click()
    const toast = page.locator('.payload-toast-container .toast-error')
    await toast.waitFor()
    await expect.poll(() => toast.innerText()).toContain('An error has occurred.')
    await expect.poll(() => page.locator('.version-drawer').isVisible()).toBe(false)
    await screenshot(page, 'content-compare-drawer-error')
  })
})
