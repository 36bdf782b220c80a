import type { Payload, Where } from 'payload'
import type { BrowserContext, Locator, Page } from 'playwright-core'

import { mkdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { auditWriteToken } from '../../src/shared/audit/auditWriteToken.js'
import { appPayloadOfFile } from '../helpers/appPayload.js'
import { expectNoSeriousViolations } from '../helpers/axe.js'
import {
  fillField,
  hydrated,
  imagesLoaded,
  launchBrowser,
  requestsInFlight,
  screenshot,
} from '../helpers/browser.js'
import { browserLane } from '../helpers/browserLane.js'
import { docScreenshot } from '../helpers/docScreenshot.js'
import { parseCsv } from '../helpers/parseCsv.js'
import { signIn } from '../helpers/signIn.js'

const { appUrl } = browserLane()
const password = 'a-long-and-unusual-passphrase-42'
const stamp = Date.now()
const adminEmail = `browser-audit-admin-${stamp}@example.com`
const editorEmail = `browser-audit-editor-${stamp}@example.com`
const pageTitle = `Audited page ${stamp}`
const refusedUser = `browser-audit-refused-${stamp}@example.com`
// A zone an hour off UTC in November, so a time shown in UTC would be caught.
const timezoneId = 'Europe/Paris'
const shots = '/work/shots/audit-log'
let browser: BrowserContext
let page: Page
// One Payload on the app's database for the whole file: the setup writes with it, the tests read.
const appPayload = appPayloadOfFile()

/** Keeps a picture with the test artefacts and in the branch's screenshot folder. */
const shoot = async (target: Page, name: string) => {
  await screenshot(target, name)
  mkdirSync(shots, { recursive: true })
  await target.screenshot({ fullPage: true, path: path.join(shots, `${name}.png`) })
}

/** An entry written as the plugin writes them, with the data given. */
const writeEntry = (payload: Payload, entry: Record<string, unknown>) =>
  payload.create({
    collection: 'audit-log' as never,
    context: { [auditWriteToken.contextKey]: auditWriteToken.record },
    data: { timestamp: new Date().toISOString(), ...entry } as never,
  })

/** The stored rows of a filter, newest first, as the list and the export order them. */
const storedEntries = (where: Where) =>
  appPayload.payload().then(
    async (payload) =>
      (
        await payload.find({
          collection: 'audit-log' as never,
          depth: 0,
          pagination: false,
          sort: ['-timestamp', '-id'],
          where,
        })
      ).docs as unknown as Record<string, unknown>[],
  )

const ordinal = (day: number) =>
  day % 100 >= 11 && day % 100 <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][day % 10] ?? 'th')

/**
 * An instant as Payload's default `admin.dateFormat` ("MMMM do yyyy, h:mm a") writes it in the
 * browser's zone, followed by the zone's short name: "November 26th 2026, 12:08 PM GMT+1".
 */
const adminTime = (iso: string): string => {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      day: 'numeric',
      hour: 'numeric',
      hour12: true,
      minute: '2-digit',
      month: 'long',
      timeZone: timezoneId,
      timeZoneName: 'short',
      year: 'numeric',
    })
      .formatToParts(new Date(iso))
      .map(({ type, value }) => [type, value]),
  )
  const day = Number(parts.day)
  return `${parts.month} ${day}${ordinal(day)} ${parts.year}, ${parts.hour}:${parts.minute} ${parts.dayPeriod} ${parts.timeZoneName}`
}

beforeAll(async () => {
  // One Payload for the whole setup: the events come from the browser and from the Local API in turn.
  {
    const payload = await appPayload.payload()
    // The administrator first: on an empty database the first account would become one anyway.
    const admin = await payload.create({
      collection: 'users',
      data: { email: adminEmail, password, roles: ['admin'] },
    })
    await payload.create({
      collection: 'users',
      data: { email: editorEmail, password, roles: ['editor'] },
    })

    // A refused second factor and an alert, nobody signed in for either, with data to show.
    await writeEntry(payload, {
      actor: null,
      category: 'twoFactor',
      data: { attempts: 3, factor: 'totp', window: { from: '10:00', to: '10:05' } },
      event: 'twoFactor.challengeFailed',
      ipAddress: '127.0.0.1',
      user: refusedUser,
    })
    await writeEntry(payload, {
      actor: null,
      category: 'account',
      data: { failures: 10, reason: 'tooManyFailures' },
      event: 'account.locked',
      user: refusedUser,
    })

    browser = await launchBrowser({ timezoneId })
    page = await browser.newPage()
    // A failed sign-in for the editor's account, then the administrator's own, both through the login view.
    await page.goto(`${appUrl}/admin/login`)
    await fillField(page, '#field-email', editorEmail)
    await fillField(page, '#field-password', 'not-the-right-password')
    await page.locator('button[type="submit"]').click()
    await page.getByText('The email or password provided is incorrect.').waitFor()
    await signIn(page, appUrl, adminEmail, password)

    // A content change by the administrator, through the Local API with the administrator as the user.
    await payload.create({
      collection: 'pages',
      data: { slug: `audited-page-${stamp}`, title: pageTitle },
      overrideAccess: false,
      user: { ...admin, collection: 'users' },
    })
  }
})
afterAll(async () => {
  await appPayload.close()
  await browser?.close()
})

const rows = (listPage: Page): Locator => listPage.locator('table tbody tr')

/** The texts of one column of the list, by the field's name. */
const column = (listPage: Page, field: string): Promise<string[]> =>
  listPage
    .locator(`table tbody tr td.cell-${field}`)
    .allInnerTexts()
    .then((texts) => texts.map((text) => text.trim()))

/** The row of the list whose cells include all of `texts`. */
const rowWith = (listPage: Page, ...texts: string[]): Locator =>
  texts.reduce((found, text) => found.filter({ hasText: text }), rows(listPage))

/** Opens the admin's side navigation with its menu button, once the page has hydrated. */
const openNav = async (listPage: Page) => {
  const menu = listPage.getByRole('button', { exact: true, name: 'Open Menu' })
  await hydrated(menu)
  await menu.click()
  await listPage.getByRole('button', { exact: true, name: 'Close Menu' }).waitFor()
  await listPage.locator('#nav-pages').waitFor()
}

/** Picks an option in one of the filter condition's drop-downs, as a person does. */
const choose = async (listPage: Page, part: 'field' | 'operator' | 'value', option: string) => {
  await listPage.locator(`.condition__${part} .rs__control`).click()
  await listPage.locator('.rs__option').getByText(option, { exact: true }).click()
  await expect
    .poll(() => listPage.locator(`.condition__${part} .rs__single-value`).innerText())
    .toBe(option)
}

describe('the audit log in the admin', () => {
  it('lists the events with time, event, actor, user and IP address', async () => {
    await page.goto(`${appUrl}/admin`)
    await openNav(page)
    await screenshot(page, 'audit-log-admin-nav')
    await page.locator('#nav-audit-log').getByText('Audit log', { exact: true }).click()
    await page.waitForURL((url) => url.pathname === '/admin/collections/audit-log')
    await rows(page).first().waitFor()

    const headers = (await page.locator('table thead th').allInnerTexts())
      .map((text) => text.trim())
      .filter(Boolean)
    expect(headers).toEqual(['Time', 'Event', 'Category', 'Done by', 'User', 'IP address'])

    // Newest first: the three events this file produced are on the first page.
    const failed = rowWith(page, 'Sign-in failed', editorEmail)
    const succeeded = rowWith(page, 'Sign-in succeeded', adminEmail)
    const created = rowWith(page, 'Content created', adminEmail)
    await failed.waitFor()
    await succeeded.waitFor()
    await created.waitFor()
    expect(await failed.count()).toBe(1)
    expect(await succeeded.count()).toBe(1)
    expect(await created.count()).toBe(1)

    // Nobody was signed in for the failed attempt: a dash, not Payload's "<No Done by>"; both
    // sign-ins came from the browser's address.
    expect(await failed.locator('td.cell-actor [aria-hidden="true"]').textContent()).toBe('—')
    expect((await failed.locator('td.cell-actor').textContent())?.trim()).toBe('—Not recorded')
    await expect.poll(() => page.getByText('<No ').count()).toBe(0)
    expect((await failed.locator('td.cell-ipAddress').innerText()).trim()).toMatch(/127\.0\.0\.1/)
    expect((await succeeded.locator('td.cell-ipAddress').innerText()).trim()).toMatch(
      /127\.0\.0\.1/,
    )
    expect(new Set(await column(page, 'event')).size).toBeGreaterThan(1)
    await screenshot(page, 'audit-log-list')
    await docScreenshot(page, 'audit-log')
  })

  it("shows the audit time format of the rest of the admin, in the browser's time zone and named", async () => {
    await page.goto(`${appUrl}/admin/collections/audit-log`)
    const time = rowWith(page, 'Sign-in failed', editorEmail).locator('td.cell-timestamp time')
    // The time is written in the browser's zone once the page runs in the browser.
    await hydrated(time)
    const iso = (await time.getAttribute('datetime'))!
    const [stored] = await storedEntries({
      and: [{ event: { equals: 'login.failed' } }, { user: { equals: editorEmail } }],
    })
    expect(iso).toBe(stored!.timestamp)
    // "November 26th 2026, 8:31 PM GMT+1": Payload's default admin.dateFormat, Paris time in November.
    await expect.poll(async () => (await time.innerText()).trim()).toBe(adminTime(iso))
    expect((await time.innerText()).trim()).toMatch(
      /^[A-Z][a-z]+ \d{1,2}(st|nd|rd|th) \d{4}, \d{1,2}:\d{2} [AP]M GMT[+-]\d+$/,
    )
    // Every time of the page is written so.
    const times = await page
      .locator('td.cell-timestamp time')
      .evaluateAll((nodes) =>
        nodes.map((node) => [node.getAttribute('datetime')!, node.textContent!.trim()]),
      )
    expect(times.length).toBeGreaterThan(2)
    expect(times.map(([, text]) => text)).toEqual(times.map(([at]) => adminTime(at!)))
  })

  it('marks refusals and alerts in words, not colour alone', async () => {
    await page.goto(`${appUrl}/admin/collections/audit-log`)
    const refused = rowWith(page, 'Sign-in failed', editorEmail).locator('td.cell-event')
    await hydrated(refused)
    expect((await refused.locator('.audit-event__mark').innerText()).trim()).toBe('Refused')
    const challenge = rowWith(page, refusedUser, 'Two-factor').locator('td.cell-event')
    expect((await challenge.locator('.audit-event__mark').innerText()).trim()).toBe('Refused')
    const locked = rowWith(page, refusedUser, 'Account locked').locator('td.cell-event')
    expect((await locked.locator('.audit-event__mark').innerText()).trim()).toBe('Alert')
    // An ordinary event has no mark.
    const succeeded = rowWith(page, 'Sign-in succeeded', adminEmail).first()
    await expect.poll(() => succeeded.locator('.audit-event__mark').count()).toBe(0)
    await expectNoSeriousViolations(page, ['.audit-log-tools', 'td.cell-event', 'td.cell-actor'])
    await shoot(page, 'audit-log-list-en')
  })

  it('the audit log list filters by event', async () => {
    await page.goto(`${appUrl}/admin/collections/audit-log`)
    await rows(page).first().waitFor()
    const filters = page.getByRole('button', { exact: true, name: 'Filters' })
    await hydrated(filters)
    await filters.click()
    await page.getByRole('button', { exact: true, name: 'Add Filter' }).click()
    await choose(page, 'field', 'Event')
    await choose(page, 'operator', 'equals')
    await choose(page, 'value', 'Sign-in failed')

    await expect
      .poll(() => new URL(page.url()).searchParams.get('where[or][0][and][0][event][equals]'), {
        timeout: 30_000,
      })
      .toBe('login.failed')
    await expect
      .poll(async () => [...new Set(await column(page, 'event'))], { timeout: 30_000 })
      .toEqual(['Sign-in failed Refused'])
    await rowWith(page, 'Sign-in failed', editorEmail).waitFor()
    await expect.poll(() => rowWith(page, 'Sign-in succeeded').count()).toBe(0)
    await expect.poll(() => rowWith(page, 'Content created').count()).toBe(0)
    await screenshot(page, 'audit-log-filtered')

    // The filter is in the address: opening it again shows the same.
    await page.reload()
    await rows(page).first().waitFor()
    expect([...new Set(await column(page, 'event'))]).toEqual(['Sign-in failed Refused'])
  })

  it('the category quick filter shows exactly that category, marked as the current one', async () => {
    await page.goto(`${appUrl}/admin/collections/audit-log?limit=100`)
    const links = page.locator('.audit-log-tools nav a')
    // Clicked below: a click before hydration would load the whole page instead.
    await hydrated(links.last())
    expect(await links.allInnerTexts()).toEqual([
      'All',
      'Account',
      'Sign-in',
      'Content',
      'Session',
      'Two-factor',
      'User management',
    ])
    expect(await links.filter({ hasText: 'All' }).getAttribute('aria-current')).toBe('true')

    await links.filter({ hasText: 'Two-factor' }).click()
    await page.waitForURL((url) => url.searchParams.has('where[or][0][and][0][category][equals]'))
    // The filtered list has arrived with the links that mark it.
    await links
      .and(page.locator('[aria-current="true"]'))
      .filter({ hasText: 'Two-factor' })
      .waitFor()
    expect(new URL(page.url()).searchParams.get('limit')).toBe('100')
    const stored = await storedEntries({ category: { equals: 'twoFactor' } })
    expect(stored.length).toBeGreaterThan(0)
    await expect.poll(() => rows(page).count()).toBe(Math.min(stored.length, 100))
    expect([...new Set(await column(page, 'category'))]).toEqual(['Two-factor'])
    // The same entries (compared as sets: the list breaks ties of equal times its own way).
    expect(
      (
        await page
          .locator('td.cell-timestamp time')
          .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('datetime')))
      ).sort(),
    ).toEqual(
      stored
        .slice(0, 100)
        .map((entry) => entry.timestamp)
        .sort(),
    )
    const current = page.locator('.audit-log-tools nav a[aria-current="true"]')
    expect(await current.innerText()).toBe('Two-factor')
    await rowWith(page, refusedUser).waitFor()
    await shoot(page, 'audit-log-quick-filter-en')
  })

  it('the export button downloads the CSV of the filtered list', async () => {
    await page.goto(`${appUrl}/admin/collections/audit-log`)
    const account = page.locator('.audit-log-tools nav a').filter({ hasText: 'Account' })
    await hydrated(account)
    await account.click()
    await page.waitForURL((url) => url.searchParams.has('where[or][0][and][0][category][equals]'))
    // The filtered list, and its export link, have arrived with the link that marks it.
    await account.and(page.locator('[aria-current="true"]')).waitFor()

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { exact: true, name: 'Export CSV' }).click(),
    ])
    expect(download.suggestedFilename()).toMatch(/^audit-log-.*\.csv$/)
    const [header, ...records] = parseCsv(readFileSync((await download.path())!, 'utf8'))
    const stored = await storedEntries({ category: { equals: 'account' } })
    expect(header!.slice(0, 5)).toEqual(['timestamp', 'event', 'category', 'actor', 'actorId'])
    expect(records.map((record) => [record[0], record[1], record[2], record[5]])).toEqual(
      stored.map((entry) => [entry.timestamp, entry.event, 'account', entry.user ?? '']),
    )
    expect(
      records.some((record) => record[1] === 'account.locked' && record[5] === refusedUser),
    ).toBe(true)
  })

  it("shows an entry's data as a list of names and values, with no request to another site", async () => {
    const requests: string[] = []
    const record = (request: { url: () => string }) => requests.push(request.url())
    await page.goto(`${appUrl}/admin/collections/audit-log`)
    const entryLink = rowWith(page, refusedUser, 'Two-factor').locator('td.cell-timestamp a')
    // A client-side navigation: the click must come after hydration.
    await hydrated(entryLink)
    page.on('request', record)
    const inFlight = requestsInFlight(page)
    try {
      await entryLink.click()
      await page.waitForURL((url) => /\/admin\/collections\/audit-log\/\d+$/.test(url.pathname))
      await page.locator('.audit-data > dl').waitFor()
      await inFlight.settled()
      // The reload of the entry's page, too: its first load, not only the client-side navigation.
      await page.reload()
      await page.locator('.audit-data > dl').waitFor()
      await inFlight.settled()
    } finally {
      page.off('request', record)
      inFlight.stop()
    }
    expect(requests.length).toBeGreaterThan(0)
    expect(requests.filter((url) => new URL(url).origin !== appUrl)).toEqual([])

    const pairs = await page
      .locator('.audit-data > dl > div')
      .evaluateAll((nodes) =>
        nodes.map((node) => [
          node.querySelector(':scope > dt')!.textContent,
          node.querySelector(':scope > dd')!.textContent,
        ]),
      )
    // In the order PostgreSQL's jsonb keeps the keys (shorter names first).
    expect(pairs).toEqual([
      ['factor', 'totp'],
      ['window', 'to10:05from10:00'],
      ['attempts', '3'],
    ])
    expect(await page.locator('.audit-data dd dl dt').allInnerTexts()).toEqual(['to', 'from'])
    // No code editor on the page.
    await expect.poll(() => page.locator('.monaco-editor, .code-editor').count()).toBe(0)
    await expectNoSeriousViolations(page, ['.audit-data'])
    await shoot(page, 'audit-log-entry-en')
  })

  it('reads right to left in Arabic', async () => {
    await browser.addCookies([{ name: 'payload-lng', url: appUrl, value: 'ar' }])
    try {
      await page.goto(`${appUrl}/admin/collections/audit-log`)
      expect((await page.locator('html').getAttribute('dir'))?.toLowerCase()).toBe('rtl')
      await page.locator('.audit-log-tools nav a').first().waitFor()
      await rowWith(page, refusedUser).first().waitFor()
      await expectNoSeriousViolations(page, ['.audit-log-tools', 'td.cell-event'])
      await shoot(page, 'audit-log-list-ar')
      const lockedLink = rowWith(page, refusedUser, 'Account locked').locator('td.cell-timestamp a')
      await hydrated(lockedLink)
      await lockedLink.click()
      await page.locator('.audit-data > dl').waitFor()
      await imagesLoaded(page)
      await shoot(page, 'audit-log-entry-ar')
    } finally {
      await browser.addCookies([{ name: 'payload-lng', url: appUrl, value: 'en' }])
    }
  })

  it('is not shown to an editor', async () => {
    const editorBrowser = await launchBrowser()
    try {
      const editorPage = await editorBrowser.newPage()
      await signIn(editorPage, appUrl, editorEmail, password)
      await openNav(editorPage)
      // Neither in the navigation nor on the dashboard.
      await expect.poll(() => editorPage.locator('#nav-audit-log').count()).toBe(0)
      await expect.poll(() => editorPage.getByText('Audit log').count()).toBe(0)
      await screenshot(editorPage, 'audit-log-editor-nav')

      await editorPage.goto(`${appUrl}/admin/collections/audit-log`)
      await editorPage.getByText('Nothing found', { exact: true }).waitFor()
      await expect.poll(() => editorPage.locator('table tbody tr').count()).toBe(0)
      await expect.poll(() => editorPage.getByText(editorEmail).count()).toBe(0)
      await screenshot(editorPage, 'audit-log-editor-not-found')
    } finally {
      await editorBrowser.close()
    }
  })
})
