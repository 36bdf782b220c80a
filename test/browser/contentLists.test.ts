import type { Where } from 'payload'
import type { BrowserContext, Locator, Page } from 'playwright-core'

import { validateWhereQuery } from 'payload/shared'
import * as qs from 'qs-esm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

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
const email = `content-lists-admin-${stamp}@example.com`
/**
 * Twelve posts whose titles share a word nothing else in the database has, so the list can be
 * narrowed to them whatever other test files created. Letters only: Payload's search matches each
 * word of the query anywhere in the title, so with the stamp's digits in the marker the search for
 * "post 07" matched all twelve titles whenever the stamp held a "07" (every stamp from
 * 1795507000000 to 1795507999999, about 17 minutes, for one): the search test's flake.
 */
const marker = `Quokka${[...String(stamp)].map((digit) => 'abcdefghij'[Number(digit)]).join('')}`
const titles = Array.from(
  { length: 12 },
  (_, index) => `${marker} post ${String(index + 1).padStart(2, '0')}`,
)
const editedTitle = `Audited edit ${stamp}`
const ids: (number | string)[] = []
let auditedPageId: number | string
let browser: BrowserContext
let page: Page

beforeAll(async () => {
  await withAppPayload(async (payload) => {
    await payload.create({ collection: 'users', data: { email, password, roles: ['admin'] } })
    for (const [index, title] of titles.entries()) {
      const post = await payload.create({
        collection: 'posts',
        data: {
          _status: 'published',
          category: index % 2 ? 'news' : 'guide',
          slug: `lists-${stamp}-${index}`,
          title,
        },
      })
      ids.push(post.id)
    }
    const audited = await payload.create({
      collection: 'pages',
      data: { _status: 'published', slug: `audited-edit-${stamp}`, title: `To be edited ${stamp}` },
    })
    auditedPageId = audited.id
  })
  browser = await launchBrowser()
  page = await browser.newPage()
  await signIn(page, appUrl, email, password)
})
afterAll(async () => {
  await browser?.close()
})

const rows = (target: Page): Locator => target.locator('table tbody tr')
const titleCells = (target: Page) =>
  target
    .locator('table tbody tr td.cell-title')
    .allInnerTexts()
    .then((texts) => texts.map((text) => text.trim()))
const pageInfo = (target: Page) => target.locator('.page-controls__page-info').innerText()

/** Clicks a button in a confirmation modal, once it is open. */
const confirm = async (target: Page, name: string) => {
  const button = target.locator('.confirmation-modal').getByRole('button', { exact: true, name })
  await button.waitFor()
  await button.click()
}

describe('the collection list', () => {
  it('shows 10 documents a page by default and offers 5, 10, 25, 50 and 100', async () => {
    await page.goto(`${appUrl}/admin/collections/posts?search=${marker}`)
    await rows(page).first().waitFor()
    await expect.poll(() => rows(page).count()).toBe(10)
    await expect.poll(() => pageInfo(page)).toBe('1-10 of 12')

    await hydrated(page.locator('.per-page__base-button'))
    await page.locator('.per-page__base-button').click()
    const choices = page.locator('.per-page__button')
    await choices.first().waitFor()
    await expect
      .poll(async () => (await choices.allInnerTexts()).map((text) => text.trim()))
      .toEqual(['5', '10', '25', '50', '100'])
    await screenshot(page, 'content-list-per-page')
    await choices.getByText('5', { exact: true }).click()
    await expect.poll(() => new URL(page.url()).searchParams.get('limit')).toBe('5')
    await expect.poll(() => rows(page).count()).toBe(5)
    await expect.poll(() => pageInfo(page)).toBe('1-5 of 12')

    await page.locator('.per-page__base-button').click()
    await page.locator('.per-page__button').getByText('25', { exact: true }).click()
    await expect.poll(() => rows(page).count()).toBe(12)
    await expect.poll(() => pageInfo(page)).toBe('1-12 of 12')
  })

  it('searches the title field', async () => {
    await page.goto(`${appUrl}/admin/collections/posts`)
    await rows(page).first().waitFor()
    await hydrated(page.locator('#search-filter-input'))
    await fillField(page, '#search-filter-input', `${marker} post 07`)
    await expect.poll(() => titleCells(page), { timeout: 30_000 }).toEqual([titles[6]])
    expect(new URL(page.url()).searchParams.get('search')).toBe(`${marker} post 07`)
    await screenshot(page, 'content-list-search')
  })

  it('filters with a condition in the filter-query shape the lists build, checked by Payload’s own validator', async () => {
    await page.goto(`${appUrl}/admin/collections/posts?search=${marker}&limit=25`)
    await rows(page).first().waitFor()
    await hydrated(page.getByRole('button', { exact: true, name: 'Filters' }))
    await page.getByRole('button', { exact: true, name: 'Filters' }).click()
    await page.getByRole('button', { exact: true, name: 'Add Filter' }).click()
    await page.locator('.condition__field .rs__control').click()
    await page.locator('.rs__option').getByText('Category', { exact: true }).click()
    await page.locator('.condition__operator .rs__control').click()
    await page.locator('.rs__option').getByText('equals', { exact: true }).click()
    await page.locator('.condition__value .rs__control').click()
    await page.locator('.rs__option').getByText('News', { exact: true }).click()

    await expect
      .poll(() => new URL(page.url()).searchParams.get('where[or][0][and][0][category][equals]'), {
        timeout: 30_000,
      })
      .toBe('news')
    // Parsed as Payload parses list queries (qs, nested ten levels deep).
    const where = qs.parse(new URL(page.url()).search.slice(1), { depth: 10 }).where as Where
    expect(where).toEqual({ or: [{ and: [{ category: { equals: 'news' } }] }] })
    expect(validateWhereQuery(where)).toBe(true)
    // Six of the twelve posts are news: the even-numbered ones.
    await expect
      .poll(() => titleCells(page), { timeout: 30_000 })
      .toEqual(expect.arrayContaining(titles.filter((_, index) => index % 2)))
    await expect
      .poll(async () => (await titleCells(page)).sort())
      .toEqual(titles.filter((_, index) => index % 2).sort())
    await screenshot(page, 'content-list-filtered')
  })
})

describe('the trash', () => {
  it('takes a deleted document, shows it read-only at its trash address, and restores it', async () => {
    const id = ids[0]!
    await page.goto(`${appUrl}/admin/collections/posts/${id}`)
    await adminHydrated(page)
    await hydrated(page.locator('.doc-controls__popup .popup-button'))
    await page.locator('.doc-controls__popup .popup-button').click()
    await page.getByRole('button', { exact: true, name: 'Delete' }).click()
    await confirm(page, 'Confirm')
    await page.waitForURL((url) => url.pathname === '/admin/collections/posts')

    await page.goto(`${appUrl}/admin/collections/posts/trash`)
    // A click before React owns the link is lost to the list's own first navigation (CI, stop 44).
    const trashed = page
      .locator('table tbody tr td.cell-title')
      .getByText(titles[0]!, { exact: true })
    await adminHydrated(page)
    await hydrated(trashed)
    await trashed.click()
    await page.waitForURL((url) => url.pathname === `/admin/collections/posts/trash/${id}`)
    await page.getByRole('button', { exact: true, name: 'Restore' }).waitFor()
    await page.getByRole('button', { exact: true, name: 'Permanently Delete' }).waitFor()
    await expect.poll(() => page.locator('#field-title').isDisabled()).toBe(true)
    await screenshot(page, 'content-trash-document')

    await hydrated(page.getByRole('button', { exact: true, name: 'Restore' }))
    await page.getByRole('button', { exact: true, name: 'Restore' }).click()
    await confirm(page, 'Confirm')
    await page.waitForURL((url) => url.pathname === `/admin/collections/posts/${id}`)
    await expect.poll(() => page.locator('#field-title').inputValue()).toBe(titles[0])
  })

  it('lists trashed documents at its own address and deletes them for good from there', async () => {
    const id = ids[1]!
    await withTrashed(id)
    await page.goto(`${appUrl}/admin/collections/posts/trash?search=${marker}`)
    await rows(page).first().waitFor()
    await expect.poll(() => titleCells(page)).toEqual([titles[1]])
    await screenshot(page, 'content-trash-list')

    await page.goto(`${appUrl}/admin/collections/posts/trash/${id}`)
    await adminHydrated(page)
    await hydrated(page.getByRole('button', { exact: true, name: 'Permanently Delete' }))
    await page.getByRole('button', { exact: true, name: 'Permanently Delete' }).click()
    await confirm(page, 'Confirm')
    await page.waitForURL((url) => url.pathname === '/admin/collections/posts/trash')
    const gone = await page.evaluate(
      async (docId) => (await fetch(`/api/posts/${docId}?trash=true`)).status,
      id,
    )
    expect(gone).toBe(404)
  })
})

/** Moves a post to the trash the way the admin's delete does. */
const withTrashed = async (id: number | string) => {
  const status = await page.evaluate(
    async (docId) =>
      (
        await fetch(`/api/posts/${docId}`, {
          body: JSON.stringify({ deletedAt: new Date().toISOString() }),
          credentials: 'include',
          headers: { 'Content-Type': 'application/json' },
          method: 'PATCH',
        })
      ).status,
    id,
  )
  expect(status).toBe(200)
}

describe('the audit log of content', () => {
  it('lists an edit of a page made in the admin', async () => {
    await page.goto(`${appUrl}/admin/collections/pages/${auditedPageId}`)
    await adminHydrated(page)
    await hydrated(page.locator('#field-title'))
    await fillField(page, '#field-title', editedTitle)
    await page.getByRole('button', { exact: true, name: 'Publish changes' }).click()
    await page
      .getByText('Updated successfully.')
      .or(page.locator('.toast-success'))
      .first()
      .waitFor()

    await page.goto(`${appUrl}/admin/collections/audit-log?search=${encodeURIComponent(email)}`)
    const published = rows(page).filter({ hasText: 'Content published' })
    await published.first().waitFor()
    await screenshot(page, 'content-audit-list')
    await published.first().locator('td.cell-timestamp a').click()
    await page.locator('#field-targetSlug').waitFor()
    await expect.poll(() => page.locator('#field-targetSlug').inputValue()).toBe('pages')
    await expect
      .poll(() => page.locator('#field-targetObject').inputValue())
      .toBe(String(auditedPageId))
    await expect.poll(() => page.locator('#field-details').inputValue()).toContain('title')
    await adminHydrated(page)
    await screenshot(page, 'content-audit-entry')
  })
})
