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
    const { errors } = await payload.delete({
      collection: 'users',
      overrideAccess: true,
      where: { id: { exists: true } },
    })
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

const filledSegments = async () =>
  Number(await page.locator('[data-password-meter]').getAttribute('data-filled'))

describe('a fresh install in Chromium', () => {
  it('sends the first visitor to create the first user, with the password rules live, then to the dashboard', async () => {
    await page.goto(`${appUrl}/admin`)
    await page.waitForURL('**/admin/create-first-user')
    await page.waitForLoadState('networkidle')
    await page.getByRole('heading', { name: 'Create the first user' }).waitFor()
    // The first-user form has no confirmation field; the collection's other fields are there.
    expect(await page.locator('#field-confirm-password').count()).toBe(0)
    await page.locator('#field-name').waitFor()

    await fillField(page, '#field-email', 'owner@example.com')
    await fillField(page, '#field-name', 'Olivia Owner')
    await page.locator('#field-password').pressSequentially('owl', { delay: 20 })
    await page.locator('li[data-rule="minLength"][data-met="false"]').waitFor()
    const before = await filledSegments()
    await screenshot(page, 'first-user-rules-unmet')

    await page
      .locator('#field-password')
      .pressSequentially('-granite-whistles-at-dawn-7', { delay: 20 })
    await page.locator('li[data-rule="minLength"][data-met="true"]').waitFor()
    await page.waitForFunction(
      (count) =>
        Number(document.querySelector('[data-password-meter]')?.getAttribute('data-filled')) >
        count,
      before,
    )
    expect(await filledSegments()).toBeGreaterThan(before)
    expect(await page.locator('#field-password').inputValue()).toBe(
      'owl-granite-whistles-at-dawn-7',
    )
    await screenshot(page, 'first-user-form')

    await page.locator('button[type="submit"]').filter({ hasText: 'Create' }).click()
    await page.waitForURL((url) => url.pathname === '/admin')
    await page.locator('.dashboard').first().waitFor()
    await page.getByRole('link', { name: 'Pages' }).first().waitFor()
    await page.getByRole('link', { name: 'Posts' }).first().waitFor()
    await screenshot(page, 'dashboard')
  })

  it('sends anyone to sign in who opens the page once the first user exists', async () => {
    const stranger = await launchBrowser()
    try {
      const visitor = await stranger.newPage()
      await visitor.goto(`${appUrl}/admin/create-first-user`)
      await visitor.waitForURL((url) => url.pathname === '/admin/login')
    } finally {
      await stranger.close()
    }
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
