import type { Page } from 'playwright-core'

import { expect } from 'vitest'

import { forgetLastUsedStep } from './appDatabase.js'
import { signIn } from './signIn.js'
import { authenticatorApp } from './twoFactor.js'

/**
 * Sets up the authenticator app for `email` the way the account page does: signed in with this
 * page's browser, then through the API with its session, and signed out again. Returns the app,
 * for the codes of later sign-ins.
 */
export const enrolThroughPage = async (
  page: Page,
  appUrl: string,
  email: string,
  password: string,
) => {
  await signIn(page, appUrl, email, password)
  // Payload takes the session cookie outside a page only with the admin's own origin.
  const setup = await page.request.get(`${appUrl}/api/users/mfa/totp/setup`, {
    headers: { Origin: appUrl },
  })
  expect(setup.status()).toBe(200)
  const { secret } = (await setup.json()) as { secret: string }
  const authenticator = authenticatorApp(secret, { forgetUsedSteps: forgetLastUsedStep(email) })
  const finished = await page.request.post(`${appUrl}/api/users/mfa/totp/finish-enrollment`, {
    data: { code: await authenticator.code() },
    headers: { Origin: appUrl },
  })
  expect(finished.status()).toBe(200)
  await page.goto(`${appUrl}/admin/logout`)
  await page.waitForURL((url) => url.pathname === '/admin/login')
  return authenticator
}
