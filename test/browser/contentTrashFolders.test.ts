import type { BrowserContext, Page } from 'playwright-core'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { withAppPayload } from '../helpers/appPayload.js'
import {
  adminHydrated,
  autosaveSettled,
  hydrated,
  launchBrowser,
  screenshot,
} from '../helpers/browser.js'
import { browserLane } from '../helpers/browserLane.js'
import { signIn } from '../helpers/signIn.js'

const { appUrl } = browserLane()
const password = 'a-long-and-unusual-passphrase-42'
const stamp = Date.now()
const email = `content-folders-admin-${stamp}@example.com`
const folderName = `Box ${stamp}`
const otherFolderName = `Shelf ${stamp}`
// A page only ever saved as drafts, in English and German: what Payload 3.90.1 lost on folder moves.
const english = `Folder draft ${stamp}`
const german = `Ordnerentwurf ${stamp}`
let pageId: number | string
let folderId: number | string
let otherFolderId: number | string
let browser: BrowserContext
let page: Page

beforeAll(async () => {
  await withAppPayload(async (payload) => {
    await payload.create({ collection: 'users', data: { email, password, roles: ['admin'] } })
    folderId = (
      await payload.create({
        collection: 'payload-folders',
        data: { folderType: ['pages'], name: folderName },
      })
    ).id
    otherFolderId = (
      await payload.create({
        collection: 'payload-folders',
        data: { folderType: ['pages'], name: otherFolderName },
      })
    ).id
    const created = await payload.create({
      collection: 'pages',
      data: { slug: `folder-draft-${stamp}`, title: `${english} (first draft)` },
      draft: true,
    })
    await payload.update({
      collection: 'pages',
      data: { title: german },
      draft: true,
      id: created.id,
      locale: 'de',
    })
    await payload.update({
      collection: 'pages',
      data: { title: english },
      draft: true,
      id: created.id,
      locale: 'en',
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

const folderView = () => `${appUrl}/admin/collections/pages/payload-folders/${folderId}`
const documentCard = (target: Page) =>
  target.locator('.folder-file-card--file').filter({ hasText: english })

/** Expects the page's newest title in a locale, as its edit view shows it, to be `title`. */
const expectTitleIn = async (locale: string, title: string) => {
  await page.goto(`${appUrl}/admin/collections/pages/${pageId}?locale=${locale}`)
  await adminHydrated(page)
  await expect.poll(() => page.locator('#field-title').inputValue()).toBe(title)
}

/**
 * Picks a folder in Payload's "move to folder" drawer (one click selects its card) and confirms with
 * the drawer's Select button. Payload gives that button the aria-label "Apply Changes", so it is found
 * by the text an editor sees.
 */
const pickFolder = async (target: Page, name: string) => {
  const drawer = target.locator('.move-folder-drawer')
  // The drawer opens in the folder the document is in: go up to every folder first, as an editor would.
  await drawer.locator('.move-folder-drawer__folder-breadcrumbs-root').click()
  await drawer.locator('.folder-file-card--folder').filter({ hasText: name }).click()
  await drawer.locator('.drawer-action-header__actions button', { hasText: /^Select$/ }).click()
}

describe('folders', () => {
  it('moves a draft into a folder from its edit view, and the folder shows it at once', async () => {
    await page.goto(`${appUrl}/admin/collections/pages/${pageId}`)
    await adminHydrated(page)
    await hydrated(page.locator('.doc-controls .move-doc-to-folder'))
    await page.locator('.doc-controls .move-doc-to-folder').click()
    await screenshot(page, 'content-folders-move-drawer')
    await pickFolder(page, folderName)
    await expect
      .poll(() => page.locator('.doc-controls .move-doc-to-folder').innerText())
      .toContain(folderName)
    // Autosave stores the move as a draft, as every other change to a draft; the form has taken
    // the answer in once its indicator no longer says "Saving".
    await page.waitForResponse(
      (response) =>
        response.url().includes(`/api/pages/${pageId}`) && response.request().method() === 'PATCH',
    )
    await autosaveSettled(page)

    await page.goto(`${appUrl}/admin/browse-by-folder`)
    // The side navigation settles open or closed as it hydrates and moves the cards: a double click
    // aimed before that lands on whatever took their place (a navigation link, in one CI run).
    await adminHydrated(page)
    const folderCard = page.locator('.folder-file-card--folder').filter({ hasText: folderName })
    await hydrated(folderCard)
    await folderCard.dblclick()
    await page.waitForURL((url) => url.pathname === `/admin/browse-by-folder/${folderId}`)
    await documentCard(page).waitFor()
    await screenshot(page, 'content-folders-browse')

    // Nothing of the draft was lost, in either language, and it is still unpublished.
    await expectTitleIn('de', german)
    await expectTitleIn('en', english)
    await expect.poll(() => page.locator('.status__value').innerText()).toBe('Draft')
  })

  it('moves the draft on to another folder from the folder view without losing its edits', async () => {
    await page.goto(folderView())
    await hydrated(documentCard(page))
    await documentCard(page).click()
    await page.getByRole('button', { exact: true, name: 'Move' }).click()
    await pickFolder(page, otherFolderName)
    await page
      .locator('.confirmation-modal')
      .getByRole('button', { exact: true, name: 'Move' })
      .click()
    await documentCard(page).waitFor({ state: 'detached' })
    await screenshot(page, 'content-folders-moved-on')

    await expectTitleIn('de', german)
    await expectTitleIn('en', english)
    await expect
      .poll(() => page.locator('.doc-controls .move-doc-to-folder').innerText())
      .toContain(otherFolderName)
  })
})

describe('trash with folders and localised drafts', () => {
  it("refuses the folder view's permanent delete and keeps the document (payloadcms/payload#16327)", async () => {
    await page.goto(`${appUrl}/admin/collections/pages/payload-folders/${otherFolderId}`)
    await hydrated(documentCard(page))
    await documentCard(page).click()
    await page.getByRole('button', { exact: true, name: 'Delete' }).click()
    await page
      .locator('.confirmation-modal')
      .getByRole('button', { exact: true, name: 'Confirm' })
      .click()
    await page.getByText('Move it to the trash first').first().waitFor()
    await screenshot(page, 'content-folders-delete-refused')
    await page.reload()
    await documentCard(page).waitFor()
  })

  it('trashes the draft, shows it in the trash in every locale, and restores it into its folder', async () => {
    await page.goto(`${appUrl}/admin/collections/pages/${pageId}`)
    await adminHydrated(page)
    await hydrated(page.locator('.doc-controls__popup .popup-button'))
    await page.locator('.doc-controls__popup .popup-button').click()
    await page.getByRole('button', { exact: true, name: 'Delete' }).click()
    await page
      .locator('.confirmation-modal')
      .getByRole('button', { exact: true, name: 'Confirm' })
      .click()
    await page.waitForURL((url) => url.pathname === '/admin/collections/pages')

    await page.goto(`${appUrl}/admin/collections/pages/trash?search=${encodeURIComponent(english)}`)
    await page.locator('table tbody tr td.cell-title').getByText(english, { exact: true }).waitFor()
    await screenshot(page, 'content-trash-folders-list')
    await page.goto(`${appUrl}/admin/collections/pages/trash/${pageId}?locale=de`)
    await adminHydrated(page)
    await expect.poll(() => page.locator('#field-title').inputValue()).toBe(german)
    await screenshot(page, 'content-trash-folders-document-de')
    await hydrated(page.getByRole('button', { exact: true, name: 'Restore' }))

    await page.getByRole('button', { exact: true, name: 'Restore' }).click()
    await page
      .locator('.confirmation-modal')
      .getByRole('button', { exact: true, name: 'Confirm' })
      .click()
    await page.waitForURL((url) => url.pathname === `/admin/collections/pages/${pageId}`)
    await expectTitleIn('de', german)
    await expectTitleIn('en', english)
    await expect
      .poll(() => page.locator('.doc-controls .move-doc-to-folder').innerText())
      .toContain(otherFolderName)
  })
})
