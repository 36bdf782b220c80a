import type { BrowserContext, Locator, Page } from 'playwright-core'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { withAppPayload } from '../helpers/appPayload.js'
import { launchBrowser, screenshot } from '../helpers/browser.js'
import { browserLane } from '../helpers/browserLane.js'
import { signIn } from '../helpers/signIn.js'

const { appUrl } = browserLane()
const password = 'a-long-and-unusual-passphrase-42'
const stamp = Date.now()
const adminEmail = `browser-sessions-admin-${stamp}@example.com`
const editorEmail = `browser-sessions-editor-${stamp}@example.com`
let editorId: number | string
// Two browser profiles of the same editor: two devices, each with its own cookies.
let deviceA: BrowserContext
let deviceB: BrowserContext
let pageA: Page
let pageB: Page

beforeAll(async () => {
  await withAppPayload(async (payload) => {
    // The administrator first: on an empty database the first account would become one anyway.
    await payload.create({
      collection: 'users',
      data: { email: adminEmail, password, roles: ['admin'] },
    })
    const editor = await payload.create({
      collection: 'users',
      data: { email: editorEmail, password, roles: ['editor'] },
    })
    editorId = editor.id
  })
  deviceA = await launchBrowser()
  deviceB = await launchBrowser()
  pageA = await deviceA.newPage()
  pageB = await deviceB.newPage()
  await signIn(pageA, appUrl, editorEmail, password)
  await signIn(pageB, appUrl, editorEmail, password)
})
afterAll(async () => {
  await deviceA?.close()
  await deviceB?.close()
})

/** The sessions section of an account page, named by its heading. */
const sessionsOf = (page: Page): Locator =>
  page.getByRole('region', { exact: true, name: 'Sessions' })

/** The listed sessions, once the section has finished loading. */
const listedSessions = async (page: Page): Promise<Locator> => {
  const section = sessionsOf(page)
  await section.waitFor()
  await expect.poll(() => section.getByText('Loading sessions…').count()).toBe(0)
  return section.getByRole('listitem')
}

/** Expects the page to be the login view: an ended session no longer opens the admin. */
const expectSignedOut = async (page: Page) => {
  await page.goto(`${appUrl}/admin`)
  await page.waitForURL((url) => url.pathname === '/admin/login')
  await page.locator('#field-email').waitFor()
  await page.locator('#field-password').waitFor()
}

describe('sessions on the account page', () => {
  it('a user ends another of their sessions from the account page', async () => {
    await pageA.goto(`${appUrl}/admin/account`)
    const sessions = await listedSessions(pageA)
    await expect.poll(() => sessions.count()).toBe(2)

    // Exactly one of the two is marked as the session of this browser.
    const current = sessions.filter({ hasText: 'This session' })
    const other = sessions.filter({ hasNotText: 'This session' })
    await expect.poll(() => current.count()).toBe(1)
    await expect.poll(() => other.count()).toBe(1)
    for (const item of [current, other]) {
      const text = await item.innerText()
      expect(text).toMatch(/ on /)
      expect(text).toContain('IP address 127.0.0.1')
      expect(text).toContain('Signed in ')
      expect(text).toContain('Last active ')
    }
    await screenshot(pageA, 'sessions-account-two-sessions')

    const end = other.getByRole('button', { name: /^End session: .+ on .+$/ })
    await expect.poll(() => end.innerText()).toBe('End session')
    await end.click()

    await pageA.getByText('Session ended.').waitFor()
    await expect.poll(() => sessions.count()).toBe(1)
    await expect.poll(() => sessions.filter({ hasText: 'This session' }).count()).toBe(1)
    await screenshot(pageA, 'sessions-account-one-left')

    // The other device is signed out on its very next request.
    await expectSignedOut(pageB)
    await screenshot(pageB, 'sessions-other-device-signed-out')

    // This device still works.
    await pageA.goto(`${appUrl}/admin`)
    await pageA.locator('.dashboard').first().waitFor()
    expect(new URL(pageA.url()).pathname).toBe('/admin')
  })

  it("an administrator sees a user's sessions on their page and ends them all", async () => {
    const admin = await launchBrowser()
    try {
      const adminPage = await admin.newPage()
      await signIn(adminPage, appUrl, adminEmail, password)
      await adminPage.goto(`${appUrl}/admin/collections/users/${editorId}`)

      // The editor's one remaining session (device A), none of them the administrator's own.
      const sessions = await listedSessions(adminPage)
      await expect.poll(() => sessions.count()).toBe(1)
      await sessions.getByRole('button', { name: /^End session: / }).waitFor()
      await expect.poll(() => sessions.filter({ hasText: 'This session' }).count()).toBe(0)

      const endAll = sessionsOf(adminPage).getByRole('button', {
        name: 'End all sessions of this account',
      })
      await expect.poll(() => endAll.innerText()).toBe('End all sessions')
      // Drawn as a button (a visible border), not as bare text.
      await expect
        .poll(() => endAll.evaluate((element) => getComputedStyle(element).borderTopColor))
        .not.toBe('rgba(0, 0, 0, 0)')
      await screenshot(adminPage, 'sessions-admin-user-page')
      await endAll.click()

      await adminPage.getByText('Sessions ended: 1.').waitFor()
      await sessionsOf(adminPage).getByText('No active sessions.').waitFor()
      await expect.poll(() => sessions.count()).toBe(0)
      await expect.poll(() => endAll.count()).toBe(0)
      await screenshot(adminPage, 'sessions-admin-ended-all')

      // The administrator's own session is untouched.
      await adminPage.goto(`${appUrl}/admin`)
      await adminPage.locator('.dashboard').first().waitFor()
    } finally {
      await admin.close()
    }

    await expectSignedOut(pageA)
    await screenshot(pageA, 'sessions-device-a-signed-out')
  })
})
