import type { BrowserContext, Page } from 'playwright-core'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { appPayloadOfFile } from '../helpers/appPayload.js'
import { expectNoSeriousViolations } from '../helpers/axe.js'
import { fillField, hydrated, launchBrowser, screenshot } from '../helpers/browser.js'
import { browserLane } from '../helpers/browserLane.js'
import { signIn } from '../helpers/signIn.js'
import { linksIn, mailbox } from '../helpers/smtpInbox.js'
import { sqlOn } from '../helpers/sql.js'

/**
 * Sudo mode as a person meets it on the account page: a session signed in longer ago than the window
 * cannot change the email; the refused save opens the "Confirm it's you" dialog, which unlocks it and
 * sends the save again; the old address is told, and its link puts the address back.
 */
const { appUrl } = browserLane()
const password = 'a-long-and-unusual-passphrase-42'
const stamp = Date.now()
const email = `browser-sudo-${stamp}@example.com`
const newEmail = `browser-sudo-new-${stamp}@example.com`
let userId: number | string
let browser: BrowserContext
let page: Page

const app = appPayloadOfFile()
/** Runs SQL on the running app's database. */
const sql = async (text: string, values: unknown[] = []) => {
  const payload = await app.payload()
  return sqlOn(() => payload)(text, values)
}
const storedEmail = async () =>
  (await sql('SELECT email FROM users WHERE id = $1', [userId]))[0]?.email

beforeAll(async () => {
  const payload = await app.payload()
  userId = (
    await payload.create({
      collection: 'users',
      data: { email, name: 'Sudo Sam', password, roles: ['editor'] } as never,
    })
  ).id
  browser = await launchBrowser()
  page = await browser.newPage()
})
afterAll(async () => {
  await browser?.close()
  await app.close()
})

const section = () => page.getByRole('dialog', { name: 'Confirm it’s you' })
const saveAccount = async () => {
  await page.locator('#action-save').click()
}

describe('sudo mode on the account page in Chromium', () => {
  it('refuses an email change from a session proved too long ago, and says what to do', async () => {
    await signIn(page, appUrl, email, password)
    // The sign-in proved the session; an hour later it no longer counts.
    await sql("UPDATE sessions SET proved_at = now() - interval '1 hour' WHERE user_id = $1", [
      userId,
    ])
    await page.goto(`${appUrl}/admin/account`)
    // The page has settled (React owns the form) before checking that nothing asks yet.
    await hydrated(page.locator('#field-email'))
    // Asked only when an action needs it.
    await expect.poll(() => section().count()).toBe(0)

    await fillField(page, '#field-email', newEmail)
    await saveAccount()
    await page.getByText('For your security, confirm your password').first().waitFor()
    await section().waitFor()
    await screenshot(page, 'sudo-dialog')
    await expectNoSeriousViolations(page, ['.backoffice-sudo-dialog'])
    expect(await storedEmail()).toBe(email)
  })

  it('confirms the password with Enter, busy while it runs, then sends the change again', async () => {
    const input = section().getByLabel('Current password')
    await input.fill('not-my-password')
    await input.press('Enter')
    await section().getByRole('alert').getByText('The current password is incorrect.').waitFor()
    expect(await input.getAttribute('aria-invalid')).toBe('true')

    let release = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    await page.route('**/api/users/confirm-password', async (route) => {
      await held
      await route.continue()
    })
    await input.fill(password)
    await input.press('Enter')
    await section().getByRole('button', { name: 'Confirming…' }).waitFor()
    expect(await input.isDisabled()).toBe(true)
    expect(await section().getByRole('group').getAttribute('aria-busy')).toBe('true')
    release()
    await page.getByText('Confirmed. For the next 10 minutes').first().waitFor()
    await page.unroute('**/api/users/confirm-password')
    await section().waitFor({ state: 'hidden' })

    // The refused change goes through without another click.
    expect(await page.locator('#field-email').inputValue()).toBe(newEmail)
    await expect.poll(storedEmail).toBe(newEmail)
  })

  it('tells the old address, whose link restores it and signs every session out', async () => {
    const notice = await mailbox(browserLane().mailDir).waitFor(
      (mail) =>
        mail.to.includes(email) && mail.subject === 'The email address of your account was changed',
    )
    expect(notice.text).toContain(newEmail)
    const link = linksIn(notice).find((url) => url.includes('/undo-email-change?token='))
    expect(link).toBeDefined()

    // Opened in another browser, as from a mail client: opening alone changes nothing.
    const mailClient = await launchBrowser({ bypassCSP: true })
    try {
      const undo = await mailClient.newPage()
      await undo.goto(link!)
      await undo.getByRole('heading', { name: 'Undo the change of your email address' }).waitFor()
      expect(await storedEmail()).toBe(newEmail)
      await expectNoSeriousViolations(undo, ['body'])
      await undo.getByRole('button', { name: 'Restore my email address' }).click()
      await undo.getByText('Done. Your email address is restored').waitFor()
      await screenshot(undo, 'sudo-undo-done')
      expect(await storedEmail()).toBe(email)
    } finally {
      await mailClient.close()
    }

    // The session that made the change has ended too.
    await page.goto(`${appUrl}/admin`)
    await page.waitForURL((url) => url.pathname === '/admin/login')
  })
})
