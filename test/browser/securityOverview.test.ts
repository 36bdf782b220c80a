import type { Payload } from 'payload'
import type { BrowserContext, Locator, Page } from 'playwright-core'

import { gzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { appPayloadOfFile } from '../helpers/appPayload.js'
import { expectNoSeriousViolations } from '../helpers/axe.js'
import {
  hydrated,
  imagesLoaded,
  launchBrowser,
  requestsInFlight,
  screenshot,
} from '../helpers/browser.js'
import { browserLane } from '../helpers/browserLane.js'
import { docScreenshot } from '../helpers/docScreenshot.js'
import { signIn } from '../helpers/signIn.js'

/**
 * The security overview in real Chromium against the built app and its PostgreSQL: after a scripted
 * set of sign-ins (right and wrong passwords through the app's own login endpoint, until an account
 * and an address lock), every number the page shows equals a count of the database written here in
 * SQL at the page's own reference time, and every link opens a list showing exactly that many rows.
 * The browser tests share one database, so the counts include what earlier files left there.
 */
const { appUrl } = browserLane()
const password = 'a-long-and-unusual-passphrase-42'
const stamp = Date.now()
const email = (name: string) => `browser-overview-${name}-${stamp}@example.com`
const app = appPayloadOfFile()
let browser: BrowserContext
let page: Page
let payload: Payload

const count = async (text: string, values: unknown[] = []): Promise<number> => {
  const pool = (
    payload.db as unknown as {
      pool: { query: (t: string, v: unknown[]) => Promise<{ rows: { n: string }[] }> }
    }
  ).pool
  return Number((await pool.query(`SELECT count(*) AS n FROM (${text}) c`, values)).rows[0]!.n)
}

/** A sign-in through the app's login endpoint over HTTP, as a script or a browser sends it. */
const login = (address: string, secret: string) =>
  fetch(`${appUrl}/api/users/login`, {
    body: JSON.stringify({ email: address, password: secret }),
    headers: { 'Content-Type': 'application/json', Origin: appUrl },
    method: 'POST',
  })

/** How many rows the admin's list view at `href` says it holds ("1-10 of 37", or none). */
const listTotal = async (target: Page, href: string): Promise<number> => {
  const inFlight = requestsInFlight(target)
  const rows = target.locator('table tbody tr')
  const empty = target.locator('.no-results')
  try {
    await target.goto(new URL(href, appUrl).toString())
    try {
      await rows.first().or(empty).waitFor()
    } catch (error) {
      await screenshot(target, 'security-overview-list-failed')
      throw new Error(`The list at ${href} showed neither rows nor "no results": ${String(error)}`)
    }
    // The list runs in the browser, and whatever its controls asked the server on starting has
    // been answered: a rewrite of the address by them would have happened by now.
    await hydrated(rows.first().or(empty))
    await inFlight.settled()
  } finally {
    inFlight.stop()
  }
  // The list counts the filter it was given: its filter controls have not rewritten it (a date
  // rounded to the minute, say) on their way through the address.
  const filterOf = (url: URL) =>
    [...url.searchParams.entries()].filter(([key]) => key.startsWith('where')).sort()
  expect(filterOf(new URL(target.url())), href).toEqual(filterOf(new URL(href, appUrl)))
  if (await empty.isVisible()) {
    return 0
  }
  const pageInfo = target.locator('.page-controls__page-info')
  if ((await pageInfo.count()) === 0) {
    return rows.count()
  }
  const info = (await pageInfo.innerText()).trim()
  const total = /of\s+([\d,]+)$/.exec(info)?.[1]
  return total ? Number(total.replace(/,/g, '')) : await rows.count()
}

/** An event name only uPlot's code holds (its device-pixel-ratio listener); it survives minification. */
const chartMarker = 'dppxchange'

/**
 * Gzip bytes of the scripts holding uPlot that `target` fetches while `visit` runs: until the
 * element `visit` answers is React's and every request the page started has ended.
 */
const chartBytes = async (target: Page, visit: () => Promise<Locator>): Promise<number> => {
  const bodies: Promise<Buffer | null>[] = []
  const collect = (response: import('playwright-core').Response) => {
    if (response.request().resourceType() === 'script') {
      bodies.push(response.body().catch(() => null))
    }
  }
  target.on('response', collect)
  const inFlight = requestsInFlight(target)
  try {
    await hydrated(await visit())
    await target.waitForLoadState('load')
    await inFlight.settled()
  } finally {
    target.off('response', collect)
    inFlight.stop()
  }
  return (await Promise.all(bodies))
    .filter((body): body is Buffer => body !== null && body.includes(chartMarker))
    .reduce((sum, body) => sum + gzipSync(body).length, 0)
}

/**
 * Where the last two characters of the last text inside `selector` are drawn: in an English sentence
 * laid out right, its full stop is to the right of the letter before it, whatever the page's direction.
 */
const lastCharacters = (target: Page, selector: string) =>
  target
    .locator(selector)
    .first()
    .evaluate((element) => {
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT)
      let last: null | Text = null
      while (walker.nextNode()) {
        if (walker.currentNode.textContent!.trim()) {
          last = walker.currentNode as Text
        }
      }
      const text = last!.textContent!.trimEnd()
      const box = (start: number) => {
        const range = document.createRange()
        range.setStart(last!, start)
        range.setEnd(last!, start + 1)
        return range.getBoundingClientRect().left
      }
      return { before: box(text.length - 2), char: text.at(-1), last: box(text.length - 1) }
    })

/** The overview's numbers with their links, as the page shows them. */
const numbersOnPage = async (target: Page) =>
  target.locator('[data-overview-number]').evaluateAll((items) =>
    items.map((item) => ({
      href: item.querySelector('a')?.getAttribute('href') ?? null,
      id: item.getAttribute('data-overview-number')!,
      value: Number(item.getAttribute('data-value')),
    })),
  )

beforeAll(async () => {
  payload = await app.payload()
  await payload.create({
    collection: 'users',
    data: { email: email('admin'), password, roles: ['admin'] },
  })
  await payload.create({
    collection: 'users',
    data: { email: email('editor'), password, roles: ['editor'] },
  })
  await payload.create({
    collection: 'users',
    data: { email: email('locked'), password, roles: ['editor'] },
  })
  // The scripted sign-ins: the editor's right password twice, one wrong; five wrong passwords
  // lock the second editor's account, and five at an address with no account lock that address.
  expect((await login(email('editor'), password)).status).toBe(200)
  expect((await login(email('editor'), password)).status).toBe(200)
  expect((await login(email('editor'), 'wrong-password')).status).toBe(401)
  for (let attempt = 0; attempt < 5; attempt++) {
    expect((await login(email('locked'), 'wrong-password')).status).toBe(401)
    expect((await login(email('nobody'), 'wrong-password')).status).toBe(401)
  }
  browser = await launchBrowser()
  page = await browser.newPage()
  await signIn(page, appUrl, email('admin'), password)
})
afterAll(async () => {
  await browser?.close()
  await app.close()
})

describe('the security overview', () => {
  it('shows its key numbers on the dashboard, for administrators, with a way to the full view', async () => {
    await page.goto(`${appUrl}/admin`)
    const panel = page.locator('.backoffice-security-panel')
    await panel.waitFor()
    // The panel as React renders it; its link is clicked below.
    await hydrated(panel.getByRole('link', { name: 'Open the security overview' }))
    expect(await panel.locator('[data-overview-number]').count()).toBe(7)
    await screenshot(page, 'security-overview-dashboard')
    await expectNoSeriousViolations(page, ['.backoffice-security-panel'])
    await panel.getByRole('link', { name: 'Open the security overview' }).click()
    await page.waitForURL((url) => url.pathname === '/admin/security')
  })

  it('"right now": every number equals the database at the page\'s time, and links to a list with exactly those rows', async () => {
    await page.goto(`${appUrl}/admin/security`)
    const at = await page.locator('[data-overview-at]').getAttribute('data-overview-at')
    expect(at).toBeTruthy()
    const atTime = new Date(at!).getTime()
    const stored: Record<string, number> = {
      activeSessions: await count(
        'SELECT 1 FROM sessions WHERE revoked_at IS NULL AND expires_at > $1',
        [at],
      ),
      guessingAlertsThisWeek: await count(
        "SELECT 1 FROM audit_log WHERE event = 'account.guessingDetected' AND timestamp >= $1 AND timestamp < $2",
        [new Date(atTime - 7 * 86_400_000).toISOString(), at],
      ),
      lockedAccounts: await count('SELECT 1 FROM users WHERE lockout_until > $1', [at]),
      lockedAddresses: await count(
        "SELECT 1 FROM login_throttles WHERE lockout_until > $1 AND key NOT LIKE 'known-browser:%'",
        [at],
      ),
      openResetRequests: await count(
        "SELECT 1 FROM two_factor_reset_requests WHERE status = 'pending'",
      ),
      refusedSignInsToday: await count(
        "SELECT 1 FROM audit_log WHERE event = 'login.failed' AND timestamp >= $1 AND timestamp < $2",
        [new Date(atTime - 86_400_000).toISOString(), at],
      ),
      suspendedAccounts: await count("SELECT 1 FROM users WHERE security_status = 'suspended'"),
    }
    const numbers = await numbersOnPage(page)
    const shown = numbers.filter(({ id }) => !id.startsWith('rule:'))
    expect(Object.fromEntries(shown.map(({ id, value }) => [id, value]))).toEqual(stored)
    // What this file's script did is among them.
    expect(stored.lockedAccounts).toBeGreaterThanOrEqual(1)
    expect(stored.lockedAddresses).toBeGreaterThanOrEqual(1)
    expect(stored.refusedSignInsToday).toBeGreaterThanOrEqual(11)
    await screenshot(page, 'security-overview')
    await docScreenshot(page, 'security-overview')

    // Every card, the "required but not set up" ones included, opens a list of exactly its rows.
    const list = await browser.newPage()
    for (const number of numbers) {
      if (number.id === 'lockedAddresses') {
        // Kept only as keyed hashes: the card says there is no list, and has no link.
        expect(number.href).toBeNull()
        continue
      }
      expect(number.href, number.id).toBeTruthy()
      expect(await listTotal(list, number.href!), number.id).toBe(number.value)
    }
    await list.goto(
      new URL(shown.find(({ id }) => id === 'lockedAccounts')!.href!, appUrl).toString(),
    )
    await list.locator('table tbody tr').first().waitFor()
    await screenshot(list, 'security-overview-locked-accounts-list')
    await list.close()
  })

  it('sign-ins per day: a chart drawn by uPlot, and a table whose counts match the audit log and link to exactly those entries', async () => {
    await page.goto(`${appUrl}/admin/security`)
    const at = (await page.locator('[data-overview-at]').getAttribute('data-overview-at'))!
    // uPlot draws into a canvas once its chunk has loaded.
    await page.locator('.backoffice-chart canvas').first().waitFor()
    await page.getByText('The numbers as a table').click()
    const table = page.locator('[data-overview-table="signIns"]')
    await table.waitFor()
    const start = new Date(at)
    start.setUTCHours(0, 0, 0, 0)
    start.setUTCDate(start.getUTCDate() - 29)
    const classified = `CASE
        WHEN data->>'factor' = 'sso' OR jsonb_typeof(data->'provider') = 'string' THEN 'sso'
        WHEN data->>'factor' = 'passkeySignIn' OR (event = 'login.failed' AND data->>'factor' = 'passkey') THEN 'passkey'
        ELSE 'password' END`
    const list = await browser.newPage()
    for (const outcome of ['succeeded', 'refused'] as const) {
      for (const method of ['password', 'sso', 'passkey'] as const) {
        const cell = table.locator(`tr[data-day="total"] td[data-cell="${outcome}-${method}"]`)
        const shown = Number((await cell.innerText()).replace(/\D/g, ''))
        const stored = await count(
          `SELECT 1 FROM audit_log WHERE event = $1 AND timestamp >= $2 AND timestamp < $3 AND ${classified} = $4`,
          [
            outcome === 'succeeded' ? 'login.succeeded' : 'login.failed',
            start.toISOString(),
            at,
            method,
          ],
        )
        expect(shown, `${outcome} ${method}`).toBe(stored)
        if (stored > 0) {
          const href = await cell.locator('a').getAttribute('href')
          expect(await listTotal(list, href!), `${outcome} ${method} list`).toBe(stored)
        }
      }
    }
    // Today's refused password sign-ins, this file's among them.
    const today = at.slice(0, 10)
    const todayRefused = table.locator(`tr[data-day="${today}"] td[data-cell="refused-password"]`)
    expect(Number((await todayRefused.innerText()).replace(/\D/g, ''))).toBeGreaterThanOrEqual(11)
    // Every day's count links to exactly those entries; a zero has nothing to open, and no link.
    const dayCells = await table.locator('tbody td').evaluateAll((cells) =>
      cells.map((cell) => ({
        href: cell.querySelector('a')?.getAttribute('href') ?? null,
        value: Number(cell.textContent!.replace(/\D/g, '')),
      })),
    )
    expect(dayCells).toHaveLength(30 * 6)
    for (const dayCell of dayCells) {
      expect(dayCell.href === null, JSON.stringify(dayCell)).toBe(dayCell.value === 0)
      if (dayCell.href) {
        expect(await listTotal(list, dayCell.href), dayCell.href).toBe(dayCell.value)
      }
    }
    await screenshot(list, 'security-overview-refused-today-list')
    await list.close()
    await screenshot(page, 'security-overview-table')
    await docScreenshot(page, 'security-overview-table', { fullPage: true })
  })

  it("issue 38, item 10: daily bars: each day with sign-ins has a bar, an empty day none, and today is named; hovering today's bar shows its counts", async () => {
    await page.goto(`${appUrl}/admin/security`)
    const at = (await page.locator('[data-overview-at]').getAttribute('data-overview-at'))!
    await page.locator('.backoffice-chart canvas').first().waitFor()
    await page.getByText('The numbers as a table').click()
    const rows = await page
      .locator('[data-overview-table="signIns"] tbody tr')
      .evaluateAll((trs) =>
        trs.map((tr) =>
          [...tr.querySelectorAll('td')].reduce(
            (total, td) => total + Number(td.textContent!.replace(/\D/g, '')),
            0,
          ),
        ),
      )
    expect(rows).toHaveLength(30)
    // Whether anything is drawn just above the baseline at the middle of each day's slot: the
    // x axis spans the 30 days with half a day either side.
    const over = page.locator('.backoffice-chart .u-over')
    const box = (await over.boundingBox())!
    const drawn = await page.locator('.backoffice-chart canvas').evaluate(
      (canvas: HTMLCanvasElement, { box, days }) => {
        const rect = canvas.getBoundingClientRect()
        const scale = canvas.width / rect.width
        const context = canvas.getContext('2d')!
        return Array.from({ length: days }, (_, day) => {
          const x = (box.x - rect.left + (box.width * (day + 0.5)) / days) * scale
          const y = (box.y - rect.top + box.height - 3) * scale
          return context.getImageData(Math.round(x), Math.round(y), 1, 1).data[3]! > 0
        })
      },
      { box, days: 30 },
    )
    expect(drawn).toEqual(rows.map((total) => total > 0))
    expect(rows.at(-1)).toBeGreaterThan(0)
    // Hovering the last bar names today and gives its numbers.
    const today = new Intl.DateTimeFormat('en', {
      day: 'numeric',
      month: 'short',
      timeZone: 'UTC',
    }).format(new Date(at))
    await page.mouse.move(box.x + (box.width * 29.5) / 30, box.y + box.height - 3)
    const caption = page.locator('.backoffice-chart figcaption')
    await expect.poll(() => caption.locator('strong').textContent()).toBe(today)
    const todayRefused = await page
      .locator(`tr[data-day="${at.slice(0, 10)}"] td[data-cell="refused-password"]`)
      .innerText()
    await expect.poll(() => caption.textContent()).toContain(`Refused: Password: ${todayRefused}`)
    await screenshot(page, 'security-overview-daily-bars')
  })

  it('adoption: accounts by second factor and by sign-in method, per role, each count linking to exactly those accounts', async () => {
    await page.goto(`${appUrl}/admin/security`)
    const cells = await page
      .locator('[data-overview-table="factors"] td, [data-overview-table="methods"] td')
      .evaluateAll((tds) =>
        tds.map((td) => ({
          href: td.querySelector('a')?.getAttribute('href') ?? null,
          value: Number(td.textContent!.replace(/\D/g, '')),
        })),
      )
    // A zero has nothing to open, and no link; every other count has one.
    for (const cell of cells) {
      expect(cell.href === null, JSON.stringify(cell)).toBe(cell.value === 0)
    }
    const links = cells.filter(
      (cell): cell is { href: string; value: number } => cell.href !== null,
    )
    expect(links.length).toBeGreaterThanOrEqual(8)
    const all = await count('SELECT 1 FROM users')
    const allCell = page.locator(
      '[data-overview-table="factors"] tr[data-role="*"] td[data-cell="accounts"]',
    )
    expect(Number((await allCell.innerText()).replace(/\D/g, ''))).toBe(all)
    const list = await browser.newPage()
    for (const link of links) {
      expect(await listTotal(list, link.href), link.href).toBe(link.value)
    }
    await list.close()
  }, 600_000)

  it('has no serious or critical axe violations, and reads right to left in Arabic', async () => {
    await page.goto(`${appUrl}/admin/security`)
    await page.locator('.backoffice-chart canvas').first().waitFor()
    await page.getByText('The numbers as a table').click()
    await expectNoSeriousViolations(page, ['.backoffice-security-overview'])

    await browser.addCookies([{ name: 'payload-lng', url: appUrl, value: 'ar' }])
    try {
      await page.goto(`${appUrl}/admin/security`)
      await page.locator('.backoffice-chart canvas').first().waitFor()
      expect((await page.locator('html').getAttribute('dir'))?.toLowerCase()).toBe('rtl')
      // Where characters are drawn depends on the fonts: loaded, with everything else shown.
      await imagesLoaded(page)
      await screenshot(page, 'security-overview-ar')
      // The plugin has no Arabic texts: its English sentences (with an Arabic date in one) keep
      // their full stop at their end, rather than at the start of the right-to-left line.
      for (const selector of ['[data-overview-at]', '#backoffice-locked-addresses-note']) {
        const drawn = await lastCharacters(page, selector)
        expect(drawn.char, selector).toBe('.')
        expect(drawn.last, selector).toBeGreaterThan(drawn.before)
      }
      expect(
        await page.locator('[data-overview-at] bdi bdi time').getAttribute('datetime'),
      ).toBeTruthy()
      await expectNoSeriousViolations(
        page,
        ['.backoffice-security-overview'],
        'security overview (ar)',
      )
    } finally {
      await browser.addCookies([{ name: 'payload-lng', url: appUrl, value: 'en' }])
    }
  })

  it('fits a 390 px wide screen in German and in English: the page never scrolls sideways, its tables scroll in their own box', async () => {
    const narrow = await launchBrowser()
    try {
      const phone = await narrow.newPage()
      await signIn(phone, appUrl, email('admin'), password)
      for (const language of ['de', 'en']) {
        await narrow.addCookies([{ name: 'payload-lng', url: appUrl, value: language }])
        for (const width of [1440, 390]) {
          await phone.setViewportSize({ height: 844, width })
          await phone.goto(`${appUrl}/admin/security`)
          await phone.locator('.backoffice-chart canvas').first().waitFor()
          await imagesLoaded(phone)
          expect(await phone.locator('html').getAttribute('lang')).toBe(language)
          const overflow = await phone.evaluate(
            () => document.documentElement.scrollWidth - window.innerWidth,
          )
          expect(overflow, `${language} at ${width} px`).toBeLessThanOrEqual(0)
          await screenshot(phone, `security-overview-${language}-${width}`)
        }
        if (language === 'de') {
          await phone.setViewportSize({ height: 900, width: 1440 })
          await phone.goto(`${appUrl}/admin`)
          await phone.locator('.backoffice-security-panel').waitFor()
          await screenshot(phone, 'security-overview-dashboard-de')
        }
      }
    } finally {
      await narrow.close()
    }
  })

  it('finding "the panel sits 6 px off the gutter": the dashboard panel lines up with Payload\'s first card group, at 1440 and 390 px, left to right and right to left', async () => {
    const edges = (box: { width: number; x: number } | null) => ({
      left: Math.round(box!.x),
      right: Math.round(box!.x + box!.width),
    })
    try {
      for (const language of ['en', 'ar']) {
        await browser.addCookies([{ name: 'payload-lng', url: appUrl, value: language }])
        for (const width of [1440, 390]) {
          await page.setViewportSize({ height: 900, width })
          await page.goto(`${appUrl}/admin`)
          const panel = page.locator('.backoffice-security-panel')
          const cards = page.locator('.collections__group').first()
          await panel.waitFor()
          await cards.waitFor()
          expect((await page.locator('html').getAttribute('dir'))?.toLowerCase()).toBe(
            language === 'ar' ? 'rtl' : 'ltr',
          )
          const [panelEdges, cardEdges] = [
            edges(await panel.boundingBox()),
            edges(await cards.boundingBox()),
          ]
          const where = `${language} at ${width} px`
          expect(Math.abs(panelEdges.left - cardEdges.left), where).toBeLessThanOrEqual(1)
          expect(Math.abs(panelEdges.right - cardEdges.right), where).toBeLessThanOrEqual(1)
          await screenshot(page, `security-overview-dashboard-aligned-${language}-${width}`)
        }
      }
    } finally {
      await browser.addCookies([{ name: 'payload-lng', url: appUrl, value: 'en' }])
      await page.setViewportSize({ height: 900, width: 1440 })
    }
  })

  it('loads its chart library, uPlot, on the overview only: 0 bytes of it on the sign-in page and the dashboard', async () => {
    const fresh = await launchBrowser()
    try {
      const visitor = await fresh.newPage()
      const onLogin = await chartBytes(visitor, async () => {
        await visitor.goto(`${appUrl}/admin/login`)
        return visitor.locator('#field-password')
      })
      expect(onLogin).toBe(0)
      await signIn(visitor, appUrl, email('admin'), password)
      const onDashboard = await chartBytes(visitor, async () => {
        await visitor.goto(`${appUrl}/admin`)
        return visitor.locator('.backoffice-security-panel')
      })
      expect(onDashboard).toBe(0)
      const onOverview = await chartBytes(visitor, async () => {
        await visitor.goto(`${appUrl}/admin/security`)
        await visitor.locator('.backoffice-chart canvas').first().waitFor()
        // The canvas is uPlot's; the chart's box around it is React's.
        return visitor.locator('.backoffice-chart').first()
      })
      expect(onOverview).toBeGreaterThan(10_000)
      console.info(
        `uPlot on the security overview: ${(onOverview / 1024).toFixed(1)} kB gzipped; sign-in page and dashboard: 0 bytes`,
      )
    } finally {
      await fresh.close()
    }
  })

  it('is not shown to an editor: no panel on the dashboard, and the admin\'s "not found" at its address', async () => {
    const editorContext = await launchBrowser()
    try {
      const editorPage = await editorContext.newPage()
      await signIn(editorPage, appUrl, email('editor'), password)
      await editorPage.locator('.dashboard').waitFor()
      await expect.poll(() => editorPage.locator('.backoffice-security-panel').count()).toBe(0)
      const response = await editorPage.goto(`${appUrl}/admin/security`)
      expect(response?.status()).toBe(404)
      await expect.poll(() => editorPage.locator('[data-overview-number]').count()).toBe(0)
    } finally {
      await editorContext.close()
    }
  })
})
