import { expect } from 'vitest'

import type { Json } from './json.js'
import type { RestClient } from './restClient.js'

/**
 * Signs `browser` in to the account, so the account knows it, and brings its own lockout budget to
 * one wrong guess short of `suspendAfter`: only a browser the account knows can suspend it by
 * guessing (device cookies, see knownBrowsers.test.ts). Empties the throttle table first, so the
 * one known-browser row is this browser's. The browser stays signed in.
 */
export const oneGuessFromSuspension = async (
  sql: (text: string, values?: unknown[]) => Promise<Json[]>,
  browser: RestClient,
  {
    email,
    password,
    suspendAfter = 20,
  }: { email: string; password: string; suspendAfter?: number },
) => {
  expect((await browser.post('/users/login', { email, password })).status).toBe(200)
  await sql('DELETE FROM login_throttles')
  expect(
    (await browser.post('/users/login', { email, password: 'a-first-wrong-guess' })).status,
  ).toBe(401)
  await sql(
    "UPDATE login_throttles SET consecutive_failures = $1, lockout_until = NULL WHERE key LIKE 'known-browser:%'",
    [suspendAfter - 1],
  )
}
