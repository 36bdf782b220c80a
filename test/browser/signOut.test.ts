import type { BrowserContext, Page, Request } from 'playwright-core'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { withAppPayload } from '../helpers/appPayload.js'
import { adminHydrated, hydrated, launchBrowser } from '../helpers/browser.js'
import { browserLane } from '../helpers/browserLane.js'
import { signIn } from '../helpers/signIn.js'

const { appUrl } = browserLane()
const password = 'a-long-and-unusual-passphrase-42'
const email = `browser-sign-out-${Date.now()}@example.com`
let context: BrowserContext
let page: Page

beforeAll(async () => {
  await withAppPayload(async (payload) => {
    await payload.create({ collection: 'users', data: { email, password, roles: ['editor'] } })
  })
  context = await launchBrowser()
  page = await context.newPage()
})
afterAll(async () => {
  await context?.close()
})

/** Every sign-out request the page sends from now on. */
const countSignOuts = (): Request[] => {
  const signOuts: Request[] = []
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/users/logout') {
      signOuts.push(request)
    }
  })
  return signOuts
}

describe('signing out', () => {
  it('sends one sign-out request when a person clicks "Log out"', async () => {
    await signIn(page, appUrl, email, password)
    await adminHydrated(page)
    const signOuts = countSignOuts()
    // The side navigation, where Payload puts "Log out", starts closed: open it as a person does.
    const menu = page.getByRole('button', { exact: true, name: 'Open Menu' })
    await hydrated(menu)
    await menu.click()
    await page.getByRole('button', { exact: true, name: 'Close Menu' }).waitFor()
    const logOut = page.getByRole('link', { name: 'Log out' })
    await hydrated(logOut)
    await logOut.click()
    // The login page, drawn and hydrated, proves the sign-out has finished.
    await page.waitForURL((url) => url.pathname === '/admin/login')
    await hydrated(page.locator('#field-email'))
    await expect.poll(() => signOuts.length).toBe(1)
    const answer = await signOuts[0]!.response()
    expect(answer?.status()).toBe(200)
    // The session is over: the admin sends the browser back to the login page.
    await page.goto(`${appUrl}/admin`)
    await page.waitForURL((url) => url.pathname === '/admin/login')
    await page.locator('#field-password').waitFor()
    expect(signOuts).toHaveLength(1)
  })

  it('sends one sign-out request when the sign-out address is opened directly', async () => {
    await signIn(page, appUrl, email, password)
    await adminHydrated(page)
    const signOuts = countSignOuts()
    await page.goto(`${appUrl}/admin/logout`)
    await page.waitForURL((url) => url.pathname === '/admin/login')
    await hydrated(page.locator('#field-email'))
    await expect.poll(() => signOuts.length).toBe(1)
    expect((await signOuts[0]!.response())?.status()).toBe(200)
    await page.goto(`${appUrl}/admin`)
    await page.waitForURL((url) => url.pathname === '/admin/login')
    await page.locator('#field-password').waitFor()
    expect(signOuts).toHaveLength(1)
  })
})
