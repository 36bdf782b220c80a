import type { Payload } from 'payload'
import type { BrowserContext, Page } from 'playwright-core'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { drawLandscape, palettes } from '../../dev/seed/images.js'
import { appPayloadOfFile } from '../helpers/appPayload.js'
import { fillField, launchBrowser, screenshot } from '../helpers/browser.js'
import { browserLane } from '../helpers/browserLane.js'
import { requestsReported } from '../helpers/requestsReported.js'
import { signIn } from '../helpers/signIn.js'
import { linksIn, mailbox, type ReceivedEmail } from '../helpers/smtpInbox.js'

const { appUrl } = browserLane()
// One Payload on the app's database for the file: the tests look at what is stored between steps.
const appPayload = appPayloadOfFile()
const withAppPayload = async <T>(work: (payload: Payload) => Promise<T>): Promise<T> =>
  work(await appPayload.payload())
const mail = mailbox(browserLane().mailDir)
const password = 'a-long-and-unusual-passphrase-42'
const inviteePassword = 'my-own-new-and-unusual-passphrase-7'
const stamp = Date.now()
const adminEmail = `browser-inviter-${stamp}@example.com`
const adminName = 'Ada Lovelace'
const inviteeEmail = `browser-invitee-${stamp}@example.com`
let adminBrowser: BrowserContext
let adminPage: Page
const opened: BrowserContext[] = []

const invitationLink = (email: ReceivedEmail) =>
  linksIn(email).find((link) => link.includes('/admin/accept-invitation?token='))!
const invitationTo = async (address: string) =>
  invitationLink(await mail.waitFor((email) => email.to.includes(address)))

/** A visitor's browser in `locale`, closed after the tests. */
const visitor = async (locale = 'en-US') => {
  const context = await launchBrowser({ locale })
  opened.push(context)
  return context.newPage()
}

/** Nothing sticks out sideways: the page is no wider than its window. */
const expectNoOverflow = async (page: Page) => {
  const { clientWidth, scrollWidth } = await page.evaluate(() => ({
    clientWidth: document.documentElement.clientWidth,
    scrollWidth: document.documentElement.scrollWidth,
  }))
  expect(scrollWidth).toBeLessThanOrEqual(clientWidth)
}

/** Who the page's own browser is signed in as, asked the way the admin asks. */
const signedInUser = (page: Page) =>
  page.evaluate(
    async () =>
      (
        (await (await fetch('/api/users/me', { credentials: 'include' })).json()) as {
          user: unknown
        }
      ).user,
  )

/** An administrator's invitation through the REST API (with the signed-in admin's cookie). */
const inviteThroughApi = async (email: string, preferredLanguage: string) => {
  const response = await adminPage.request.post(`${appUrl}/api/users`, {
    data: { email, preferredLanguage, roles: ['editor'] },
    headers: { origin: appUrl },
  })
  expect(response.status()).toBe(201)
  return {
    id: ((await response.json()) as { doc: { id: number } }).doc.id,
    link: await invitationTo(email),
  }
}

beforeAll(async () => {
  await withAppPayload(async (payload) => {
    await payload.create({
      collection: 'users',
      data: { email: adminEmail, name: adminName, password, roles: ['admin'] },
    })
  })
  adminBrowser = await launchBrowser()
  adminPage = await adminBrowser.newPage()
  await signIn(adminPage, appUrl, adminEmail, password)
})
afterAll(async () => {
  await appPayload.close()
  await adminBrowser?.close()
  for (const context of opened) {
    await context.close()
  }
})

describe('inviting from the user form', () => {
  it("reads 'Send invitation' while the password is empty and 'Save' once one is typed, and invites on save", async () => {
    await adminPage.goto(`${appUrl}/admin/collections/users/create`)
    const save = adminPage.locator('#action-save')
    await expect.poll(() => save.innerText()).toBe('Send invitation')
    await adminPage.getByText('Leave the password empty to send an invitation').waitFor()

    await fillField(adminPage, '#field-email', inviteeEmail)
    await fillField(adminPage, '#field-password', 'typed-then-removed-passphrase')
    await expect.poll(() => save.innerText()).toBe('Save')
    await fillField(adminPage, '#field-password', '')
    await expect.poll(() => save.innerText()).toBe('Send invitation')
    await screenshot(adminPage, 'invitation-create-form')

    await save.click()
    await adminPage.waitForURL((url) => /\/admin\/collections\/users\/\d+$/.test(url.pathname))
    const panel = adminPage.getByRole('region', { name: 'Invitation' })
    await panel.getByText('Waiting for the person to accept.').waitFor()
    await panel.getByRole('button', { name: 'Resend invitation' }).waitFor()
    await panel.getByRole('button', { name: 'Revoke invitation' }).waitFor()
    await panel.scrollIntoViewIfNeeded()
    await screenshot(adminPage, 'invitation-user-page-pending')
  })

  it('revokes and resends from the account page', async () => {
    const address = `browser-revoked-${stamp}@example.com`
    const { id, link } = await inviteThroughApi(address, 'en')
    await adminPage.goto(`${appUrl}/admin/collections/users/${id}`)
    const panel = adminPage.getByRole('region', { name: 'Invitation' })
    await panel.getByRole('button', { name: 'Revoke invitation' }).click()
    await adminPage.getByText('Invitation revoked.').waitFor()
    await panel.getByText('The invitation was revoked: this account cannot sign in.').waitFor()
    await expect
      .poll(() => panel.getByRole('button', { name: 'Revoke invitation' }).count())
      .toBe(0)
    await panel.scrollIntoViewIfNeeded()
    await screenshot(adminPage, 'invitation-user-page-revoked')

    await panel.getByRole('button', { name: 'Resend invitation' }).click()
    await adminPage.getByText('Invitation sent again.').waitFor()
    await panel.getByText('Waiting for the person to accept.').waitFor()
    const renewed = await mail.waitFor(
      (email) => email.to.includes(address) && invitationLink(email) !== link,
    )
    expect(invitationLink(renewed)).not.toBe(link)

    // The same edit view saves changes to an existing account (no password field there).
    await expect.poll(() => adminPage.locator('#field-password').count()).toBe(0)
    await fillField(adminPage, '#field-name', 'Renamed Person')
    await adminPage.locator('#action-save').click()
    await adminPage.getByText('Updated successfully.').first().waitFor()
    const saved = await adminPage.request.get(`${appUrl}/api/users/${id}`, {
      headers: { origin: appUrl },
    })
    expect(((await saved.json()) as { name?: string }).name).toBe('Renamed Person')
  })
})

describe('accepting the invitation', () => {
  it('arrives by email, opens in a fresh browser, and signs the invitee in once the profile is created', async () => {
    const email = await mail.waitFor((message) => message.to.includes(inviteeEmail))
    expect(email.subject).toBe(`${adminName} has invited you`)
    const link = invitationLink(email)
    expect(link.startsWith(`${appUrl}/admin/accept-invitation?token=`)).toBe(true)

    const page = await visitor()
    const response = await page.goto(link)
    expect(response?.headers()['referrer-policy']).toBe('strict-origin')
    await page.getByRole('heading', { name: 'Accept invitation' }).waitFor()
    await page.getByRole('heading', { name: 'Complete your profile' }).waitFor()
    const emailField = page.locator('#field-email')
    expect(await emailField.inputValue()).toBe(inviteeEmail)
    expect(await emailField.getAttribute('readonly')).not.toBeNull()
    expect(await page.locator('input[type="hidden"][name="token"]').inputValue()).toBe(
      new URL(link).searchParams.get('token'),
    )
    expect(await page.locator('meta[name="referrer"]').getAttribute('content')).toBe(
      'strict-origin',
    )
    await expect.poll(() => page.locator('#field-roles').count()).toBe(0)

    await fillField(page, '#field-password', inviteePassword)
    await page.locator('li[data-rule="minLength"][data-met="true"]').waitFor()
    await fillField(page, '#field-confirm-password', inviteePassword)
    await fillField(page, '#field-name', 'Grace Hopper')
    await screenshot(page, 'invitation-accept-filled')
    await page.getByRole('button', { name: 'Create profile' }).click()

    await page.waitForURL((url) => url.pathname === '/admin')
    await page.locator('.dashboard').first().waitFor()
    expect(await signedInUser(page)).toMatchObject({ email: inviteeEmail, name: 'Grace Hopper' })

    // The same link again, in the invitee's own signed-in browser: signed out, and told the link is spent.
    await page.goto(link)
    await page.getByText('This invitation link is invalid or has expired.').waitFor()
    expect(await signedInUser(page)).toBeNull()
    await screenshot(page, 'invitation-accept-used-link')

    // Issue 38 item 9: on the account's page the administrator reads the invitation in its panel's
    // sentences, not again as the group's fields in disabled boxes down the sidebar.
    const found = await adminPage.request.get(
      `${appUrl}/api/users?where[email][equals]=${encodeURIComponent(inviteeEmail)}&depth=0`,
      { headers: { origin: appUrl } },
    )
    const [invitee] = ((await found.json()) as { docs: { id: number }[] }).docs
    await adminPage.goto(`${appUrl}/admin/collections/users/${invitee!.id}`)
    const panel = adminPage.getByRole('region', { name: 'Invitation' })
    await panel.getByText(/^The invitation was accepted on .+\.$/).waitFor()
    await panel.getByText(/^Invited on .+\.$/).waitFor()
    const sidebar = adminPage.locator('.document-fields__sidebar')
    for (const fieldLabel of [
      'Invitation status',
      'Link valid until',
      'Invited by',
      'Invited at',
      'Accepted at',
    ]) {
      expect(await sidebar.getByText(fieldLabel, { exact: true }).count(), fieldLabel).toBe(0)
    }
    expect(
      await sidebar.locator('input:disabled:visible, [aria-disabled="true"]:visible').count(),
    ).toBe(0)
    await panel.scrollIntoViewIfNeeded()
    await screenshot(adminPage, 'invitation-user-page-accepted')
  })

  it("finding 'passwords do not match': a mismatched confirmation is refused in the browser, nothing is sent and the invitation stays open", async () => {
    const address = `browser-mismatch-${stamp}@example.com`
    const { id, link } = await inviteThroughApi(address, 'en')
    const page = await visitor()
    await page.goto(link)
    await page.getByRole('heading', { name: 'Complete your profile' }).waitFor()
    await fillField(page, '#field-password', inviteePassword)
    await fillField(page, '#field-confirm-password', `${inviteePassword}-typo`)
    await fillField(page, '#field-name', 'Mismatched Person')
    const sent: string[] = []
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/api/')) {
        sent.push(`${request.method()} ${new URL(request.url()).pathname}`)
      }
    })
    await page.getByRole('button', { name: 'Create profile' }).click()

    const confirmation = page.locator('#field-confirm-password')
    await page.getByRole('alert').filter({ hasText: 'passwords do not match' }).waitFor()
    expect(await confirmation.getAttribute('aria-invalid')).toBe('true')
    expect(
      await page
        .locator(`[id="${await confirmation.getAttribute('aria-describedby')}"]`)
        .innerText(),
    ).toBe('passwords do not match')
    expect(await page.getByLabel('Confirm password').count()).toBe(1)
    await requestsReported(page)
    expect(sent.filter((request) => request.includes('accept-invitation'))).toEqual([])
    await screenshot(page, 'invitation-accept-passwords-differ')
    const stored = await withAppPayload((payload) =>
      payload.findByID({ id, collection: 'users', overrideAccess: true }),
    )
    expect(stored).toMatchObject({ invitation: { status: 'pending' } })
    expect((stored as { name?: null | string }).name ?? null).toBeNull()

    // Matched, the invitation is accepted as before.
    await fillField(page, '#field-confirm-password', inviteePassword)
    await page.getByRole('button', { name: 'Create profile' }).click()
    await page.waitForURL((url) => url.pathname === '/admin')
    expect(await signedInUser(page)).toMatchObject({ email: address, name: 'Mismatched Person' })
  })

  it("fills the users collection's other fields with Payload's own components (text, relationship, rich text; the administrator's upload shown) and stores them", async () => {
    const { avatarId, teamId } = await withAppPayload(async (payload) => {
      const team = await payload.create({
        collection: 'teams',
        data: { name: `Compilers ${stamp}` },
      })
      const picture = await drawLandscape(palettes.forest, 64, 40)
      const avatar = await payload.create({
        collection: 'media',
        data: { alt: 'A portrait' },
        file: {
          data: picture,
          mimetype: 'image/png',
          name: `avatar-${stamp}.png`,
          size: picture.length,
        },
      })
      return { avatarId: avatar.id, teamId: team.id }
    })
    const address = `browser-profile-${stamp}@example.com`
    const created = await adminPage.request.post(`${appUrl}/api/users`, {
      data: { avatar: avatarId, email: address, preferredLanguage: 'en', roles: ['editor'] },
      headers: { origin: appUrl },
    })
    expect(created.status()).toBe(201)
    const page = await visitor()
    await page.goto(await invitationTo(address))
    await page.getByRole('heading', { name: 'Complete your profile' }).waitFor()

    await fillField(page, '#field-password', inviteePassword)
    await fillField(page, '#field-confirm-password', inviteePassword)
    await fillField(page, '#field-name', 'Grace Hopper')
    // Payload's relationship select, its options read from the teams collection.
    await page.locator('#field-team .rs__control').click()
    await page.locator('.rs__option', { hasText: `Compilers ${stamp}` }).click()
    await page.locator('#field-team .rs__single-value', { hasText: `Compilers ${stamp}` }).waitFor()
    // Payload's Slate editor, rendered by its server component.
    const bio = page.locator('.field-type.rich-text [contenteditable="true"]').first()
    await bio.click()
    await bio.pressSequentially('Wrote the first compiler.', { delay: 10 })
    // The upload the administrator attached, in Payload's upload field (read-only here).
    await page.locator('.field-type.upload').getByText(`avatar-${stamp}.png`).waitFor()
    await screenshot(page, 'invitation-accept-profile-fields')
    await page.getByRole('button', { name: 'Create profile' }).click()
    await page.waitForURL((url) => url.pathname === '/admin')

    const stored = await withAppPayload(async (payload) => {
      const { docs } = await payload.find({
        collection: 'users',
        depth: 0,
        overrideAccess: true,
        where: { email: { equals: address } },
      })
      return docs[0]
    })
    expect(stored).toMatchObject({
      avatar: avatarId,
      name: 'Grace Hopper',
      roles: ['editor'],
      team: teamId,
    })
    expect(JSON.stringify(stored?.bio)).toContain('Wrote the first compiler.')
  })

  it('shows the loading text until the invitation is known', async () => {
    const { link } = await inviteThroughApi(`browser-slow-${stamp}@example.com`, 'en')
    const page = await visitor()
    // The invitation's answer is held back until the loading text has been seen, as on a slow network.
    let answer = () => {}
    const seen = new Promise<void>((resolve) => (answer = resolve))
    await page.route('**/api/users/invitation?*', async (route) => {
      await seen
      await route.continue()
    })
    await page.goto(link)
    await page.getByText('Loading invitation…').waitFor()
    answer()
    await page.getByRole('heading', { name: 'Complete your profile' }).waitFor()
    await expect.poll(() => page.getByText('Loading invitation…').count()).toBe(0)
  })
})

describe('the accept-invitation view in other languages', () => {
  for (const { dir, headline, locale, name, submit } of [
    {
      dir: 'ltr',
      headline: 'Uitnodiging accepteren',
      locale: 'nl-NL',
      name: 'dutch',
      submit: 'Profiel aanmaken',
    },
    {
      dir: 'ltr',
      headline: 'Einladung annehmen',
      locale: 'de-DE',
      name: 'german',
      submit: 'Profil erstellen',
    },
    // The plugin has no Arabic texts (they fall back to English); Payload's admin is right-to-left.
    {
      dir: 'rtl',
      headline: 'Accept invitation',
      locale: 'ar',
      name: 'arabic',
      submit: 'Create profile',
    },
  ]) {
    it(`renders in ${name} without layout breakage`, async () => {
      const { link } = await inviteThroughApi(
        `browser-${name}-${stamp}@example.com`,
        locale.slice(0, 2) === 'ar' ? 'en' : locale.slice(0, 2),
      )
      const page = await visitor(locale)
      await page.goto(link)
      await page.getByRole('heading', { name: headline }).waitFor()
      await page.getByRole('button', { name: submit }).waitFor()
      expect((await page.locator('html').getAttribute('dir'))?.toLowerCase()).toBe(dir)
      await fillField(page, '#field-password', inviteePassword)
      await page.locator('li[data-rule="minLength"][data-met="true"]').waitFor()
      // A mismatched confirmation, so its message is seen in each language.
      await fillField(page, '#field-confirm-password', 'something-else')
      await page.getByRole('button', { name: submit }).click()
      await page.locator('#field-confirm-password[aria-invalid="true"]').waitFor()
      await expectNoOverflow(page)
      await screenshot(page, `invitation-accept-${name}`)
      await page.setViewportSize({ height: 844, width: 390 })
      await expectNoOverflow(page)
      await screenshot(page, `invitation-accept-${name}-narrow`)
    })
  }

  it('sends the invitation email in the invitee’s language', async () => {
    const email = await mail.waitFor((message) =>
      message.to.includes(`browser-dutch-${stamp}@example.com`),
    )
    expect(email.subject).toBe(`${adminName} heeft u uitgenodigd`)
    expect(email.text).toContain('Uitnodiging accepteren')
  })
})
