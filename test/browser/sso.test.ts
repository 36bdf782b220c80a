import type { BrowserContext, Page, Request } from 'playwright-core'

import { randomBytes } from 'node:crypto'
import { afterEach, beforeAll, describe, expect, inject, it } from 'vitest'

import { withAppPayload } from '../helpers/appPayload.js'
import { expectNoSeriousViolations } from '../helpers/axe.js'
import { fillField, launchBrowser, screenshot } from '../helpers/browser.js'
import { authenticatorApp } from '../helpers/twoFactor.js'

/**
 * Single sign-on as a person meets it in Chromium, with the demo OpenID provider at
 * https://localhost, another site than the app at http://127.0.0.1, as a real provider is: the
 * button on the login page, the provider's own sign-in form, and the way back, to the dashboard, to
 * the login page with what went wrong, or to the second factor, whose SameSite=Strict challenge
 * cookie is set at the end of that cross-site round trip.
 */
const appUrl = inject('appUrl')
const people = inject('ssoPeople')
const providerOrigin = new URL(inject('appEnv').SSO_DEMO_ISSUER).origin
const buttonName = 'Sign in with Corporate SSO'
const footnote =
  'Each account signs in with one method only: the one an administrator chose for it.'

/** Browsers opened by a test, closed after it: each person starts with no cookie at either site. */
const opened: BrowserContext[] = []
const freshPage = async (): Promise<Page> => {
  const browser = await launchBrowser({ ignoreHTTPSErrors: true })
  opened.push(browser)
  return browser.newPage()
}

beforeAll(async () => {
  await withAppPayload(async (payload) => {
    const account = (email: string, identityProvider: string, roles: string[]) =>
      payload.create({
        collection: 'users',
        data: {
          email,
          identityProvider,
          // Never typed here: these people sign in at the provider.
          password: randomBytes(24).toString('base64url'),
          roles,
        } as never,
      })
    // The administrator first: the sandbox makes the first account of an empty database one.
    await account(people.admin.email, 'corporate', ['admin'])
    await account(people.editor.email, 'corporate', ['editor'])
    await account(people.passwordUser.email, 'local', ['editor'])
  })
})
afterEach(async () => {
  await Promise.all(opened.splice(0).map((browser) => browser.close()))
})

const openLoginPage = async (page: Page) => {
  await page.goto(`${appUrl}/admin/login`)
  await page.waitForLoadState('networkidle')
}

/**
 * Presses the provider's button and signs in on the provider's form as `person`; returns the
 * browser's request to the app's callback, the way back from the provider.
 */
const signInAtProvider = async (
  page: Page,
  person: { email: string; password: string },
): Promise<Request> => {
  await openLoginPage(page)
  await page.getByRole('link', { name: buttonName }).click()
  await page.waitForURL((url) => url.origin === providerOrigin)
  await page.getByRole('heading', { name: 'Sign in' }).waitFor()
  await page.getByLabel('Email').fill(person.email)
  await page.getByLabel('Password').fill(person.password)
  const callback = page.waitForRequest((request) =>
    request.url().startsWith(`${appUrl}/api/admin/oauth/callback/corporate?`),
  )
  await page.getByRole('button', { name: 'Sign in' }).click()
  return callback
}

/**
 * What Chromium itself says of the way back: a cross-site navigation, as from a real provider
 * (otherwise SameSite cookies would not be put to the test here).
 */
const expectCrossSite = async (callback: Request) => {
  expect((await callback.allHeaders())['sec-fetch-site']).toBe('cross-site')
}

/** Who the page's own session is, as the admin's code asks: `/api/users/me` from the page. */
const signedInUser = (page: Page) =>
  page.evaluate(async () => {
    const answer = await fetch('/api/users/me', { credentials: 'include' })
    const body = (await answer.json()) as { user: { email: string; roles: string[] } | null }
    return body.user && { email: body.user.email, roles: body.user.roles }
  })

const expectDashboard = async (page: Page) => {
  await page.waitForURL((url) => url.href === `${appUrl}/admin`)
  await page.locator('.dashboard').first().waitFor()
  await page.locator('.dashboard').getByRole('link', { name: 'Posts' }).first().waitFor()
}

describe('single sign-on in Chromium, with the provider on another site', () => {
  it('offers "Sign in with Corporate SSO" with its footnote, axe-clean and by keyboard', async () => {
    const page = await freshPage()
    await openLoginPage(page)
    const button = page.getByRole('link', { name: buttonName })
    await button.waitFor()
    expect(await button.getAttribute('href')).toBe(
      `${appUrl}/api/admin/oauth/authorization/corporate?flow=default`,
    )
    await page.getByText('or', { exact: true }).waitFor()
    await page.getByText(footnote).waitFor()
    await screenshot(page, 'sso-login')
    await expectNoSeriousViolations(page, ['.template-minimal__wrap'], 'login with single sign-on')

    // From the top of the page, Tab reaches the button, and Enter on it opens the provider.
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur())
    const focusedText = () => page.evaluate(() => document.activeElement?.textContent ?? '')
    let presses = 0
    while ((await focusedText()) !== buttonName && presses < 20) {
      await page.keyboard.press('Tab')
      presses += 1
    }
    expect(await focusedText()).toBe(buttonName)
    await page.keyboard.press('Enter')
    await page.waitForURL((url) => url.origin === providerOrigin)
    await page.getByText('to continue to backoffice-sandbox').waitFor()
  })

  it('signs an editor in on the provider’s form and lands on the dashboard', async () => {
    const page = await freshPage()
    await expectCrossSite(await signInAtProvider(page, people.editor))
    await expectDashboard(page)
    expect(await signedInUser(page)).toEqual({ email: people.editor.email, roles: ['editor'] })
    // An editor's dashboard: the administrators' security collections are not on it.
    expect(await page.getByText('Audit log').count()).toBe(0)
    await screenshot(page, 'sso-dashboard')
  })

  it('brings someone who cancels at the provider back to the login page, saying so', async () => {
    const page = await freshPage()
    await openLoginPage(page)
    await page.getByRole('link', { name: buttonName }).click()
    await page.waitForURL((url) => url.origin === providerOrigin)
    await page.getByRole('button', { name: 'Cancel' }).click()
    await page.waitForURL((url) => url.origin === appUrl && url.pathname === '/admin/login')
    await page.getByText('The sign-in was cancelled at the provider.').waitFor()
    await expect.poll(() => new URL(page.url()).searchParams.has('errorMessage')).toBe(false)
    expect(new URL(page.url()).searchParams.has('provider')).toBe(false)
    expect(await signedInUser(page)).toBeNull()
    await screenshot(page, 'sso-cancelled')
  })

  it('tells an account that signs in with its password to use it', async () => {
    const page = await freshPage()
    await signInAtProvider(page, people.passwordUser)
    await page.waitForURL((url) => url.origin === appUrl && url.pathname === '/admin/login')
    await page
      .getByText(
        'You are not allowed to sign in using Corporate SSO. Please use email and password to sign in.',
      )
      .waitFor()
    await expect.poll(() => new URL(page.url()).searchParams.has('errorMessage')).toBe(false)
    expect(await signedInUser(page)).toBeNull()
  })
})

describe('the second factor after single sign-on', () => {
  let authenticator: ReturnType<typeof authenticatorApp>

  it('lets an account signed in at the provider set up two-factor from its account page', async () => {
    const page = await freshPage()
    await signInAtProvider(page, people.admin)
    await expectDashboard(page)
    expect((await signedInUser(page))?.email).toBe(people.admin.email)
    await page.goto(`${appUrl}/admin/account`)
    await page.waitForLoadState('networkidle')
    await page.getByRole('link', { name: 'Set up two-factor' }).click()
    await page.waitForURL((url) => url.pathname === '/admin/two-factor/setup')
    const secretText = page.getByTestId('totp-secret')
    await secretText.waitFor()
    authenticator = authenticatorApp((await secretText.textContent())?.trim() ?? '')
    await page.waitForLoadState('networkidle')
    // The sixth digit sends the code.
    await page.locator('#backoffice-totp-code').fill(await authenticator.code())
    await page.waitForURL((url) => url.pathname === '/admin')
    await page.getByText('account activated successfully').waitFor()
  })

  it('asks for the code after the provider, then signs in: the challenge cookie survived the cross-site round trip', async () => {
    // Another browser, so the provider asks for the password again (no session there yet).
    const page = await freshPage()
    const callback = await signInAtProvider(page, people.admin)
    await expectCrossSite(callback)
    // The challenge cookie comes with the answer to that cross-site navigation, SameSite=Strict.
    const setCookie = (await (await callback.response())!.allHeaders())['set-cookie'] ?? ''
    expect(setCookie).toMatch(/payload-mfa-challenge=[^;\n]+;[^\n]*SameSite=Strict/i)
    await page.waitForURL(
      (url) => url.origin === appUrl && url.pathname === '/admin/two-factor/verify',
    )
    expect(await signedInUser(page)).toBeNull()
    await page.waitForLoadState('networkidle')
    await screenshot(page, 'sso-two-factor-verify')

    await fillField(page, '#backoffice-totp-code', await authenticator.code())
    const verifying = page.waitForRequest(
      (request) => request.url() === `${appUrl}/api/users/mfa/totp/authenticate`,
    )
    await page.getByRole('button', { name: 'Verify' }).click()
    // The browser kept the cookie and sends it with the code: the proof of the provider's step.
    expect((await (await verifying).allHeaders()).cookie).toMatch(/payload-mfa-challenge=/)
    await expectDashboard(page)
    expect((await signedInUser(page))?.email).toBe(people.admin.email)
  })
})
