import type { Page } from 'playwright-core'

import { fillField } from './browser.js'

/**
 * Signs in through the admin's login form, as a person would (`fillField` waits for the form to
 * hydrate), and waits for the dashboard.
 */
export const signIn = async (page: Page, appUrl: string, email: string, password: string) => {
  await page.goto(`${appUrl}/admin/login`)
  await fillField(page, '#field-email', email)
  await fillField(page, '#field-password', password)
  await page.locator('button[type="submit"]').click()
  await page.waitForURL((url) => url.pathname === '/admin')
}
