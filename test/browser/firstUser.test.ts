import type { BrowserContext, Page } from 'playwright-core'

import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'

import { withAppPayload } from '../helpers/appPayload.js'
import { fillField, launchBrowser, screenshot } from '../helpers/browser.js'

const appUrl = inject('appUrl')
let browser: BrowserContext
let page: Page

beforeAll(async () => {
  // A fresh install has no accounts, whatever other browser test files ran before this one.
  await withAppPayload(async (payload) => {
    const { errors } = await payload.delete({ collection: 'users', overrideAccess: true, where: { id: { exists: true } } })
    if (errors.length > 0) {
      throw new Error(`Could not delete the accounts: ${JSON.stringify(errors)}`)
    }
  })
  browser = await launchBrowser()
  page = await browser.newPage()
})
afterAll(async () => {
  await browser?.close()
})

describe('a fresh install in Chromium', () => {
  it('sends the first visitor to create the first user, then to the dashboard', async () => {
    await page.goto(`${appUrl}/admin`)
    await page.waitForURL('**/admin/create-first-user')
    await page.waitForLoadState('networkidle')

    await fillField(page, '#field-email', 'owner@example.com')
    await fillField(page, '#field-password', 'a-long-and-unusual-passphrase-42')
    await fillField(page, '#field-confirm-password', 'a-long-and-unusual-passphrase-42')
    await screenshot(page, 'first-user-form')
    await page.locator('button[type="submit"]').click()

    await page.waitForURL((url) => url.pathname === '/admin')
    await page.locator('.dashboard').first().waitFor()
    await page.getByRole('link', { name: 'Pages' }).first().waitFor()
    await page.getByRole('link', { name: 'Posts' }).first().waitFor()
    await screenshot(page, 'dashboard')
  })

  it('switches the admin to German from the account page and shows German labels', async () => {
    await page.goto(`${appUrl}/admin/account`)
    await page.waitForLoadState('networkidle')
    await page.locator('#language-select').click()
    await page.getByRole('option', { name: 'Deutsch' }).click()

    // Payload's own German texts for "Language" and "Log out".
    await page.getByText('Sprache', { exact: true }).first().waitFor()
    await screenshot(page, 'account-german')

    await page.goto(`${appUrl}/admin`)
    // Payload's "Dashboard" and the sandbox's own collection labels, in German.
    await page.getByText('Übersicht', { exact: true }).first().waitFor()
    await page.getByRole('heading', { name: 'Inhalte' }).waitFor()
    await page.getByRole('link', { name: 'Seiten' }).first().waitFor()
    await page.getByRole('link', { name: 'Beiträge' }).first().waitFor()
    expect(await page.locator('html').getAttribute('lang')).toBe('de')
    await screenshot(page, 'dashboard-german')
  })
})
