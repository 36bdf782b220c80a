import type { BrowserContext, Page } from 'playwright-core'

import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'

import { withAppPayload } from '../helpers/appPayload.js'
import { fillField, launchBrowser, screenshot } from '../helpers/browser.js'
import { signIn } from '../helpers/signIn.js'

const appUrl = inject('appUrl')
const password = 'a-long-and-unusual-passphrase-42'
const stamp = Date.now()
const adminEmail = `browser-admin-${stamp}@example.com`
const lockedEmail = `browser-locked-${stamp}@example.com`
const suspendedEmail = `browser-suspended-${stamp}@example.com`
let suspendedId: number | string
let browser: BrowserContext
let page: Page

beforeAll(async () => {
  await withAppPayload(async (payload) => {
    await payload.create({
      collection: 'users',
      data: { email: adminEmail, password, roles: ['admin'] },
    })
    await payload.create({
      collection: 'users',
      data: { email: lockedEmail, password, roles: ['editor'] },
    })
    const suspended = await payload.create({
      collection: 'users',
      data: { email: suspendedEmail, password, roles: ['editor'] },
    })
    suspendedId = suspended.id
    await payload.update({
      collection: 'users',
      data: {
        security: {
          status: 'suspended',
          suspendedAt: new Date().toISOString(),
          suspensionReason: 'securityIncident',
        },
      } as never,
      id: suspended.id,
      overrideAccess: true,
    })
  })
  browser = await launchBrowser()
  page = await browser.newPage()
})
afterAll(async () => {
  await browser?.close()
})

const submitLogin = async (email: string, secret: string) => {
  await fillField(page, '#field-email', email)
  await fillField(page, '#field-password', secret)
  await page.locator('button[type="submit"]').click()
}

describe('the login view', () => {
  it('has an email field with an example, a password with a show/hide toggle and a forgot-password link', async () => {
    await page.goto(`${appUrl}/admin/login`)
    await page.waitForLoadState('networkidle')
    const email = page.locator('#field-email')
    expect(await email.getAttribute('type')).toBe('email')
    expect(await email.getAttribute('placeholder')).toBe('name@example.com')
    const passwordField = page.locator('#field-password')
    await fillField(page, '#field-password', 'visible?')
    expect(await passwordField.getAttribute('type')).toBe('password')
    await page.getByRole('button', { name: 'Show password' }).click()
    expect(await passwordField.getAttribute('type')).toBe('text')
    await page.getByRole('button', { name: 'Hide password' }).click()
    expect(await passwordField.getAttribute('type')).toBe('password')
    expect(await page.getByRole('link', { name: 'Forgot password?' }).getAttribute('href')).toBe(
      '/admin/forgot',
    )
    await screenshot(page, 'login-view')
  })

  it('shows a catalogue code in errorMessage as its text, never free text, and removes it from the address', async () => {
    await page.goto(`${appUrl}/admin/login?errorMessage=SSO_CANCELLED&redirect=%2Fadmin`)
    await page.getByText('The sign-in was cancelled at the provider.').waitFor()
    await expect.poll(() => new URL(page.url()).searchParams.has('errorMessage')).toBe(false)
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/admin')

    // A link cannot make the page say what its author wants (content spoofing).
    const planted = 'Call +1 555 0100 to unlock your account'
    await page.goto(`${appUrl}/admin/login?errorMessage=${encodeURIComponent(planted)}`)
    await expect.poll(() => new URL(page.url()).searchParams.has('errorMessage')).toBe(false)
    expect(await page.getByText(planted).count()).toBe(0)
  })

  it('shows the lockout after five wrong passwords', async () => {
    await page.goto(`${appUrl}/admin/login`)
    await page.waitForLoadState('networkidle')
    for (let attempt = 1; attempt <= 5; attempt++) {
      await submitLogin(lockedEmail, `wrong-password-${attempt}`)
      await page.getByText('The email or password provided is incorrect.').last().waitFor()
      await expect.poll(() => page.locator('button[type="submit"]').isDisabled()).toBe(false)
    }
    await submitLogin(lockedEmail, password)
    // The wait is told, not only "later" (30 s after the fifth failure).
    await page
      .getByText(/^Login temporarily blocked for this user\. Please try again in \d+ seconds\.$/)
      .waitFor()
    expect(new URL(page.url()).pathname).toBe('/admin/login')
    await screenshot(page, 'login-locked')
  })
})

describe('a suspended account', () => {
  it('is told it is locked only with the right password, and an administrator unblocks it', async () => {
    await page.goto(`${appUrl}/admin/login`)
    await page.waitForLoadState('networkidle')
    await submitLogin(suspendedEmail, password)
    await page.getByText('Account locked.').waitFor()

    // A second browser profile: the administrator's own cookies.
    const admin = await launchBrowser()
    const adminPage = await admin.newPage()
    try {
      await signIn(adminPage, appUrl, adminEmail, password)
      await adminPage.goto(`${appUrl}/admin/collections/users/${suspendedId}`)
      const unblock = adminPage.getByRole('button', { name: 'Unblock account' })
      await unblock.waitFor()
      await screenshot(adminPage, 'user-suspended')
      await unblock.click()
      await adminPage.getByText('Account unblocked successfully').waitFor()
      await expect.poll(() => unblock.count()).toBe(0)
    } finally {
      await admin.close()
    }

    await signIn(page, appUrl, suspendedEmail, password)
  })
})
