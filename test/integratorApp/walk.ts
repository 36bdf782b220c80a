import type { Locator, Page } from 'playwright-core'

import {
  adminHydrated,
  fillField,
  hydrated,
  keepSetupRecoveryCodes,
  launchBrowser,
  screenshot,
} from '../helpers/browser.js'
import { authenticatorApp } from '../helpers/twoFactor.js'

/** What the walk does, one line per step, so a failure names the step it stopped at. */
type Report = (line: string) => void

const email = 'first-integrator@example.com'
const password = 'copper-lantern-drifts-over-seven-hills'
const postTitle = 'Written in Lexical'
const postText = 'A paragraph typed into the Lexical editor.'

const fail = (message: string): never => {
  throw new Error(message)
}

/**
 * Polls `read` until `check` holds (every 100 ms), or fails after `timeoutMs` with what it last
 * read: a read that follows an action is never made once.
 */
const eventually = async <T>(
  what: string,
  read: () => Promise<T>,
  check: (value: T) => boolean,
  timeoutMs = 15_000,
): Promise<T> => {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = await read()
    if (check(value)) {
      return value
    }
    if (Date.now() > deadline) {
      return fail(`${what}: still ${JSON.stringify(value)} after ${timeoutMs} ms`)
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

const pathOf = (page: Page) => new URL(page.url()).pathname

/** The number a table cell or figure shows, digits only (the overview groups thousands). */
const shownNumber = async (locator: Locator) =>
  Number((await locator.innerText()).replace(/\D/g, ''))

/**
 * A person's first hour with the plugin in an integrator's app, in Chromium, asserting what the
 * pages show: the first user, who is the administrator; an authenticator app set up; signing out
 * and back in with password and code; the security overview and the audit log, which only an
 * administrator sees filled; a Lexical post written and published.
 */
export const walkThroughTheApp = async (appUrl: string, report: Report) => {
  const context = await launchBrowser()
  const page = await context.newPage()
  const admin = (route: string) => `${appUrl}/admin${route}`
  try {
    // 1. An empty database: the admin asks for the first user.
    await page.goto(admin(''))
    await page.waitForURL((url) => url.pathname === '/admin/create-first-user')
    await page.getByRole('heading', { name: 'Create the first user' }).waitFor()
    await fillField(page, '#field-email', email)
    await fillField(page, '#field-password', password)
    await fillField(page, '#field-confirm-password', password)
    await page.locator('button[type="submit"]').filter({ hasText: 'Create' }).click()
    await page.waitForURL((url) => url.pathname === '/admin')
    await page.locator('.dashboard').first().waitFor()
    await screenshot(page, 'integrator-dashboard')
    report('the first user was created and reached the dashboard')

    // 2. The template's users have no roles field: the plugin added one and made this account an
    // administrator. The account's own document shows the role.
    await page.goto(admin('/collections/users'))
    await page.locator('table tbody tr').filter({ hasText: email }).first().waitFor()
    await page.locator('table tbody tr').filter({ hasText: email }).locator('a').first().click()
    await page.waitForURL((url) => /^\/admin\/collections\/users\/[^/]+$/.test(url.pathname))
    const roles = page.locator('#field-roles')
    await roles.waitFor()
    await eventually(
      'the roles the account page shows',
      () => roles.innerText(),
      (text) => text.includes('Administrator'),
    )
    report('the first user is an administrator (the roles field the plugin added says so)')

    // 3. Two-factor authentication from the account page, with the secret the page shows.
    await page.goto(admin('/account'))
    await page.getByRole('heading', { exact: true, name: 'Two-factor authentication' }).waitFor()
    const status = page.locator('#backoffice-two-factor-status')
    await hydrated(status)
    await eventually(
      'the two-factor status',
      () => status.innerText(),
      (text) => text === 'Not set up',
    )
    const setUp = page.getByRole('link', { name: 'Set up an authenticator app' })
    await hydrated(setUp)
    await setUp.click()
    await page.waitForURL((url) => url.pathname === '/admin/two-factor/setup')
    const secretText = page.getByTestId('totp-secret')
    await secretText.waitFor()
    const secret = (await secretText.textContent())?.replace(/\s/g, '') ?? ''
    if (!/^[A-Z2-7]{32}$/.test(secret)) {
      fail(`The setup page shows no base32 secret: ${JSON.stringify(secret)}`)
    }
    const authenticator = authenticatorApp(secret)
    const setupCode = page.locator('#backoffice-totp-code')
    await hydrated(setupCode)
    await screenshot(page, 'integrator-two-factor-setup')
    // The sixth digit sends the code.
    await setupCode.fill(await authenticator.code())
    // The setup's last step: its first recovery codes, downloaded and kept before going on.
    await keepSetupRecoveryCodes(page)
    await page.waitForURL((url) => url.pathname === '/admin/account')
    await page.getByText('Two-factor authentication is on').waitFor()
    await hydrated(status)
    await eventually(
      'the two-factor status',
      () => status.innerText(),
      (text) => text === 'Enabled',
    )
    report('an authenticator app was set up from the account page')

    // 4. Signing out from the side navigation's "Log out": one request, then the login page.
    const signOuts: string[] = []
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/users/logout') {
        signOuts.push(request.url())
      }
    })
    await page.goto(admin(''))
    await adminHydrated(page)
    const menu = page.getByRole('button', { exact: true, name: 'Open Menu' })
    await hydrated(menu)
    await menu.click()
    const logOut = page.getByRole('link', { name: 'Log out' })
    await hydrated(logOut)
    await logOut.click()
    await page.waitForURL((url) => url.pathname === '/admin/login')
    await hydrated(page.locator('#field-email'))
    await eventually(
      'the sign-out requests sent',
      async () => signOuts.length,
      (count) => count === 1,
    )
    await page.goto(admin(''))
    await page.waitForURL((url) => url.pathname === '/admin/login')
    if (signOuts.length !== 1) {
      fail(`Signing out sent ${signOuts.length} sign-out requests, not one`)
    }
    report('signed out with one sign-out request; the admin asks to sign in again')

    // 5. Password, then the code the app shows, typed digit by digit.
    await fillField(page, '#field-email', email)
    await fillField(page, '#field-password', password)
    await page.locator('button[type="submit"]').click()
    await page.waitForURL((url) => url.pathname === '/admin/two-factor/verify')
    const code = page.locator('#backoffice-totp-code')
    await hydrated(code)
    await screenshot(page, 'integrator-two-factor-verify')
    await code.pressSequentially(await authenticator.code())
    await page.waitForURL((url) => url.pathname === '/admin')
    await page.locator('.dashboard').first().waitFor()
    report('signed in again with the password and a code from the authenticator app')

    // 6. The security overview counts this sign-in: only an administrator sees its numbers.
    await page.goto(admin('/security'))
    await page.getByRole('heading', { name: 'Security overview' }).first().waitFor()
    await page.locator('[data-overview-number]').first().waitFor()
    await page.getByText('The numbers as a table').first().click()
    const signIns = page.locator(
      '[data-overview-table="signIns"] tr[data-day="total"] td[data-cell="succeeded-password"]',
    )
    await signIns.waitFor()
    const succeeded = await shownNumber(signIns)
    if (succeeded < 1) {
      fail(`The security overview counts ${succeeded} password sign-ins, not at least one`)
    }
    await screenshot(page, 'integrator-security-overview')
    report(`the security overview shows its numbers (${succeeded} password sign-ins today)`)

    // 7. The audit log lists the sign-in, the code accepted and the enrolment, by this account.
    await page.goto(admin('/collections/audit-log'))
    const rows = page.locator('table tbody tr')
    await rows.first().waitFor()
    for (const event of [
      'Sign-in succeeded',
      'Second factor accepted',
      'Two-factor authentication enabled',
    ]) {
      await rows.filter({ hasText: event }).filter({ hasText: email }).first().waitFor()
    }
    // Each entry's time, drawn in the browser's time zone once the page has hydrated.
    await eventually(
      "the first entry's time",
      () => rows.first().locator('td.cell-timestamp').innerText(),
      (text) => /\d/.test(text) && !text.includes('Loading'),
    )
    await screenshot(page, 'integrator-audit-log')
    report('the audit log lists the sign-in, the second factor and the enrolment')

    // 8. A post written in Lexical, saved as a draft, then published.
    await page.goto(admin('/collections/posts/create'))
    await fillField(page, '#field-title', postTitle)
    const editor = page.locator('.rich-text-lexical [contenteditable="true"]').first()
    await hydrated(editor)
    await editor.click()
    await editor.pressSequentially(postText)
    await eventually(
      'the text in the Lexical editor',
      () => editor.innerText(),
      (text) => text.includes(postText),
    )
    // Saved as a draft first: the document gets its address and says "Draft".
    const saveDraft = page.locator('#action-save-draft')
    await hydrated(saveDraft)
    await saveDraft.click()
    await page.waitForURL((url) => /^\/admin\/collections\/posts\/\d+$/.test(url.pathname))
    const controls = page.locator('.doc-controls')
    await controls.getByText('Draft', { exact: true }).waitFor()
    // Then published: the same document says "Published".
    const publish = page.locator('#action-save')
    await hydrated(publish)
    await publish.click()
    await controls.getByText('Published', { exact: true }).waitFor()
    const postId = pathOf(page).split('/').pop()!
    // Read back as this person: the published version, with the paragraph as Lexical stores it.
    await page.reload()
    await page.locator('.rich-text-lexical').getByText(postText).waitFor()
    await screenshot(page, 'integrator-post-published')
    const stored = await eventually(
      'the published post',
      () =>
        page.evaluate(async (id) => {
          const response = await fetch(`/api/posts/${id}?draft=false`, {
            credentials: 'include',
          })
          return { body: await response.json(), status: response.status }
        }, postId),
      ({ status }) => status === 200,
    )
    const {
      _status: postStatus,
      body,
      title,
    } = stored.body as {
      _status?: string
      body?: unknown
      title?: string
    }
    if (
      postStatus !== 'published' ||
      title !== postTitle ||
      !JSON.stringify(body).includes(postText)
    ) {
      fail(`The post is not stored published with its text: ${JSON.stringify(stored.body)}`)
    }
    await page.goto(admin('/collections/audit-log'))
    await rows.filter({ hasText: 'Content published' }).filter({ hasText: email }).first().waitFor()
    report(
      'a Lexical post was saved as a draft, then published; the audit log lists its publishing',
    )
  } catch (error) {
    await screenshot(page, 'integrator-failed').catch(() => undefined)
    throw error
  } finally {
    await context.close()
    await context.browser()?.close()
  }
}
