import type { BrowserContext, Locator, Page } from 'playwright-core'

import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'

import { withAppPayload } from '../helpers/appPayload.js'
import { fillField, launchBrowser, screenshot } from '../helpers/browser.js'
import { signIn } from '../helpers/signIn.js'

const appUrl = inject('appUrl')
const password = 'a-long-and-unusual-passphrase-42'
const stamp = Date.now()
const adminEmail = `browser-audit-admin-${stamp}@example.com`
const editorEmail = `browser-audit-editor-${stamp}@example.com`
const pageTitle = `Audited page ${stamp}`
let browser: BrowserContext
let page: Page

beforeAll(async () => {
  // One Payload for the whole setup: the events come from the browser and from the Local API in turn.
  await withAppPayload(async (payload) => {
    // The administrator first: on an empty database the first account would become one anyway.
    const admin = await payload.create({
      collection: 'users',
      data: { email: adminEmail, password, roles: ['admin'] },
    })
    await payload.create({
      collection: 'users',
      data: { email: editorEmail, password, roles: ['editor'] },
    })

    browser = await launchBrowser()
    page = await browser.newPage()
    // A failed sign-in for the editor's account, then the administrator's own, both through the login view.
    await page.goto(`${appUrl}/admin/login`)
    await page.waitForLoadState('networkidle')
    await fillField(page, '#field-email', editorEmail)
    await fillField(page, '#field-password', 'not-the-right-password')
    await page.locator('button[type="submit"]').click()
    await page.getByText('The email or password provided is incorrect.').waitFor()
    await signIn(page, appUrl, adminEmail, password)

    // A content change by the administrator, through the Local API with the administrator as the user.
    await payload.create({
      collection: 'pages',
      data: { slug: `audited-page-${stamp}`, title: pageTitle },
      overrideAccess: false,
      user: { ...admin, collection: 'users' },
    })
  })
})
afterAll(async () => {
  await browser?.close()
})

const rows = (listPage: Page): Locator => listPage.locator('table tbody tr')

/** The texts of one column of the list, by the field's name. */
const column = (listPage: Page, field: string): Promise<string[]> =>
  listPage
    .locator(`table tbody tr td.cell-${field}`)
    .allInnerTexts()
    .then((texts) => texts.map((text) => text.trim()))

/** The row of the list whose cells include all of `texts`. */
const rowWith = (listPage: Page, ...texts: string[]): Locator =>
  texts.reduce((found, text) => found.filter({ hasText: text }), rows(listPage))

/** Opens the admin's side navigation with its menu button, once the page has hydrated. */
const openNav = async (listPage: Page) => {
  await listPage.waitForLoadState('networkidle')
  await listPage.getByRole('button', { exact: true, name: 'Open Menu' }).click()
  await listPage.getByRole('button', { exact: true, name: 'Close Menu' }).waitFor()
  await listPage.locator('#nav-pages').waitFor()
}

/** Picks an option in one of the filter condition's drop-downs, as a person does. */
const choose = async (listPage: Page, part: 'field' | 'operator' | 'value', option: string) => {
  await listPage.locator(`.condition__${part} .rs__control`).click()
  await listPage.locator('.rs__option').getByText(option, { exact: true }).click()
  await expect
    .poll(() => listPage.locator(`.condition__${part} .rs__single-value`).innerText())
    .toBe(option)
}

describe('the audit log in the admin', () => {
  it('lists the events with time, event, actor, user and IP address', async () => {
    await page.goto(`${appUrl}/admin`)
    await openNav(page)
    await screenshot(page, 'audit-log-admin-nav')
    await page.locator('#nav-audit-log').getByText('Audit log', { exact: true }).click()
    await page.waitForURL((url) => url.pathname === '/admin/collections/audit-log')
    await rows(page).first().waitFor()

    const headers = (await page.locator('table thead th').allInnerTexts())
      .map((text) => text.trim())
      .filter(Boolean)
    expect(headers).toEqual(['Time', 'Event', 'Done by', 'User', 'IP address'])

    // Newest first: the three events this file produced are on the first page.
    const failed = rowWith(page, 'Sign-in failed', editorEmail)
    const succeeded = rowWith(page, 'Sign-in succeeded', adminEmail)
    const created = rowWith(page, 'Content created', adminEmail)
    await failed.waitFor()
    await succeeded.waitFor()
    await created.waitFor()
    expect(await failed.count()).toBe(1)
    expect(await succeeded.count()).toBe(1)
    expect(await created.count()).toBe(1)

    // Nobody was signed in for the failed attempt; both sign-ins came from the browser's address.
    expect((await failed.locator('td.cell-actor').innerText()).trim()).not.toContain('@')
    expect((await failed.locator('td.cell-ipAddress').innerText()).trim()).toMatch(/127\.0\.0\.1/)
    expect((await succeeded.locator('td.cell-ipAddress').innerText()).trim()).toMatch(
      /127\.0\.0\.1/,
    )
    // The time in the format the collection configures.
    expect((await failed.locator('td.cell-timestamp').innerText()).trim()).toMatch(
      /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/,
    )
    expect(new Set(await column(page, 'event')).size).toBeGreaterThan(1)
    await screenshot(page, 'audit-log-list')
  })

  it('the audit log list filters by event', async () => {
    await page.goto(`${appUrl}/admin/collections/audit-log`)
    await rows(page).first().waitFor()
    await page.waitForLoadState('networkidle')

    await page.getByRole('button', { exact: true, name: 'Filters' }).click()
    await page.getByRole('button', { exact: true, name: 'Add Filter' }).click()
    await choose(page, 'field', 'Event')
    await choose(page, 'operator', 'equals')
    await choose(page, 'value', 'Sign-in failed')

    await expect
      .poll(() => new URL(page.url()).searchParams.get('where[or][0][and][0][event][equals]'), {
        timeout: 30_000,
      })
      .toBe('login.failed')
    await expect
      .poll(async () => [...new Set(await column(page, 'event'))], { timeout: 30_000 })
      .toEqual(['Sign-in failed'])
    await rowWith(page, 'Sign-in failed', editorEmail).waitFor()
    expect(await rowWith(page, 'Sign-in succeeded').count()).toBe(0)
    expect(await rowWith(page, 'Content created').count()).toBe(0)
    await screenshot(page, 'audit-log-filtered')

    // The filter is in the address: opening it again shows the same.
    await page.reload()
    await rows(page).first().waitFor()
    expect([...new Set(await column(page, 'event'))]).toEqual(['Sign-in failed'])
  })

  it('is not shown to an editor', async () => {
    const editorBrowser = await launchBrowser()
    try {
      const editorPage = await editorBrowser.newPage()
      await signIn(editorPage, appUrl, editorEmail, password)
      await openNav(editorPage)
      // Neither in the navigation nor on the dashboard.
      expect(await editorPage.locator('#nav-audit-log').count()).toBe(0)
      expect(await editorPage.getByText('Audit log').count()).toBe(0)
      await screenshot(editorPage, 'audit-log-editor-nav')

      await editorPage.goto(`${appUrl}/admin/collections/audit-log`)
      await editorPage.getByText('Nothing found', { exact: true }).waitFor()
      expect(await editorPage.locator('table tbody tr').count()).toBe(0)
      expect(await editorPage.getByText(editorEmail).count()).toBe(0)
      await screenshot(editorPage, 'audit-log-editor-not-found')
    } finally {
      await editorBrowser.close()
    }
  })
})
