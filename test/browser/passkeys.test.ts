import type { BrowserContext, Page } from 'playwright-core'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { appPayloadOfFile } from '../helpers/appPayload.js'
import { expectNoSeriousViolations } from '../helpers/axe.js'
import { fillField, hydrated, launchBrowser, screenshot } from '../helpers/browser.js'
import { startSecondApp } from '../helpers/secondApp.js'
import { sqlOn } from '../helpers/sql.js'

const email = 'keeps-a-passkey@example.com'
const password = 'a-long-and-unusual-passphrase-42'
const app = appPayloadOfFile()
let browser: BrowserContext
let page: Page
let secondApp: Awaited<ReturnType<typeof startSecondApp>> | undefined
/** The app as a passkey sees it: on `localhost`, a domain (WebAuthn takes no IP address as its id). */
let appUrl: string

beforeAll(async () => {
  const payload = await app.payload()
  await payload.delete({
    collection: 'users',
    overrideAccess: true,
    where: { email: { equals: email } },
  })
  await payload.create({
    collection: 'users',
    data: { email, name: 'Pia Passkey', password, roles: ['editor'] } as never,
  })
  // The relying party must be a domain: WebAuthn takes no IP address, and the shared app answers at
  // 127.0.0.1. `localhost` is a secure context for Chromium.
  secondApp = await startSecondApp({ urlHost: 'localhost' })
  appUrl = secondApp.url
  browser = await launchBrowser()
  page = await browser.newPage()
  // Chromium's virtual authenticator (DevTools protocol, WebAuthn domain): a platform authenticator
  // that keeps discoverable credentials and verifies its user, answering every prompt at once.
  const cdp = await browser.newCDPSession(page)
  await cdp.send('WebAuthn.enable')
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      automaticPresenceSimulation: true,
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      protocol: 'ctap2',
      transport: 'internal',
    },
  })
}, 180_000)
afterAll(async () => {
  await browser?.close()
  await secondApp?.stop()
  await app.close()
})

const signInWithPassword = async () => {
  await page.goto(`${appUrl}/admin/login`)
  await fillField(page, '#field-email', email)
  await fillField(page, '#field-password', password)
  await page.locator('button[type="submit"]').click()
  await page.waitForURL(
    (url) => url.pathname === '/admin' || url.pathname === '/admin/two-factor/verify',
  )
  return new URL(page.url()).pathname
}

const signOut = async () => {
  await page.goto(`${appUrl}/admin/logout`)
  await page.waitForURL((url) => url.pathname === '/admin/login')
}

describe('passkeys in Chromium with a virtual authenticator', () => {
  it('registers a passkey on the account page; issue 38 item 4 (stale sections): the two-factor summary says so at once, without a reload', async () => {
    expect(await signInWithPassword()).toBe('/admin')
    await page.goto(`${appUrl}/admin/account`)
    const add = page.locator('#backoffice-passkey-add')
    await add.waitFor()
    await hydrated(add)
    const status = page.locator('#backoffice-two-factor-status')
    const passkeysState = page.locator('[data-method="passkeys"] small').first()
    expect(await status.textContent()).toBe('Not set up')
    expect(await passkeysState.textContent()).toBe('Not set up')
    // A mark on this document: a reload would lose it.
    await page.evaluate(() => ((window as { samePage?: boolean }).samePage = true))
    await add.click()
    await page.getByText('Passkey added.').waitFor()
    const row = page.locator('.backoffice-passkey')
    await expect.poll(() => row.count()).toBe(1)
    await expect.poll(() => passkeysState.textContent()).toBe('On, 1 registered')
    expect(await status.textContent()).toBe('Enabled')
    expect(await page.evaluate(() => (window as { samePage?: boolean }).samePage)).toBe(true)
    expect(await row.innerText()).toContain('never used')
    await expectNoSeriousViolations(page, ['.backoffice-passkeys'], 'account passkeys')
    await screenshot(page, 'passkeys-account-page')

    const payload = await app.payload()
    const { docs } = await payload.find({
      collection: 'passkeys' as never,
      overrideAccess: true,
      where: { 'user.email': { equals: email } } as never,
    })
    expect(docs).toHaveLength(1)
  })

  it('asks for the passkey after the password, and signs in with it', async () => {
    await signOut()
    expect(await signInWithPassword()).toBe('/admin/two-factor/verify')
    await page.getByRole('heading', { name: 'Confirm with your passkey' }).waitFor()
    await expectNoSeriousViolations(page, ['.backoffice-two-factor-verify'], 'passkey prompt')
    await page.locator('#backoffice-passkey-verify').click()
    await page.waitForURL((url) => url.pathname === '/admin')
  })

  it('signs in with the passkey alone from the login page', async () => {
    await signOut()
    const withPasskey = page.getByRole('button', { name: 'Sign in with a passkey' })
    await hydrated(withPasskey)
    await withPasskey.click()
    await page.waitForURL((url) => url.pathname === '/admin')

    const payload = await app.payload()
    const { docs } = await payload.find({
      collection: 'passkeys' as never,
      overrideAccess: true,
      where: { 'user.email': { equals: email } } as never,
    })
    expect((docs[0] as unknown as { lastUsedAt: null | string }).lastUsedAt).not.toBeNull()
  })

  it('issue 38 item 7: "Confirm it’s you" takes the passkey, and the refused action then goes on', async () => {
    // The session's proof is past the sudo window: generating new recovery codes asks first.
    const sql = sqlOn(() => app.payload())
    await sql(
      `UPDATE sessions SET proved_at = now() - interval '1 hour'
        WHERE user_id = (SELECT id FROM users WHERE email = $1)`,
      [email],
    )
    await page.goto(`${appUrl}/admin/account`)
    const open = page.locator('#backoffice-recovery-codes-open')
    await hydrated(open)
    await open.click()
    await page.locator('#backoffice-recovery-codes-generate').click()
    const dialog = page.getByRole('dialog', { name: 'Confirm it’s you' })
    const usePasskey = dialog.getByRole('button', { name: 'Use a passkey instead' })
    await usePasskey.waitFor()
    await usePasskey.click()
    await dialog.getByText('Confirm asks your browser for your passkey', { exact: false }).waitFor()
    await expectNoSeriousViolations(page, ['.backoffice-confirm-password'], 'sudo, passkey')
    await screenshot(page, 'sudo-passkey')
    // The virtual authenticator answers the browser's prompt at once.
    await dialog.getByRole('button', { exact: true, name: 'Confirm' }).click()
    await dialog.waitFor({ state: 'hidden' })
    await expect
      .poll(() => page.locator('.backoffice-recovery-codes__list li').count(), { timeout: 15_000 })
      .toBe(10)
    const [audit] = await sql(
      `SELECT data FROM audit_log WHERE event = 'password.confirmed'
          AND target_object = (SELECT id::text FROM users WHERE email = $1)
        ORDER BY id DESC LIMIT 1`,
      [email],
    )
    expect((audit!.data as { factor?: string }).factor).toBe('passkey')
  })
})
