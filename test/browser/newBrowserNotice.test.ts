import type { BrowserContext, Page } from 'playwright-core'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { appPayloadOfFile } from '../helpers/appPayload.js'
import { expectNoSeriousViolations } from '../helpers/axe.js'
import { fillField, launchBrowser, screenshot } from '../helpers/browser.js'
import { browserLane } from '../helpers/browserLane.js'
import { signIn } from '../helpers/signIn.js'
import { linksIn, mailbox, type ReceivedEmail } from '../helpers/smtpInbox.js'
import { sqlOn } from '../helpers/sql.js'

/**
 * The new-browser notice as its owner and an intruder meet it in Chromium: the email a sign-in from
 * a browser the account has never used sends, and its "This wasn't me" link, which ends every
 * session and suspends the account, once.
 */
const { appUrl } = browserLane()
const mail = mailbox(browserLane().mailDir)
const app = appPayloadOfFile()
const password = 'a-long-and-unusual-passphrase-42'
const ownerEmail = `browser-notice-owner-${Date.now()}@example.com`
const subject = 'New sign-in to your account from a browser it has not used before'
const heading = 'Report a sign-in you did not make'
const invalidLink =
  'This link cannot be used: it was already used, it has expired, or it is not a link we sent. Nothing was changed.'

/** The owner's everyday browser, the intruder's, and the one the owner reads email in. */
let ownersBrowser: BrowserContext
let intrudersBrowser: BrowserContext
let mailReader: BrowserContext
let ownersPage: Page
let intrudersPage: Page
let readerPage: Page
let accountId: number | string
let reportLink = ''

const sql = sqlOn(app.payload)
const auditCount = async (event: string) =>
  (
    await sql('SELECT count(*)::int AS n FROM audit_log WHERE event = $1 AND target_object = $2', [
      event,
      String(accountId),
    ])
  )[0]!.n as number
const accountStatus = async () =>
  (await sql('SELECT security_status AS status FROM users WHERE id = $1', [accountId]))[0]!.status
const noticesToOwner = () =>
  mail.read().filter((email) => email.to.includes(ownerEmail) && email.subject === subject)

beforeAll(async () => {
  const payload = await app.payload()
  accountId = (
    await payload.create({
      collection: 'users',
      data: { email: ownerEmail, password, roles: ['editor'] },
    })
  ).id
  ownersBrowser = await launchBrowser()
  intrudersBrowser = await launchBrowser()
  // The link pages allow no script (their Content-Security-Policy): axe needs it bypassed.
  mailReader = await launchBrowser({ bypassCSP: true })
  ownersPage = await ownersBrowser.newPage()
  intrudersPage = await intrudersBrowser.newPage()
  readerPage = await mailReader.newPage()
})
afterAll(async () => {
  await ownersBrowser?.close()
  await intrudersBrowser?.close()
  await mailReader?.close()
  await app.close()
})

describe('the new-browser notice, in Chromium', () => {
  it("tells nobody of the account's first sign-in, then emails the owner when, from which browser and how another browser signed in", async () => {
    await signIn(ownersPage, appUrl, ownerEmail, password)
    // Whether to tell is decided before the sign-in answers: the account's first browser is
    // recorded without a report link, and only a browser given one is told (in the background).
    await expect
      .poll(() =>
        sql('SELECT report_token_hash IS NULL AS untold FROM sign_in_browsers WHERE account = $1', [
          String(accountId),
        ]),
      )
      .toEqual([{ untold: true }])
    expect(noticesToOwner()).toEqual([])

    await signIn(intrudersPage, appUrl, ownerEmail, password)
    const notice: ReceivedEmail = await mail.waitFor(
      (email) => email.to.includes(ownerEmail) && email.subject === subject,
    )
    expect(notice.text).toContain(`Your account ${ownerEmail} was just signed in to`)
    // The moment in UTC, saying so: today's date as English writes it, then the time.
    const today = new Intl.DateTimeFormat('en', { dateStyle: 'long', timeZone: 'UTC' }).format(
      new Date(),
    )
    expect(notice.text).toMatch(
      new RegExp(`When: ${today} at \\d{1,2}:\\d{2}\\s?(AM|PM) UTC`.replace(/ /g, '\\s')),
    )
    // Chromium as a person names it, on the machine's system.
    expect(notice.text).toMatch(/Browser: Chrome (Headless )?\d+ on Linux/)
    expect(notice.text).toContain('IP address: 127.0.0.1')
    expect(notice.text).toContain('Sign-in method: Password')
    reportLink = linksIn(notice).find((link) => link.includes('/api/users/new-browser/report?'))!
    expect(reportLink).toMatch(
      new RegExp(
        `^${appUrl.replace(/\./g, '\\.')}/api/users/new-browser/report\\?token=[\\w-]{43}$`,
      ),
    )
    await expect.poll(() => auditCount('login.newBrowserNoticed')).toBe(1)
    expect(noticesToOwner()).toHaveLength(1)
  })

  it('the "This wasn\'t me" link asks first; confirming ends both browsers\' sessions and a new sign-in is refused as suspended', async () => {
    const opened = await readerPage.goto(reportLink)
    expect(opened!.status()).toBe(200)
    await readerPage.getByRole('heading', { level: 1, name: heading }).waitFor()
    expect(await readerPage.title()).toBe(heading)
    const explanation = await readerPage.locator('p').first().textContent()
    expect(explanation).toBe(
      `If you did not sign in to your account ${ownerEmail} from a new browser, confirm below. Every session of the account ends at once, the account is suspended so nobody can sign in, and the administrators are alerted. To lift the suspension, reset your password.`,
    )
    // Opening the link changed nothing: mail scanners open links too.
    expect(await accountStatus()).toBe('active')
    // Issue 38 item 9: a page in the admin's look, not the browser's bare HTML, in the owner's
    // language and direction. Read in a browser that keeps the page's Content-Security-Policy, so
    // the stylesheet is seen to apply under it.
    const keptPolicy = await intrudersBrowser.newPage()
    try {
      await keptPolicy.goto(reportLink)
      const look = await keptPolicy.evaluate(() => {
        const card = getComputedStyle(document.querySelector('main')!)
        const button = document.querySelector('button')!.getBoundingClientRect()
        return {
          body: getComputedStyle(document.body).backgroundColor,
          buttonHeight: button.height,
          cardRadius: card.borderRadius,
          cardWidth: document.querySelector('main')!.getBoundingClientRect().width,
          dir: document.documentElement.dir,
          font: getComputedStyle(document.body).fontFamily,
          lang: document.documentElement.lang,
        }
      })
      expect(look).toMatchObject({ cardRadius: '8px', dir: 'ltr', lang: 'en' })
      expect(look.body).not.toBe('rgba(0, 0, 0, 0)')
      expect(look.font).toContain('system')
      expect(look.buttonHeight).toBeGreaterThanOrEqual(44)
      expect(look.cardWidth).toBeLessThanOrEqual(560)
      await keptPolicy.setViewportSize({ height: 844, width: 390 })
      const narrow = await keptPolicy.evaluate(() => ({
        button: document.querySelector('button')!.getBoundingClientRect().width,
        card: document.querySelector('main')!.getBoundingClientRect().width,
        fits: document.documentElement.scrollWidth <= window.innerWidth,
      }))
      expect(narrow.fits).toBe(true)
      // The button takes the card's width on a phone (the card's padding aside).
      expect(narrow.button).toBeGreaterThan(narrow.card - 60)
      await screenshot(keptPolicy, 'new-browser-report-confirm-styled-390')
    } finally {
      await keptPolicy.close()
    }
    await expectNoSeriousViolations(readerPage, ['body'], 'new-browser report, confirm')
    await screenshot(readerPage, 'new-browser-report-confirm-en')
    await readerPage.setViewportSize({ height: 844, width: 390 })
    expect(
      await readerPage.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
    ).toBe(true)
    await screenshot(readerPage, 'new-browser-report-confirm-en-390')
    await readerPage.setViewportSize({ height: 900, width: 1440 })

    await readerPage
      .getByRole('button', { name: 'This wasn’t me: end all sessions and suspend my account' })
      .click()
    await readerPage
      .getByText(
        'Done. Every session of your account has ended, the account is suspended and the administrators have been alerted. Reset your password to use it again.',
      )
      .waitFor()
    await readerPage.getByRole('heading', { level: 1, name: heading }).waitFor()
    await expect.poll(() => readerPage.getByRole('button').count()).toBe(0)
    await expectNoSeriousViolations(readerPage, ['body'], 'new-browser report, done')
    await screenshot(readerPage, 'new-browser-report-done-en')
    expect(await accountStatus()).toBe('suspended')
    expect(await auditCount('login.newBrowserReported')).toBe(1)

    // Both browsers' sessions are over: their next admin page is the login page.
    for (const page of [ownersPage, intrudersPage]) {
      await page.goto(`${appUrl}/admin/collections/pages`)
      await page.waitForURL((url) => url.pathname === '/admin/login')
    }
    // And the password no longer signs in: it was replaced by one nobody knows, so it is refused
    // as any wrong password is, telling whoever holds it nothing about the account.
    await fillField(intrudersPage, '#field-email', ownerEmail)
    await fillField(intrudersPage, '#field-password', password)
    await intrudersPage.locator('button[type="submit"]').click()
    // Above the sign-in form, where refusals stay until the next attempt (issue 38, item 5).
    await intrudersPage
      .locator('[role="alert"]#backoffice-sign-in-alert')
      .getByText('The email or password provided is incorrect.')
      .waitFor()
    expect(new URL(intrudersPage.url()).pathname).toBe('/admin/login')
    await screenshot(intrudersPage, 'new-browser-report-sign-in-refused')
  })

  it('the link opened again shows that it cannot be used, offers nothing to click, and changes nothing', async () => {
    const suspensionsBefore = await auditCount('account.suspended')
    const opened = await readerPage.goto(reportLink)
    expect(opened!.status()).toBe(400)
    await readerPage.getByRole('heading', { level: 1, name: heading }).waitFor()
    await readerPage.getByText(invalidLink).waitFor()
    await expect.poll(() => readerPage.getByRole('button').count()).toBe(0)
    await expectNoSeriousViolations(readerPage, ['body'], 'new-browser report, used link')
    await screenshot(readerPage, 'new-browser-report-used-en')

    // Sent once more as the confirmation form would: the same page, and nothing done twice.
    const replayed = await readerPage.request.post(reportLink, {
      headers: { accept: 'text/html', origin: appUrl },
    })
    expect(replayed.status()).toBe(400)
    expect(await replayed.text()).toContain(invalidLink)
    expect(await auditCount('login.newBrowserReported')).toBe(1)
    expect(await auditCount('account.suspended')).toBe(suspensionsBefore)
    expect(await accountStatus()).toBe('suspended')
  })
})
