import type { BrowserContext, Locator, Page } from 'playwright-core'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { animationsEnded } from '../helpers/animationsEnded.js'
import { withAppPayload } from '../helpers/appPayload.js'
import { adminHydrated, hydrated, launchBrowser, screenshot } from '../helpers/browser.js'
import { browserLane } from '../helpers/browserLane.js'
import { signIn } from '../helpers/signIn.js'
import {
  buildVersionHistory,
  type RecordedVersion,
  type VersionStep,
} from '../helpers/versionHistory.js'

const { appUrl } = browserLane()
const password = 'a-long-and-unusual-passphrase-42'
const stamp = Date.now()
const adminEmail = `versions-list-admin-${stamp}@example.com`
const reviewerEmail = `versions-list-reviewer-${stamp}@example.com`
let browser: BrowserContext
let page: Page
let reviewerBrowser: BrowserContext
let reviewerPage: Page

/** Draft saves, every second one by autosave, as an editor typing for a while produces them. */
const edits = (count: number): VersionStep[] =>
  Array.from({ length: count }, (_, index) => (index % 2 ? 'autosave' : 'draft'))

// 45 versions (content collections keep 50): published, 20 edits, published again, 23 more edits.
let longHistory: { id: number | string; versions: RecordedVersion[] }
// Drafts, then published: the published version is newer than every draft.
let publishedLast: { id: number | string; versions: RecordedVersion[] }
// A post imported before versions were switched on: it has no versions at all.
let withoutVersions: number | string
// Published "First", draft "Second", published "Third", draft "Fourth": the one to restore from.
let restorable: { id: number | string; versions: RecordedVersion[] }
const restorableTitles = ['First edition', 'Second edition', 'Third edition', 'Fourth edition']

beforeAll(async () => {
  await withAppPayload(async (payload) => {
    await payload.create({
      collection: 'users',
      data: { email: adminEmail, password, roles: ['admin'] },
    })
    // Reviewers read content and its history but may not change it.
    await payload.create({
      collection: 'users',
      data: { email: reviewerEmail, password, roles: ['reviewer'] },
    })
    longHistory = await buildVersionHistory(payload, {
      collection: 'posts',
      dataFor: (save) => ({
        slug: `versions-history-${stamp}`,
        title: `Version history, save ${save + 1}`,
      }),
      steps: ['publish', ...edits(20), 'publish', ...edits(23)],
    })
    publishedLast = await buildVersionHistory(payload, {
      collection: 'posts',
      dataFor: (save) => ({
        slug: `versions-published-last-${stamp}`,
        title: `Published last, save ${save + 1}`,
      }),
      steps: ['draft', 'autosave', 'draft', 'publish'],
    })
    const imported = await payload.create({
      collection: 'posts',
      data: {
        _status: 'published',
        slug: `versions-imported-${stamp}`,
        title: 'Imported without history',
      },
    })
    await payload.db.deleteVersions({
      collection: 'posts',
      where: { parent: { equals: imported.id } },
    })
    withoutVersions = imported.id
    restorable = await buildVersionHistory(payload, {
      collection: 'posts',
      dataFor: (save) => ({ slug: `versions-restorable-${stamp}`, title: restorableTitles[save] }),
      steps: ['publish', 'draft', 'publish', 'draft'],
    })
  })
  expect(longHistory.versions).toHaveLength(45)
  browser = await launchBrowser()
  page = await browser.newPage()
  await signIn(page, appUrl, adminEmail, password)
})
afterAll(async () => {
  await browser?.close()
  await reviewerBrowser?.close()
})

/**
 * The label each version gets: the published one is "currently published", older
 * published ones "previously published"; the latest draft is the "current draft" unless a newer
 * version is published, then every draft is just a "draft".
 */
const specLabels = (versions: RecordedVersion[]): string[] => {
  const lastPublished = versions.findLastIndex((version) => version.step === 'publish')
  const latestDraft = versions.findLastIndex((version) => version.step !== 'publish')
  return versions.map((version, index) => {
    if (version.step === 'publish') {
      return index === lastPublished ? 'Currently Published' : 'Previously Published'
    }
    return index === latestDraft && latestDraft > lastPublished ? 'Current Draft' : 'Draft'
  })
}

const versionsUrl = (id: number | string, query = '') =>
  `${appUrl}/admin/collections/posts/${id}/versions${query}`
const rows = (page: Page): Locator => page.locator('.versions table tbody tr')

/** What each row of the versions table shows: its link, its ID cell and its pills. */
const readRows = async (page: Page) => {
  await rows(page).first().waitFor()
  return Promise.all(
    (await rows(page).all()).map(async (row) => ({
      href: await row.locator('td').nth(0).locator('a').getAttribute('href'),
      id: (await row.locator('td').nth(1).innerText()).trim(),
      pills: (await row.locator('.autosave-cell__items .pill').allInnerTexts()).map((text) =>
        text.trim(),
      ),
    })),
  )
}

/** The pagination's page buttons as shown, with "—" for a gap and the current page in brackets. */
const paginationShown = async (page: Page): Promise<string> => {
  const items = page
    .locator('.versions .paginator')
    .locator('.paginator__page, .paginator__separator')
  const shown: string[] = []
  for (const item of await items.all()) {
    const isCurrent = (await item.getAttribute('class'))?.includes('paginator__page--is-current')
    const text = (await item.innerText()).trim()
    shown.push(isCurrent ? `[${text}]` : text)
  }
  return shown.join(' ')
}

const pageInfo = (page: Page) => page.locator('.versions__page-info').innerText()

describe('the versions list of a document', () => {
  it('pages through the history, ten per page by default, with the date linking to each version', async () => {
    await page.goto(versionsUrl(longHistory.id))
    const newestFirst = [...longHistory.versions].reverse()
    await expect.poll(() => rows(page).count()).toBe(10)
    const shown = await readRows(page)
    expect(shown).toHaveLength(10)
    await expect.poll(() => pageInfo(page)).toBe('1-10 of 45')
    await expect
      .poll(() => page.locator('.per-page__base-button').innerText())
      .toContain('Per Page: 10')
    // One neighbouring page each side of the current one, then a gap and the last page.
    await expect.poll(() => paginationShown(page)).toBe('[1] 2 — 5')
    shown.forEach((row, index) => {
      expect(row.id).toBe(String(newestFirst[index]!.id))
      expect(row.href).toBe(
        `/admin/collections/posts/${longHistory.id}/versions/${newestFirst[index]!.id}`,
      )
    })
    await screenshot(page, 'content-versions-list')

    // The date opens that version.
    await rows(page).nth(2).locator('td').nth(0).locator('a').click()
    await page.waitForURL((url) => url.pathname.endsWith(`/versions/${newestFirst[2]!.id}`))
    await page.locator('.view-version').waitFor()
  })

  it('offers 5, 10, 25, 50 and 100 per page and keeps the choice in the address', async () => {
    await page.goto(versionsUrl(longHistory.id))
    await adminHydrated(page)
    await hydrated(page.locator('.per-page__base-button'))
    await page.locator('.per-page__base-button').click()
    const choices = page.locator('.per-page__button')
    await choices.first().waitFor()
    await expect
      .poll(async () => (await choices.allInnerTexts()).map((text) => text.trim()))
      .toEqual(['5', '10', '25', '50', '100'])
    await screenshot(page, 'content-versions-per-page')
    await choices.filter({ hasText: /^\s*5\s*$/ }).click()
    await page.waitForURL((url) => url.searchParams.get('limit') === '5')
    await expect.poll(() => rows(page).count()).toBe(5)
    await expect.poll(() => pageInfo(page)).toBe('1-5 of 45')
    await expect.poll(() => paginationShown(page)).toBe('[1] 2 — 9')

    // In the middle: the first page, a gap, one neighbour each side, a gap, the last page.
    await page.goto(versionsUrl(longHistory.id, '?limit=5&page=5'))
    await rows(page).first().waitFor()
    await expect.poll(() => pageInfo(page)).toBe('21-25 of 45')
    await expect.poll(() => paginationShown(page)).toBe('1 — 4 [5] 6 — 9')
    await screenshot(page, 'content-versions-middle-page')

    // A neighbour and the next-page arrow each move on by one page.
    await adminHydrated(page)
    await hydrated(page.locator('.versions .paginator__page', { hasText: /^6$/ }))
    await page.locator('.versions .paginator__page', { hasText: /^6$/ }).click()
    await page.waitForURL((url) => url.searchParams.get('page') === '6')
    await expect.poll(() => pageInfo(page)).toBe('26-30 of 45')
    await expect.poll(() => paginationShown(page)).toBe('1 — 5 [6] 7 — 9')
    await page.locator('.versions .clickable-arrow--right').click()
    await page.waitForURL((url) => url.searchParams.get('page') === '7')
    await expect.poll(() => pageInfo(page)).toBe('31-35 of 45')
    await expect.poll(() => paginationShown(page)).toBe('1 — 6 [7] 8 9')

    await page.goto(versionsUrl(longHistory.id, '?limit=5&page=9'))
    await rows(page).first().waitFor()
    await expect.poll(() => pageInfo(page)).toBe('41-45 of 45')
    await expect.poll(() => paginationShown(page)).toBe('1 — 8 [9]')
  })

  it('labels every version by these rules, with the autosave pill on autosaved drafts', async () => {
    await page.goto(versionsUrl(longHistory.id, '?limit=50'))
    await expect.poll(() => rows(page).count()).toBe(longHistory.versions.length)
    const shown = await readRows(page)
    const newestFirst = [...longHistory.versions].reverse()
    const labels = specLabels(longHistory.versions).reverse()
    expect(shown.map((row) => row.id)).toEqual(newestFirst.map((version) => String(version.id)))
    shown.forEach((row, index) => {
      const autosave = newestFirst[index]!.step === 'autosave'
      expect(row.pills).toEqual(autosave ? ['Autosave', labels[index]] : [labels[index]])
    })
    // Both publications are there: the current one and the first.
    expect(labels.filter((label) => label === 'Currently Published')).toHaveLength(1)
    expect(labels.filter((label) => label === 'Previously Published')).toHaveLength(1)
    expect(labels[0]).toBe('Current Draft')
    await screenshot(page, 'content-versions-labels')
  })

  it('shows every draft as a plain draft once a newer version is published', async () => {
    await page.goto(versionsUrl(publishedLast.id))
    await expect.poll(() => rows(page).count()).toBe(publishedLast.versions.length)
    const shown = await readRows(page)
    expect(shown.map((row) => row.pills)).toEqual([
      ['Currently Published'],
      ['Draft'],
      ['Autosave', 'Draft'],
      ['Draft'],
    ])
    expect(specLabels(publishedLast.versions).reverse()).toEqual(
      shown.map((row) => row.pills.at(-1)),
    )
    // No pagination for a single page, and the info line still counts.
    await expect.poll(() => pageInfo(page)).toBe('1-4 of 4')
    await expect.poll(() => page.locator('.versions .paginator').count()).toBe(0)
    await screenshot(page, 'content-versions-published-last')
  })

  it('says so when a document has no further versions', async () => {
    await page.goto(versionsUrl(withoutVersions))
    await page.getByText('No further versions found').waitFor()
    await expect.poll(() => rows(page).count()).toBe(0)
    await screenshot(page, 'content-versions-none')
  })
})

/** The post as the REST API gives it to the signed-in admin: published, or its latest draft. */
const restorableAs = async (draft: boolean): Promise<{ _status: string; title: string }> => {
  // Payload takes the session cookie of a script's request only with the admin's own Origin.
  const response = await page.request.get(
    `${appUrl}/api/posts/${restorable.id}?depth=0&draft=${draft}`,
    {
      headers: { origin: appUrl },
    },
  )
  expect(response.status()).toBe(200)
  return response.json()
}

/** Opens one version of the restorable post and waits for its controls to work. */
const openRestorableVersion = async (target: Page, versionIndex: number) => {
  await target.goto(versionsUrl(restorable.id, `/${restorable.versions[versionIndex]!.id}`))
  await target.locator('.view-version__diff-wrap').waitFor()
  await adminHydrated(target)
  await hydrated(target.locator('#modifiedOnly'))
  await expect.poll(() => target.locator('#modifiedOnly').isDisabled()).toBe(false)
}

describe('restoring a version of a document', () => {
  it('offers a draft version only "Restore this version", without the draft submenu', async () => {
    await openRestorableVersion(page, 1)
    const restore = page.locator('.restore-version')
    await restore.getByRole('button', { name: 'Restore this version' }).waitFor()
    await expect.poll(() => restore.locator('.popup-button').count()).toBe(0)
  })

  it('restores a published version as a draft, keeping what is published', async () => {
    await openRestorableVersion(page, 0)
    const restore = page.locator('.restore-version')
    await hydrated(restore.locator('.popup-button'))
    await restore.locator('.popup-button').click()
    await page.getByRole('button', { name: 'Restore as draft' }).click()
    const modal = page.locator('.confirmation-modal')
    await modal.getByRole('heading', { name: 'Confirm version restoration' }).waitFor()
    await expect
      .poll(() => modal.locator('p').innerText())
      .toMatch(
        /^You are about to restore this Post document to the state that it was in on .+ \d{4}, \d{1,2}:\d{2} (AM|PM)\.$/,
      )
    await animationsEnded(page) // the modal fades in
    await screenshot(page, 'content-restore-as-draft-modal')
    await modal.getByRole('button', { name: 'Confirm' }).click()
    // The server's message, then the document.
    await page
      .locator('.payload-toast-container .toast-success', { hasText: 'Restored Successfully.' })
      .waitFor()
    await page.waitForURL((url) => url.pathname === `/admin/collections/posts/${restorable.id}`)
    await expect.poll(() => page.locator('#field-title').inputValue()).toBe('First edition')
    await screenshot(page, 'content-restore-as-draft-done')
    expect(await restorableAs(false)).toMatchObject({
      _status: 'published',
      title: 'Third edition',
    })
    expect(await restorableAs(true)).toMatchObject({ _status: 'draft', title: 'First edition' })
  })

  it('restores a version as it was: a published version is published again', async () => {
    await openRestorableVersion(page, 0)
    await page
      .locator('.restore-version')
      .getByRole('button', { name: 'Restore this version' })
      .click()
    const modal = page.locator('.confirmation-modal')
    await modal.getByRole('heading', { name: 'Confirm version restoration' }).waitFor()
    await animationsEnded(page) // the modal fades in
    await screenshot(page, 'content-restore-modal')
    await modal.getByRole('button', { name: 'Confirm' }).click()
    await page
      .locator('.payload-toast-container .toast-success', { hasText: 'Restored Successfully.' })
      .waitFor()
    await page.waitForURL((url) => url.pathname === `/admin/collections/posts/${restorable.id}`)
    expect(await restorableAs(false)).toMatchObject({
      _status: 'published',
      title: 'First edition',
    })
  })

  it('does not offer restoring to a reviewer, who may read but not update', async () => {
    reviewerBrowser = await launchBrowser()
    reviewerPage = await reviewerBrowser.newPage()
    await signIn(reviewerPage, appUrl, reviewerEmail, password)
    await openRestorableVersion(reviewerPage, 0)
    // The comparison is there, the restore action is not.
    await reviewerPage.locator('.view-version__version-to-version .pill').first().waitFor()
    await expect.poll(() => reviewerPage.locator('.restore-version').count()).toBe(0)
    await expect
      .poll(() => reviewerPage.getByRole('button', { name: 'Restore this version' }).count())
      .toBe(0)
    await screenshot(reviewerPage, 'content-restore-reviewer')
    // Nor does the API let a reviewer restore.
    const response = await reviewerPage.request.post(
      `${appUrl}/api/posts/versions/${restorable.versions[0]!.id}?draft=false`,
      { headers: { origin: appUrl } },
    )
    expect(response.status()).toBe(403)
    expect(await restorableAs(false)).toMatchObject({ title: 'First edition' })
  })
})
