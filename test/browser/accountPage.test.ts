import type { BrowserContext, Page, Route } from 'playwright-core'

import { mkdirSync } from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { appPayloadOfFile } from '../helpers/appPayload.js'
import { expectNoSeriousViolations } from '../helpers/axe.js'
import { fullStops } from '../helpers/bidi.js'
import {
  downloadRecoveryCodes,
  fillField,
  hydrated,
  launchBrowser,
  screenshot,
} from '../helpers/browser.js'
import { startSecondApp } from '../helpers/secondApp.js'
import { signIn } from '../helpers/signIn.js'
import { sqlOn } from '../helpers/sql.js'

/**
 * The account page as a security settings page (GitHub's "Password and authentication"): its
 * sections and their order, one "Confirm it's you" dialog asked only when an action needs it, no
 * password to change for an account of a provider, recovery codes for a passkey-only account, and
 * how it reads in German, on a phone and right to left.
 */
const password = 'a-long-and-unusual-passphrase-42'
const stamp = Date.now()
const people = {
  local: `account-page-${stamp}@example.com`,
  passkey: `account-page-passkey-${stamp}@example.com`,
  sso: `account-page-sso-${stamp}@example.com`,
}
const app = appPayloadOfFile()
const sql = async (text: string, values: unknown[] = []) => {
  const payload = await app.payload()
  return sqlOn(() => payload)(text, values)
}
/** Screenshots to look at, beside the test artefacts. */
const shotsDir = '/work/shots/account-page'
const shot = async (page: Page, name: string) => {
  mkdirSync(shotsDir, { recursive: true })
  await page.screenshot({ fullPage: true, path: path.join(shotsDir, `${name}.png`) })
  await screenshot(page, `account-page-${name}`)
}
/** The passkey-only account's page, signed in with its passkey, for the tests that follow. */
let passkeyPage: Page | undefined
let secondApp: Awaited<ReturnType<typeof startSecondApp>> | undefined
/** The app on `localhost`, a domain, as WebAuthn needs. */
let appUrl: string
const opened: BrowserContext[] = []
const freshPage = async (options: Parameters<typeof launchBrowser>[0] = {}) => {
  const browser = await launchBrowser(options)
  opened.push(browser)
  return browser.newPage()
}

beforeAll(async () => {
  const payload = await app.payload()
  for (const [kind, email] of Object.entries(people)) {
    await payload.create({
      collection: 'users',
      data: {
        email,
        name: `Account ${kind}`,
        password,
        roles: ['editor'],
      } as never,
    })
  }
  // An account of the sandbox's provider, set directly: the page is what is tested, not the sign-in.
  await sql("UPDATE users SET identity_provider = 'corporate' WHERE email = $1", [people.sso])
  secondApp = await startSecondApp({ urlHost: 'localhost' })
  appUrl = secondApp.url
}, 180_000)
afterAll(async () => {
  await Promise.all(opened.map((browser) => browser.close()))
  await secondApp?.stop()
  await app.close()
})

const openAccount = async (page: Page) => {
  // `goto` waits for the load event: the server's whole page is in; then React takes it over.
  await page.goto(`${appUrl}/admin/account`)
  await page.locator('.backoffice-account-security').waitFor()
  await hydrated(page.locator('.backoffice-account-security'))
}
/** The section headings of the plugin's part of the page, in document order. */
const sectionHeadings = (page: Page) =>
  page
    .locator('.backoffice-account-security > section > h3')
    .evaluateAll((headings) => headings.map((heading) => heading.textContent?.trim() ?? ''))
const proofExpired = (email: string) =>
  sql(
    `UPDATE sessions SET proved_at = now() - interval '1 hour'
     WHERE user_id = (SELECT id FROM users WHERE email = $1)`,
    [email],
  )

describe('the account page as a security settings page, in Chromium', () => {
  it('finding "one long stack": clear sections in order, after the app’s own fields kept together, and no password box until an action needs it', async () => {
    const page = await freshPage()
    await signIn(page, appUrl, people.local, password)
    await openAccount(page)
    expect(await sectionHeadings(page)).toEqual([
      'Password',
      'Two-factor authentication',
      'Passkeys',
      'Trusted devices',
      'Sessions',
      'Sign-in method',
    ])
    // Email, name and roles come one after the other, before every plugin section.
    const order = await page.evaluate(() => {
      const at = (selector: string) => document.querySelector(selector)
      const follows = (a: Element | null, b: Element | null) =>
        Boolean(a && b && a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING)
      const email = at('#field-email')
      const name = at('#field-name')
      const roles = at('#field-roles')
      const security = at('.backoffice-account-security')
      const between = [...document.querySelectorAll('[class*="backoffice-"]')].filter(
        (element) => follows(email, element) && follows(element, roles),
      )
      return {
        betweenEmailAndRoles: between.map((element) => element.className),
        emailBeforeName: follows(email, name),
        nameBeforeRoles: follows(name, roles),
        rolesBeforeSecurity: follows(roles, security),
      }
    })
    expect(order).toEqual({
      betweenEmailAndRoles: [],
      emailBeforeName: true,
      nameBeforeRoles: true,
      rolesBeforeSecurity: true,
    })
    // Each method of two-factor with its state; this session marked among the sessions.
    await page.locator('[data-method="app"]').getByText('Not set up').waitFor()
    await page.locator('[data-method="passkeys"]').getByText('Not set up').waitFor()
    await page.locator('.backoffice-sessions').getByText('This session').waitFor()
    await page
      .locator('.backoffice-sessions')
      .getByText(/^Signed in with: /)
      .first()
      .waitFor()
    // Right after signing in, nothing asks for the password.
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0)
    await expect.poll(() => page.locator('input[name="confirmPassword"]').count()).toBe(0)
    await expectNoSeriousViolations(page, ['.backoffice-account-security'], 'account page')
    await shot(page, 'en-desktop')
    await page.setViewportSize({ height: 844, width: 390 })
    await shot(page, 'en-390')
  })

  it('finding "two password boxes": asks once, in one dialog that traps the focus and closes with Escape, after which Save works again at once, then the change goes through', async () => {
    const page = await freshPage()
    await signIn(page, appUrl, people.local, password)
    await proofExpired(people.local)
    await openAccount(page)
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0)

    const newEmail = `account-page-moved-${stamp}@example.com`
    await fillField(page, '#field-email', newEmail)
    await page.locator('#action-save').click()
    const dialog = page.getByRole('dialog', { name: 'Confirm it’s you' })
    await dialog.waitFor()
    expect(await page.getByRole('dialog').count()).toBe(1)
    expect(await page.locator('input[name="confirmPassword"]').count()).toBe(1)
    // The focus is in the dialog, and Tab keeps it there.
    for (let step = 0; step < 6; step++) {
      expect(
        await page.evaluate(() =>
          Boolean(document.activeElement?.closest('.backoffice-sudo-dialog')),
        ),
      ).toBe(true)
      await page.keyboard.press('Tab')
    }
    await expectNoSeriousViolations(page, ['.backoffice-sudo-dialog'], 'confirm dialog')
    await shot(page, 'en-confirm-dialog')
    await page.keyboard.press('Escape')
    await dialog.waitFor({ state: 'hidden' })
    expect((await sql('SELECT email FROM users WHERE email = $1', [people.local])).length).toBe(1)

    // Finding "Escape leaves Save disabled": the new email is still in its field, unsaved, and the
    // same save can be tried again straight away, without touching a field.
    const save = page.locator('#action-save')
    expect(await page.locator('#field-email').inputValue()).toBe(newEmail)
    await expect.poll(() => save.isEnabled(), { timeout: 5_000 }).toBe(true)
    await shot(page, 'en-after-escape-save-enabled')
    // Asked again by the next try, still once; a wrong password keeps it open, the right one saves.
    await save.click()
    await dialog.waitFor()
    expect(await page.locator('input[name="confirmPassword"]').count()).toBe(1)
    const input = dialog.getByLabel('Current password')
    await input.fill('not-my-password')
    await input.press('Enter')
    await dialog.getByRole('alert').getByText('The current password is incorrect.').waitFor()
    await input.fill(password)
    await input.press('Enter')
    await dialog.waitFor({ state: 'hidden' })
    await expect
      .poll(async () => (await sql('SELECT 1 FROM users WHERE email = $1', [newEmail])).length, {
        timeout: 15_000,
      })
      .toBe(1)
    people.local = newEmail
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0)
  })

  it('finding "Change Password next to a password managed elsewhere": an account of a provider has no Change Password, and is told who manages it', async () => {
    const page = await freshPage()
    // The account signed in with its password before it moved to the provider: the page is the same.
    await sql("UPDATE users SET identity_provider = 'local' WHERE email = $1", [people.sso])
    await signIn(page, appUrl, people.sso, password)
    await sql("UPDATE users SET identity_provider = 'corporate' WHERE email = $1", [people.sso])
    await openAccount(page)
    const section = page.locator('.backoffice-change-password')
    await section.getByText('signs in through Corporate SSO').waitFor()
    await expect.poll(() => page.locator('#change-password').isVisible()).toBe(false)
    await expect.poll(() => page.getByRole('button', { name: /change password/i }).count()).toBe(0)
    await shot(page, 'en-sso')
  })

  it('finding "a passkey-only account gets no recovery codes": the first passkey shows ten codes once, counted afterwards, and regenerating asks once then goes on', async () => {
    const page = await freshPage()
    const cdp = await page.context().newCDPSession(page)
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
    await signIn(page, appUrl, people.passkey, password)
    await openAccount(page)
    await page.locator('#backoffice-passkey-add').click()
    const codes = page.locator('.backoffice-recovery-codes__list li')
    await expect.poll(() => codes.count(), { timeout: 15_000 }).toBe(10)
    // One message at a time: the count line waits while the codes are shown.
    await expect
      .poll(() => page.locator('#backoffice-recovery-codes-status').isVisible())
      .toBe(false)
    // The focus is on a button, never a paragraph ringed in black.
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('BUTTON')
    await page.locator('[data-method="passkeys"]').getByText('On, 1 registered').waitFor()
    await expectNoSeriousViolations(page, ['.backoffice-account-security'], 'passkey and codes')
    await shot(page, 'en-passkey-recovery-codes')
    // "I have saved these codes" waits until they were copied, downloaded or printed (issue 38).
    await downloadRecoveryCodes(page)
    await page.locator('#backoffice-recovery-codes-saved').click()
    await expect.poll(() => codes.count()).toBe(0)
    await page.getByText('Unused recovery codes: 10 of 10.').waitFor()

    await proofExpired(people.passkey)
    await page.locator('#backoffice-recovery-codes-open').click()
    await page.locator('#backoffice-recovery-codes-generate').click()
    const dialog = page.getByRole('dialog', { name: 'Confirm it’s you' })
    await dialog.waitFor()
    await dialog.getByLabel('Current password').fill(password)
    await dialog.getByLabel('Current password').press('Enter')
    await dialog.waitFor({ state: 'hidden' })
    await expect.poll(() => codes.count(), { timeout: 15_000 }).toBe(10)
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0)
    await downloadRecoveryCodes(page)
    await page.locator('#backoffice-recovery-codes-saved').click()
    passkeyPage = page
  })

  it('finding "a click before hydration is lost": while the sections\' code is still loading, "Generate new recovery codes" is shown disabled in a busy section; clicked the moment it is enabled, without waiting for the network, it works', async () => {
    const page = passkeyPage!
    // Every script arrives a second late, as on a slow connection: the server's HTML is on screen
    // well before the code that makes its buttons work.
    const slowScripts = async (route: Route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_000))
      await route.continue()
    }
    await page.route('**/_next/static/chunks/**', slowScripts)
    try {
      await page.goto(`${appUrl}/admin/account`, { waitUntil: 'commit' })
      const section = page.locator('.backoffice-recovery-codes')
      const open = section.getByRole('button', { name: 'Generate new recovery codes' })
      await open.waitFor({ state: 'visible' })
      expect(await open.isDisabled()).toBe(true)
      expect(await section.getAttribute('aria-busy')).toBe('true')
      await shot(page, 'en-recovery-codes-before-hydration')
      // Where the button sits in its section (the sections above fill in once loaded).
      const offsetInSection = async () => {
        const [outer, inner] = await Promise.all([section.boundingBox(), open.boundingBox()])
        return { x: inner!.x - outer!.x, y: inner!.y - outer!.y }
      }
      const placeholder = await offsetInSection()

      // Playwright's click waits for the button to be enabled, and for nothing else.
      await open.click()
      const generate = section.getByRole('button', { name: 'Generate codes' })
      await generate.click()
      const codes = page.locator('.backoffice-recovery-codes__list li')
      await expect.poll(() => codes.count(), { timeout: 15_000 }).toBe(10)
      expect(await section.getAttribute('aria-busy')).toBe('false')
      // The placeholder was the section itself: the button did not move when its code arrived.
      await downloadRecoveryCodes(page)
      await page.locator('#backoffice-recovery-codes-saved').click()
      const after = await offsetInSection()
      expect(Math.abs(after.x - placeholder.x)).toBeLessThanOrEqual(1)
      expect(Math.abs(after.y - placeholder.y)).toBeLessThanOrEqual(1)
    } finally {
      // 'wait': a script still held back is let through before the route goes; a plain unroute
      // hands it on itself, and the held handler's continue() then rejects with "already handled".
      await page.unrouteAll({ behavior: 'wait' })
    }
  })

  it("issue 38 item 11: in Arabic the plugin's sentences (English there) keep their full stop at the end, in the sections and the sidebar's help texts, at 1440 and 390 px", async () => {
    const page = await freshPage({ locale: 'ar' })
    await page.context().addCookies([{ name: 'payload-lng', url: appUrl, value: 'ar' }])
    await signIn(page, appUrl, people.local, password)
    await openAccount(page)
    expect((await page.locator('html').getAttribute('dir'))?.toLowerCase()).toBe('rtl')
    for (const width of [1440, 390]) {
      await page.setViewportSize({ height: width === 390 ? 844 : 900, width })
      const sections = await fullStops(
        page.locator('.backoffice-account-security :is(p, small, li)'),
      )
      const help = await fullStops(page.locator('.field-description'))
      // The sections' paragraphs and the sidebar's help texts, several of each.
      expect(sections.length, `sections at ${width}`).toBeGreaterThanOrEqual(3)
      expect(help.length, `help texts at ${width}`).toBeGreaterThanOrEqual(1)
      expect(
        [...sections, ...help].filter((sentence) => !sentence.atEnd),
        `at ${width}`,
      ).toEqual([])
      await shot(page, `ar-full-stops-${width}`)
    }
  })

  it('reads in German at desktop and phone sizes, and right to left in Arabic', async () => {
    for (const language of ['de', 'ar']) {
      const page = await freshPage({ locale: language === 'de' ? 'de-DE' : 'ar' })
      await page.context().addCookies([{ name: 'payload-lng', url: appUrl, value: language }])
      await signIn(page, appUrl, people.local, password)
      await openAccount(page)
      if (language === 'ar') {
        expect((await page.locator('html').getAttribute('dir'))?.toLowerCase()).toBe('rtl')
        // Plugin sentences keep their own direction inside the mirrored page.
        expect(
          await page
            .locator('.backoffice-account-security p[dir="auto"]')
            .first()
            .getAttribute('dir'),
        ).toBe('auto')
      } else {
        await page.getByRole('heading', { name: 'Anmeldung und Sicherheit' }).waitFor()
      }
      await expectNoSeriousViolations(
        page,
        ['.backoffice-account-security'],
        `account page, ${language}`,
      )
      await shot(page, `${language}-desktop`)
      await page.setViewportSize({ height: 844, width: 390 })
      await shot(page, `${language}-390`)
    }
  })
})
