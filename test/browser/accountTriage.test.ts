import type { BrowserContext, Locator, Page } from 'playwright-core'

import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { animationsEnded } from '../helpers/animationsEnded.js'
import { appPayloadOfFile } from '../helpers/appPayload.js'
import { expectNoSeriousViolations } from '../helpers/axe.js'
import { fullStops } from '../helpers/bidi.js'
import { hydrated, launchBrowser, screenshot } from '../helpers/browser.js'
import { browserLane } from '../helpers/browserLane.js'
import { signIn } from '../helpers/signIn.js'
import { sqlOn } from '../helpers/sql.js'

const { appUrl } = browserLane()
const app = appPayloadOfFile()
const password = 'a-long-and-unusual-passphrase-42'
// Every account of this file has the stamp in its email: the list is searched by it, so accounts
// other test files left in the shared database do not show.
const stamp = `triage${Date.now()}`
const emailOf = (who: string) => `${stamp}-${who}@example.com`
// The administrator first: on an empty database the dev app makes the first account one.
const people = {
  admin: emailOf('admin'),
  active: emailOf('active'),
  corporate: emailOf('corporate'),
  lockedFuture: emailOf('locked'),
  lockedPast: emailOf('past-lock'),
  passkeyOnly: emailOf('passkey'),
  suspended: emailOf('suspended'),
  underReview: emailOf('review'),
  underReviewNarrow: emailOf('review-narrow'),
  withApp: emailOf('app'),
} as const
type Person = keyof typeof people
const ids = {} as Record<Person, number>

const opened: BrowserContext[] = []
let adminPage: Page
/** Uncaught errors and unhandled rejections in the administrator's page. */
const pageErrors: string[] = []

const sql = async (text: string, values: unknown[] = []) => {
  const payload = await app.payload()
  return sqlOn(() => payload)(text, values)
}

const newPage = async (language?: string): Promise<Page> => {
  const context = await launchBrowser()
  opened.push(context)
  if (language) {
    await context.addCookies([{ name: 'payload-lng', url: appUrl, value: language }])
  }
  return context.newPage()
}

/** Held for a recovery review: a passkey someone added an hour ago, from another browser. */
const holdForReview = async (id: number) => {
  await sql(
    `UPDATE users SET security_status = 'suspended', security_suspension_reason = 'recoveryReview',
       security_suspended_at = now(), security_review_since = now() - interval '2 hours' WHERE id = $1`,
    [id],
  )
  await sql(
    `INSERT INTO passkeys (user_id, name, credential_id, public_key, user_handle, counter, created_at, updated_at)
     VALUES ($1, 'Unknown key', $2, 'key', 'handle', 0, now() - interval '1 hour', now())`,
    [id, randomBytes(16).toString('base64url')],
  )
  await sql(
    `INSERT INTO audit_log (timestamp, event, category, user_id, target_object, target_slug, ip_address, user_agent, updated_at, created_at)
     VALUES (now() - interval '1 hour', 'twoFactor.passkeyAdded', 'twoFactor', $1, $1, 'users', '203.0.113.9', $2, now(), now())`,
    [
      String(id),
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
    ],
  )
}

beforeAll(async () => {
  const payload = await app.payload()
  for (const [person, email] of Object.entries(people) as [Person, string][]) {
    ids[person] = (
      await payload.create({
        collection: 'users',
        data: {
          email,
          identityProvider: person === 'corporate' ? 'corporate' : 'local',
          name: `Triage ${person}`,
          password,
          roles: person === 'admin' ? ['admin'] : ['editor'],
        } as never,
      })
    ).id as number
  }
  // State as the plugin's own statements leave it, written straight to the rows.
  await sql(`UPDATE users SET lockout_until = now() + interval '2 hours' WHERE id = $1`, [
    ids.lockedFuture,
  ])
  await sql(`UPDATE users SET lockout_until = now() - interval '2 hours' WHERE id = $1`, [
    ids.lockedPast,
  ])
  await sql(
    `UPDATE users SET security_status = 'suspended', security_suspension_reason = 'administrator', security_suspended_at = now() WHERE id = $1`,
    [ids.suspended],
  )
  for (const held of [ids.underReview, ids.underReviewNarrow]) {
    await holdForReview(held)
  }
  await sql(`UPDATE users SET totp_config_status = 'enabled' WHERE id = $1`, [ids.withApp])
  for (const n of [1, 2]) {
    await sql(
      `INSERT INTO passkeys (user_id, name, credential_id, public_key, user_handle, counter, created_at, updated_at)
       VALUES ($1, $2, $3, 'key', 'handle', 0, now(), now())`,
      [ids.passkeyOnly, `Key ${n}`, randomBytes(16).toString('base64url')],
    )
  }
  for (const used of ['NULL', 'NULL', 'now()']) {
    await sql(
      `INSERT INTO recovery_codes (user_id, code_hash, used_at, created_at, updated_at)
       VALUES ($1, $2, ${used}, now(), now())`,
      [ids.withApp, randomBytes(16).toString('hex')],
    )
  }
  await sql(
    `INSERT INTO trusted_devices (user_id, browser, os, last_used_at, expiration_date, token_hash, updated_at, created_at)
     VALUES ($1, 'Firefox', 'Linux', now(), now() + interval '10 days', $2, now(), now())`,
    [ids.withApp, randomBytes(32).toString('hex')],
  )
  // The active account signs in on two devices: two sessions, and a last sign-in in the audit log.
  for (let device = 0; device < 2; device++) {
    await signIn(await newPage(), appUrl, people.active, password)
  }
  adminPage = await newPage()
  adminPage.on('pageerror', (error) => pageErrors.push(error.message))
  await signIn(adminPage, appUrl, people.admin, password)
})
afterAll(async () => {
  for (const context of opened) {
    await context.close()
  }
  await app.close()
})

const usersList = (page: Page, query = '') =>
  page.goto(`${appUrl}/admin/collections/users?search=${stamp}${query}`)

/** The list's rows, once it has settled: `{ email: cell texts by column header }`. */
const listedRows = async (page: Page): Promise<Record<string, Record<string, string>>> => {
  await page.locator('.table table').waitFor()
  // The list as React renders it (the controls above it are clicked next).
  await hydrated(page.locator('.table table'))
  const headers = await page.locator('.table thead th').allInnerTexts()
  const rows: Record<string, Record<string, string>> = {}
  for (const row of await page.locator('.table tbody tr').all()) {
    const cells = await row.locator('td').allInnerTexts()
    const named = Object.fromEntries(
      headers.map((header, i) => [header.trim(), cells[i]?.trim() ?? '']),
    )
    rows[named.Email ?? ''] = named
  }
  return rows
}

const quickFilters = (page: Page): Locator =>
  page.getByRole('navigation', { name: 'Quick filters' })

/** The security panel of a user's page, once its overview has loaded. */
const securityPanel = async (page: Page): Promise<Locator> => {
  const panel = page.getByRole('region', { exact: true, name: 'Account security' })
  await panel.waitFor()
  await panel.locator('dl').first().waitFor()
  return panel
}
/** The value the panel gives for `term`. */
const fact = (panel: Locator, term: string) =>
  panel.locator('dt', { hasText: new RegExp(`^${term}$`) }).locator('xpath=following-sibling::dd')

describe('users list for triage', () => {
  it('an administrator sees email, name, roles, sign-in method (its label), second factor, last sign-in and status by default', async () => {
    await usersList(adminPage)
    const rows = await listedRows(adminPage)
    const headers = (await adminPage.locator('.table thead th').allInnerTexts())
      .map((text) => text.trim())
      .filter(Boolean)
    expect(headers).toEqual([
      'Email',
      'Name',
      'Roles',
      'Sign-in method',
      'Second factor',
      'Last sign-in',
      'Status',
    ])
    expect(Object.keys(rows).sort()).toEqual(Object.values(people).sort())

    // Status badges: active, locked with a time ahead, a past lock shown as active, suspended.
    expect(rows[people.active]!.Status).toBe('Active')
    expect(rows[people.lockedFuture]!.Status).toMatch(/^Locked until .*\d/)
    expect(rows[people.lockedPast]!.Status).toBe('Active')
    expect(rows[people.suspended]!.Status).toBe('Suspended')

    // Sign-in method by its label, never its id.
    expect(rows[people.corporate]!['Sign-in method']).toBe('Corporate SSO')
    expect(rows[people.active]!['Sign-in method']).toBe('email and password')

    // Second factors, the administrator's own row included.
    expect(rows[people.withApp]!['Second factor']).toBe('Authenticator app')
    expect(rows[people.passkeyOnly]!['Second factor']).toBe('Passkeys: 2')
    expect(rows[people.admin]!['Second factor']).toBe('None')

    // Last sign-in: a date for those who signed in, Never for the others.
    expect(rows[people.active]!['Last sign-in']).not.toBe('Never')
    expect(rows[people.active]!['Last sign-in']).toMatch(/\d/)
    expect(rows[people.admin]!['Last sign-in']).toMatch(/\d/)
    expect(rows[people.suspended]!['Last sign-in']).toBe('Never')

    await expectNoSeriousViolations(
      adminPage,
      ['.backoffice-quick-filters', '.table .backoffice-badge'],
      'users list',
    )
    await screenshot(adminPage, 'triage-users-list')
  })

  it('UI-only fields are not offered in the column chooser', async () => {
    await usersList(adminPage)
    await listedRows(adminPage)
    await hydrated(adminPage.locator('#toggle-list-columns'))
    await adminPage.locator('#toggle-list-columns').click()
    const chooser = adminPage.locator('#list-controls-columns')
    await chooser.getByText('Second factor').waitFor()
    const offered = await chooser.innerText()
    console.info(`column chooser offers: ${offered.replace(/\s+/g, ' | ')}`)
    for (const uiOnly of [
      'Sign In Method Switch',
      'Manage',
      'Unblock',
      'Backoffice Sessions',
      'Backoffice Security Panel',
      'Backoffice Two Factor',
      'Backoffice Confirm Password',
      'Delivery Failed',
      'Two-factor status',
    ]) {
      expect(offered).not.toContain(uiOnly)
    }
    // The chooser slides open: the picture once it has.
    await animationsEnded(adminPage)
    await screenshot(adminPage, 'triage-column-chooser')
  })

  it.each([
    ['Suspended', ['suspended', 'underReview', 'underReviewNarrow']],
    ['Locked', ['lockedFuture']],
    [
      'Without two-factor',
      ['active', 'admin', 'corporate', 'lockedFuture', 'lockedPast', 'suspended'],
    ],
  ] as const)('the quick filter "%s" shows exactly the right accounts', async (name, expected) => {
    await usersList(adminPage)
    await listedRows(adminPage)
    const link = quickFilters(adminPage).getByRole('link', { exact: true, name })
    await hydrated(link)
    await link.click()
    await adminPage.waitForURL((url) => url.searchParams.toString().includes('where'))
    await expect.poll(() => link.getAttribute('aria-current')).toBe('true')
    await expect
      .poll(async () => Object.keys(await listedRows(adminPage)).sort())
      .toEqual(expected.map((person) => people[person]).sort())
    // The other filters are not marked.
    expect(await quickFilters(adminPage).locator('[aria-current]').count()).toBe(1)
    // Payload's filter controls show the conditions applied, each with its field found.
    await adminPage.locator('#toggle-list-filters').click()
    const conditions = adminPage.locator('.where-builder .condition')
    await expect.poll(() => conditions.count()).toBeGreaterThan(0)
    await animationsEnded(adminPage)
    for (const condition of await conditions.all()) {
      expect(await condition.locator('.condition__field').innerText()).not.toMatch(
        /^$|Select a value/,
      )
    }
    await screenshot(adminPage, `triage-filter-${name.replace(/\W+/g, '-').toLowerCase()}`)
    expect(pageErrors).toEqual([])
  })
})

describe("an account's security panel for administrators", () => {
  it('shows the counts of second factors, recovery codes left and trusted devices', async () => {
    await adminPage.goto(`${appUrl}/admin/collections/users/${ids.withApp}`)
    const panel = await securityPanel(adminPage)
    await expect.poll(() => fact(panel, 'Authenticator app').innerText()).toBe('On')
    expect(await fact(panel, 'Passkeys').innerText()).toBe('0')
    expect(await fact(panel, 'Recovery codes left').innerText()).toBe('2 of 3')
    expect(await fact(panel, 'Trusted devices').innerText()).toBe('1')
    expect(await fact(panel, 'Last sign-in').innerText()).toBe('Never')
    expect(await fact(panel, 'Status').innerText()).toBe('Active')

    await adminPage.goto(`${appUrl}/admin/collections/users/${ids.passkeyOnly}`)
    const passkeys = await securityPanel(adminPage)
    await expect.poll(() => fact(passkeys, 'Passkeys').innerText()).toBe('2')
    expect(await fact(passkeys, 'Authenticator app').innerText()).toBe('Off')

    await adminPage.goto(`${appUrl}/admin/collections/users/${ids.lockedFuture}`)
    const locked = await securityPanel(adminPage)
    await expect.poll(() => fact(locked, 'Status').innerText()).toMatch(/^Locked until .*\d/)
    expect(await fact(locked, 'Locked until').innerText()).toMatch(/\d/)

    await adminPage.goto(`${appUrl}/admin/collections/users/${ids.lockedPast}`)
    const past = await securityPanel(adminPage)
    await expect.poll(() => fact(past, 'Status').innerText()).toBe('Active')
    expect(await fact(past, 'Locked until').innerText()).toBe('Not locked')
  })

  it('End ends a session and the list updates in place', async () => {
    await adminPage.goto(`${appUrl}/admin/collections/users/${ids.active}`)
    const panel = await securityPanel(adminPage)
    expect(await fact(panel, 'Last sign-in').innerText()).toMatch(/\d/)
    const sessions = panel.getByRole('region', { exact: true, name: 'Sessions' })
    await expect.poll(() => sessions.getByRole('listitem').count()).toBe(2)
    await expectNoSeriousViolations(adminPage, ['.backoffice-security-panel'], 'security panel')
    await screenshot(adminPage, 'triage-security-panel')

    // A marker on the page's window: a reload would drop it.
    await adminPage.evaluate(() => Object.assign(window, { triageMarker: true }))
    await sessions.getByRole('button', { name: 'End session' }).first().click()
    await adminPage.getByText('Session ended.').waitFor()
    await expect.poll(() => sessions.getByRole('listitem').count()).toBe(1)
    expect(await adminPage.evaluate(() => 'triageMarker' in window)).toBe(true)
    const left = await sql(
      'SELECT count(*)::int AS n FROM sessions WHERE user_id = $1 AND revoked_at IS NULL',
      [ids.active],
    )
    expect(left[0]).toEqual({ n: 1 })
  })

  it('Unblock lifts a suspension and the panel updates in place', async () => {
    await adminPage.goto(`${appUrl}/admin/collections/users/${ids.suspended}`)
    const panel = await securityPanel(adminPage)
    await expect.poll(() => fact(panel, 'Status').innerText()).toBe('Suspended')
    expect(await fact(panel, 'Reason for suspension').innerText()).toBe('Administrator')
    await screenshot(adminPage, 'triage-security-panel-suspended')
    await expectNoSeriousViolations(
      adminPage,
      ['.backoffice-security-panel'],
      'security panel, suspended',
    )

    await adminPage.evaluate(() => Object.assign(window, { triageMarker: true }))
    await panel.getByRole('button', { name: 'Unblock account' }).click()
    const confirm = adminPage.getByRole('dialog', { name: 'Unblock this account?' })
    await confirm.waitFor()
    await confirm.getByRole('button', { name: 'Unblock account' }).click()
    await adminPage.getByText('Account unblocked successfully').waitFor()
    await expect.poll(() => fact(panel, 'Status').innerText()).toBe('Active')
    await expect.poll(() => panel.getByRole('button', { name: 'Unblock account' }).count()).toBe(0)
    expect(await adminPage.evaluate(() => 'triageMarker' in window)).toBe(true)
    const [row] = await sql('SELECT security_status AS status FROM users WHERE id = $1', [
      ids.suspended,
    ])
    expect(row).toEqual({ status: 'active' })
  })

  it('a recovery review lists what was added, from where, and one action removes it and reactivates', async () => {
    await adminPage.goto(`${appUrl}/admin/collections/users/${ids.underReview}`)
    const panel = await securityPanel(adminPage)
    await expect
      .poll(() => fact(panel, 'Reason for suspension').innerText())
      .toBe('Held for a recovery review')
    const review = panel.getByRole('region', { name: 'Recovery review' })
    await review.getByText('Passkey “Unknown key”').waitFor()
    expect(await review.innerText()).toContain('From Chrome 131, Mac OS 10.15.7 at 203.0.113.9')
    // Unblocking would let the passkey back in: only the review's action is offered.
    await expect.poll(() => panel.getByRole('button', { name: 'Unblock account' }).count()).toBe(0)
    await screenshot(adminPage, 'triage-recovery-review')
    await expectNoSeriousViolations(
      adminPage,
      ['.backoffice-security-panel'],
      'security panel, recovery review',
    )

    await review.getByRole('button', { name: 'Remove these and reactivate' }).click()
    const dialog = adminPage.getByRole('dialog', { name: 'Remove what was added?' })
    await dialog.waitFor()
    await screenshot(adminPage, 'triage-recovery-review-confirm')
    await dialog.getByRole('button', { name: 'Remove these and reactivate' }).click()
    await adminPage.getByText('Removed. The account can sign in again').waitFor()
    await expect.poll(() => fact(panel, 'Status').innerText()).toBe('Active')
    await screenshot(adminPage, 'triage-recovery-review-approved')
    expect(await sql('SELECT id FROM passkeys WHERE user_id = $1', [ids.underReview])).toEqual([])
  })

  it('issue 38 item 8: Suspend, Reset two-factor, Send password reset link and Forget a device are one click (and a confirmation) away, and the panel changes in place', async () => {
    await adminPage.goto(`${appUrl}/admin/collections/users/${ids.withApp}`)
    const panel = await securityPanel(adminPage)
    await expect.poll(() => fact(panel, 'Trusted devices').innerText()).toBe('1')
    const actions = panel.getByRole('group', { name: 'Actions' })
    for (const name of ['Suspend account', 'Reset two-factor', 'Send password reset link']) {
      await actions.getByRole('button', { exact: true, name }).waitFor()
    }
    await screenshot(adminPage, 'triage-security-panel-actions')
    await adminPage.setViewportSize({ height: 900, width: 390 })
    await screenshot(adminPage, 'triage-security-panel-actions-390')
    await adminPage.setViewportSize({ height: 900, width: 1440 })
    await expectNoSeriousViolations(
      adminPage,
      ['.backoffice-security-panel'],
      'security panel actions',
    )
    await adminPage.evaluate(() => Object.assign(window, { triageMarker: true }))

    // Forget the one trusted device.
    await panel.getByRole('button', { name: 'Forget Firefox on Linux' }).click()
    const forget = adminPage.getByRole('dialog', { name: 'Forget Firefox on Linux?' })
    await forget.waitFor()
    await forget.getByRole('button', { exact: true, name: 'Forget' }).click()
    await adminPage.getByText('Device forgotten').first().waitFor()
    await expect.poll(() => fact(panel, 'Trusted devices').innerText()).toBe('0')

    // Send a reset link.
    await actions.getByRole('button', { name: 'Send password reset link' }).click()
    const send = adminPage.getByRole('dialog', { name: 'Send a password reset link?' })
    await send.waitFor()
    expect(await send.innerText()).toContain(people.withApp)
    await send.getByRole('button', { name: 'Send the link' }).click()
    await adminPage.getByText(`Password reset link sent to ${people.withApp}.`).waitFor()

    // Reset two-factor, confirmed in the reset review's own words.
    await actions.getByRole('button', { name: 'Reset two-factor' }).click()
    const reset = adminPage.getByRole('dialog', { name: 'Reset two-factor authentication?' })
    await reset.waitFor()
    expect(await reset.innerText()).toContain(
      'the authenticator app, every passkey, the recovery codes and the trusted devices are removed, and every session ends',
    )
    await screenshot(adminPage, 'triage-security-panel-reset-confirm')
    await reset.getByRole('button', { name: 'Reset two-factor' }).click()
    await adminPage.getByText('Two-factor authentication reset. Every session ended.').waitFor()
    await expect.poll(() => fact(panel, 'Authenticator app').innerText()).not.toBe('On')
    await expect.poll(() => fact(panel, 'Recovery codes left').innerText()).toBe('None')
    await expect
      .poll(() => actions.getByRole('button', { name: 'Reset two-factor' }).count())
      .toBe(0)

    // Suspend.
    await actions.getByRole('button', { name: 'Suspend account' }).click()
    const suspend = adminPage.getByRole('dialog', { name: 'Suspend this account?' })
    await suspend.waitFor()
    await suspend.getByRole('button', { name: 'Suspend account' }).click()
    await adminPage.getByText('Account suspended. Every session ended.').waitFor()
    await expect.poll(() => fact(panel, 'Status').innerText()).toBe('Suspended')
    await panel.getByRole('button', { name: 'Unblock account' }).waitFor()
    expect(await adminPage.evaluate(() => 'triageMarker' in window)).toBe(true)
    await screenshot(adminPage, 'triage-security-panel-after-actions')
    const [row] = await sql(
      'SELECT security_status AS status, totp_config_status AS app FROM users WHERE id = $1',
      [ids.withApp],
    )
    expect(row!.status).toBe('suspended')
    expect(row!.app).not.toBe('enabled')
    expect(await sql('SELECT id FROM recovery_codes WHERE user_id = $1', [ids.withApp])).toEqual([])
    expect(pageErrors).toEqual([])
  })

  it('issue 38 item 8: removing one passkey leaves the other, confirmed first', async () => {
    await adminPage.goto(`${appUrl}/admin/collections/users/${ids.passkeyOnly}`)
    const panel = await securityPanel(adminPage)
    await expect.poll(() => fact(panel, 'Passkeys').innerText()).toBe('2')
    await panel.getByRole('button', { name: 'Remove “Key 1”' }).click()
    const dialog = adminPage.getByRole('dialog', { name: 'Remove the passkey “Key 1”?' })
    await dialog.waitFor()
    await dialog.getByRole('button', { exact: true, name: 'Remove' }).click()
    await adminPage.getByText('Passkey removed.').waitFor()
    await expect.poll(() => fact(panel, 'Passkeys').innerText()).toBe('1')
    expect(await sql('SELECT name FROM passkeys WHERE user_id = $1', [ids.passkeyOnly])).toEqual([
      { name: 'Key 2' },
    ])
  })

  it('is not shown to the administrator on their own page, nor to an editor', async () => {
    await adminPage.goto(`${appUrl}/admin/collections/users/${ids.admin}`)
    await adminPage.locator('.backoffice-sessions').waitFor()
    await expect.poll(() => adminPage.locator('.backoffice-security-panel').count()).toBe(0)

    const editor = await newPage()
    await signIn(editor, appUrl, people.lockedPast, password)
    await editor.goto(`${appUrl}/admin/account`)
    await editor.locator('.backoffice-sessions').waitFor()
    await expect.poll(() => editor.locator('.backoffice-security-panel').count()).toBe(0)
  })
})

describe('issue 35: the recovery review on a phone, in German and in Arabic', () => {
  it('at 390 px it lists what was added and offers its one action, in German and right to left', async () => {
    const texts = {
      ar: {
        approve: 'Remove these and reactivate',
        heading: 'Recovery review',
        passkey: 'Unknown key',
      },
      de: {
        approve: 'Entfernen und reaktivieren',
        heading: 'Wiederherstellungsprüfung',
        passkey: 'Unknown key',
      },
    }
    for (const [language, text] of Object.entries(texts)) {
      const page = await newPage(language)
      await page.setViewportSize({ height: 844, width: 390 })
      await signIn(page, appUrl, people.admin, password)
      await page.goto(`${appUrl}/admin/collections/users/${ids.underReviewNarrow}`)
      const panel = page.locator('.backoffice-security-panel')
      const review = panel.getByRole('region', { name: text.heading })
      await review.getByText(text.passkey).waitFor()
      await review.getByRole('button', { name: text.approve }).waitFor()
      expect((await page.locator('html').getAttribute('dir'))?.toLowerCase()).toBe(
        language === 'ar' ? 'rtl' : 'ltr',
      )
      // Nothing of the review runs off a phone's screen.
      const overflow = await review.evaluate((element) => element.scrollWidth - element.clientWidth)
      expect(overflow).toBeLessThanOrEqual(0)
      const box = await review.boundingBox()
      expect(box!.x).toBeGreaterThanOrEqual(0)
      expect(box!.x + box!.width).toBeLessThanOrEqual(390)
      await expectNoSeriousViolations(
        page,
        ['.backoffice-security-panel'],
        `security panel, recovery review, 390 px, ${language}`,
      )
      await review.scrollIntoViewIfNeeded()
      await screenshot(page, `triage-recovery-review-390-${language}`)
    }
  })
})

describe('languages (issue 38 item 11)', () => {
  it("issue 38 item 11: in Arabic the sidebar's help texts (English there) keep their full stop at the end", async () => {
    const page = await newPage('ar')
    await signIn(page, appUrl, people.admin, password)
    await page.goto(`${appUrl}/admin/collections/users/${ids.active}`)
    await page.locator('#field-identityProvider').waitFor()
    expect((await page.locator('html').getAttribute('dir'))?.toLowerCase()).toBe('rtl')
    const help = await fullStops(page.locator('.field-description'))
    expect(help.length).toBeGreaterThanOrEqual(2)
    expect(help.filter((sentence) => !sentence.atEnd)).toEqual([])
    await page.locator('#field-identityProvider').scrollIntoViewIfNeeded()
    await screenshot(page, 'triage-sidebar-help-ar')
  })

  it('issue 38 item 11: in German the sidebar\'s "Sign-in method" reads "Anmeldemethode", also after the page was shown in English', async () => {
    // English first, on the same server: what Payload builds once per collection for the first
    // language must not leak into the next one.
    for (const [language, text] of [
      ['en', 'Sign-in method'],
      ['de', 'Anmeldemethode'],
    ] as const) {
      const page = await newPage(language)
      await signIn(page, appUrl, people.admin, password)
      await page.goto(`${appUrl}/admin/collections/users/${ids.active}`)
      const label = page.locator('label[for="field-identityProvider"]')
      await expect.poll(() => label.textContent(), { timeout: 10_000 }).toBe(text)
      if (language === 'de') {
        await page.locator('#field-identityProvider').scrollIntoViewIfNeeded()
        await screenshot(page, 'triage-sign-in-method-de')
      }
    }
  })
})

describe('right to left', () => {
  it('the users list and the security panel in Arabic', async () => {
    const page = await newPage('ar')
    await signIn(page, appUrl, people.admin, password)
    await usersList(page)
    await listedRows(page)
    expect((await page.locator('html').getAttribute('dir'))?.toLowerCase()).toBe('rtl')
    await quickFilters(page).waitFor()
    await expectNoSeriousViolations(page, ['.backoffice-quick-filters'], 'users list, ar')
    await screenshot(page, 'triage-users-list-ar')

    await page.goto(`${appUrl}/admin/collections/users/${ids.lockedFuture}`)
    await securityPanel(page)
    await expectNoSeriousViolations(page, ['.backoffice-security-panel'], 'security panel, ar')
    await screenshot(page, 'triage-security-panel-ar')
  })
})
