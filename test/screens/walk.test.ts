import type { Payload } from 'payload'
import type { BrowserContext, Locator, Page, Route } from 'playwright-core'

import QRCode from 'qrcode'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { drawLandscape, palettes } from '../../dev/seed/images.js'
import { heading, paragraph, text } from '../../dev/seed/richText.js'
import { auditWriteToken } from '../../src/shared/audit/auditWriteToken.js'
import { appPayloadOfFile } from '../helpers/appPayload.js'
import {
  adminHydrated,
  fillField,
  hydrated,
  launchBrowser,
  placeholdersAboveGone,
} from '../helpers/browser.js'
import { browserLane } from '../helpers/browserLane.js'
import { docScreenshot } from '../helpers/docScreenshot.js'
import { enrolThroughPage } from '../helpers/enrolThroughPage.js'
import { signIn } from '../helpers/signIn.js'
import { sqlOn } from '../helpers/sql.js'
import { waitForVideoSelect } from '../helpers/videoSelect.js'

/**
 * The maintainers' screen walk (`npm run screens`): the plugin's screens that the documentation's
 * pictures (test/browser/documentationScreens.test.ts) leave out, in English and in Arabic (right to
 * left), on a 1440 px desktop and a 390 px phone, saved with SCREENSHOTS_DIR set as
 * `{screen}-{language}-{desktop|phone}.png`. Two walks, one before and one after a change of the
 * styles, are compared with `npm run screens:compare -- <before> <after> [diffs]`: the change must
 * look the same. Each step waits for what it pictures and asserts nothing else: it is a walk, not a
 * test of behaviour.
 *
 * What differs from run to run is pinned where that is cheap: the walk has a database of its own
 * (test/setup/browserApp.ts makes one per run), so the accounts have fixed addresses; the browser's
 * clock reads UTC; the times lists and panels show are written to fixed instants just before they
 * are pictured (`pinnedTimes`); the authenticator setup shows a fixed secret (`fixedSetupSecret`).
 */
const { appUrl } = browserLane()
const app = appPayloadOfFile()
const sql = sqlOn(app.payload)
const password = 'a-long-and-unusual-passphrase-42'
const newPassword = 'granite-otter-whistles-at-dawn-7'
const timezoneId = 'UTC'
/** Every account of the walk, by the part it plays. The administrator first (the first account is one). */
const people = {
  admin: 'screens-admin@example.com',
  challenged: 'screens-challenged@example.com',
  changesPassword: 'screens-changes-password@example.com',
  corporate: 'screens-corporate@example.com',
  locked: 'screens-locked@example.com',
  requester: 'screens-requester@example.com',
  setsUp: 'screens-sets-up@example.com',
  stale: 'screens-stale-proof@example.com',
  suspended: 'screens-suspended@example.com',
} as const
type Person = keyof typeof people
const names: Record<Person, string> = {
  admin: 'Ada Admin',
  challenged: 'Chidi Challenged',
  changesPassword: 'Petra Password',
  corporate: 'Cora Corporate',
  locked: 'Lars Locked',
  requester: 'Rhea Requester',
  setsUp: 'Sami Setup',
  stale: 'Sudo Sam',
  suspended: 'Suki Suspended',
}
const ids = {} as Record<Person, number>
const reason = 'My phone fell into the canal; the authenticator app went with it.'
/** A secret the setup page shows instead of the new one it is given, so its picture never changes. */
const fixedSetupSecret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP'

const sizes = {
  desktop: { height: 900, width: 1440 },
  phone: { height: 844, width: 390 },
} as const
type Size = keyof typeof sizes
const languages = ['en', 'ar'] as const
type Language = (typeof languages)[number]

let auditEntryId: number
let resetRequestId: number
let seoPageId: number | string
let videoPostId: number | string
const opened: BrowserContext[] = []

/** A fresh browser in `language` (Payload's cookie chooses the admin's), its clock in UTC. */
const browserIn = async (language: Language): Promise<Page> => {
  const context = await launchBrowser({ locale: language, timezoneId })
  opened.push(context)
  await context.addCookies([{ name: 'payload-lng', url: appUrl, value: language }])
  const page = await context.newPage()
  // A form left with changes asks before the next page; the walk leaves it.
  page.on('dialog', (dialog) => {
    if (dialog.type() === 'beforeunload') {
      void dialog.accept()
    }
  })
  return page
}

/** Runs `work` with a page of a fresh browser in `language`, closed afterwards. */
const inBrowser = async (language: Language, work: (page: Page) => Promise<void>) => {
  const page = await browserIn(language)
  try {
    await work(page)
  } finally {
    opened.splice(opened.indexOf(page.context()), 1)
    await page.context().close()
  }
}

/** Each size in turn, the page opened anew at it, as a person on that screen opens it. */
const atEachSize = async (page: Page, take: (size: Size) => Promise<void>) => {
  for (const size of Object.keys(sizes) as Size[]) {
    await page.setViewportSize(sizes[size])
    await take(size)
  }
}

const shoot = (page: Page, screen: string, language: Language, size: Size) =>
  docScreenshot(page, `${screen}-${language}-${size}`, { viewport: sizes[size] })

/** Scrolls the page so the element starts just below the document's sticky header. */
const scrolledToTop = (locator: Locator) =>
  locator.evaluate((element) => {
    const header = document.querySelector('.doc-controls')?.getBoundingClientRect().bottom ?? 0
    window.scrollBy(0, element.getBoundingClientRect().top - Math.max(header, 0) - 16)
  })

/** The password step through the login form, to wherever the sign-in goes next. */
const passwordStep = async (page: Page, email: string) => {
  await page.goto(`${appUrl}/admin/login`)
  await fillField(page, '#field-email', email)
  await fillField(page, '#field-password', password)
  await page.locator('button[type="submit"]').click()
  await page.waitForURL((url) => url.pathname !== '/admin/login')
}

/**
 * Writes every time a list or panel of the walk shows to a fixed instant, one minute apart in the
 * order the rows were written: the audit log's (the users list's "Last sign-in", the audit log, a
 * reset request's "Last sign-ins") and the reset request's own; and lets go of documents' locks.
 */
const pinnedTimes = async () => {
  // Nor a lock icon for a document someone left with changes (the walk's own sudo prompt does).
  await sql('DELETE FROM payload_locked_documents')
  await sql(
    `UPDATE audit_log SET timestamp = pinned.at, created_at = pinned.at, updated_at = pinned.at
       FROM (SELECT id, timestamptz '2026-11-26 08:00:00+00' + row_number() OVER (ORDER BY id) * interval '1 minute' AS at
               FROM audit_log) AS pinned
      WHERE audit_log.id = pinned.id`,
  )
  await sql(
    `UPDATE two_factor_reset_requests
        SET created_at = timestamptz '2026-11-26 09:30:00+00', updated_at = timestamptz '2026-11-26 09:30:00+00',
            expires_at = timestamptz '2026-12-03 09:30:00+00'
      WHERE id = $1`,
    [resetRequestId],
  )
}

/** An entry written as the plugin writes them. */
const writeEntry = (payload: Payload, entry: Record<string, unknown>) =>
  payload.create({
    collection: 'audit-log' as never,
    context: { [auditWriteToken.contextKey]: auditWriteToken.record },
    data: { timestamp: '2026-11-26T07:00:00.000Z', ...entry } as never,
  })

/**
 * The setup page's answer with a fixed secret and its QR code, so the picture of the page is the
 * same at every run; the page is left before the code is typed, so nothing is enrolled with it.
 */
const withFixedSetupSecret = async (route: Route) => {
  // Sent from outside the page, it says where it comes from, as the page would: Payload takes the
  // session cookie only from its own origin.
  const answer = await route.fetch({ headers: { ...route.request().headers(), origin: appUrl } })
  const body = (await answer.json()) as { accountName?: string; qrCode?: string; secret?: string }
  if (body.secret) {
    body.secret = fixedSetupSecret
    body.qrCode = await QRCode.toDataURL(
      `otpauth://totp/Backoffice:${encodeURIComponent(body.accountName ?? '')}?secret=${fixedSetupSecret}&issuer=Backoffice&algorithm=SHA1&digits=6&period=30`,
      { errorCorrectionLevel: 'M', margin: 2 },
    )
  }
  const headers = { ...answer.headers() }
  delete headers['content-encoding']
  delete headers['content-length']
  await route.fulfill({
    body: JSON.stringify(body),
    contentType: 'application/json',
    headers,
    status: answer.status(),
  })
}

/** The administrator's page in each language, signed in on first use. */
const adminPages = new Map<Language, Promise<Page>>()
const adminPage = (language: Language): Promise<Page> => {
  let page = adminPages.get(language)
  if (!page) {
    page = browserIn(language).then(async (opened) => {
      await signIn(opened, appUrl, people.admin, password)
      return opened
    })
    adminPages.set(language, page)
  }
  return page
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
          name: names[person],
          password,
          roles: person === 'admin' ? ['admin'] : ['editor'],
        } as never,
      })
    ).id as number
  }
  // The users list's status cells: a lock that has not ended, and a suspension.
  await sql(`UPDATE users SET lockout_until = timestamptz '2030-01-15 10:00:00+00' WHERE id = $1`, [
    ids.locked,
  ])
  await sql(
    `UPDATE users SET security_status = 'suspended', security_suspension_reason = 'administrator',
       security_suspended_at = timestamptz '2026-11-26 09:00:00+00' WHERE id = $1`,
    [ids.suspended],
  )

  // An audit entry with data to show, as a refused second factor leaves it.
  auditEntryId = (
    (await writeEntry(payload, {
      actor: null,
      category: 'twoFactor',
      data: { attempts: 3, factor: 'totp', window: { from: '10:00', to: '10:05' } },
      event: 'twoFactor.challengeFailed',
      ipAddress: '203.0.113.7',
      user: people.challenged,
    })) as unknown as { id: number }
  ).id

  // Two accounts with the authenticator app; one of them asks for a reset from the code prompt.
  const enrolling = await browserIn('en')
  await enrolThroughPage(enrolling, appUrl, people.challenged, password)
  await enrolThroughPage(enrolling, appUrl, people.requester, password)
  await passwordStep(enrolling, people.requester)
  const requested = await enrolling.request.post(`${appUrl}/api/users/mfa/totp/request-reset`, {
    data: { reason },
    headers: { Origin: appUrl },
  })
  expect(requested.status()).toBe(200)
  resetRequestId = Number(
    (
      await sql('SELECT id FROM two_factor_reset_requests WHERE requester_id = $1', [ids.requester])
    )[0]!.id,
  )

  // A page with its SEO fields filled, and a post with a video chosen.
  const picture = await drawLandscape(palettes.dawn, 800, 500)
  const hero = await payload.create({
    collection: 'media',
    data: { alt: 'A dawn landscape' },
    file: { data: picture, mimetype: 'image/png', name: 'screens-hero.png', size: picture.length },
  })
  seoPageId = (
    await payload.create({
      collection: 'pages',
      data: {
        _status: 'draft',
        content: [
          heading(1, 'Opening hours'),
          paragraph(
            text('Our shop opens at '),
            text('nine', { bold: true }),
            text(' every weekday and closes at six.'),
          ),
        ],
        heroImage: hero.id,
        meta: {
          description:
            'Our shop opens at nine every weekday and closes at six; on Saturdays from ten to four.',
          image: hero.id,
          title: 'Opening hours · Our shop',
        },
        slug: 'screens-opening-hours',
        title: 'Opening hours',
      } as never,
      draft: true,
    })
  ).id
  const video = await payload.create({
    collection: 'videos' as never,
    data: { status: 'NO_FILE', title: 'Harbour at dawn', visibility: 'public' } as never,
    depth: 0,
  })
  videoPostId = (
    await payload.create({
      collection: 'posts',
      data: {
        _status: 'draft',
        slug: 'screens-harbour',
        title: 'A morning at the harbour',
        video: { status: 'NO_FILE', videoId: String(video.id), visibility: 'public' },
      } as never,
      draft: true,
    })
  ).id
  // The documents' "Last modified" and "Created", the same at every run.
  const fixedAt = "timestamptz '2026-11-26 09:00:00+00'"
  for (const table of ['pages', 'posts']) {
    await sql(`UPDATE ${table} SET created_at = ${fixedAt}, updated_at = ${fixedAt}`)
    await sql(
      `UPDATE _${table}_v SET created_at = ${fixedAt}, updated_at = ${fixedAt},
         version_created_at = ${fixedAt}, version_updated_at = ${fixedAt}`,
    )
  }
})
afterAll(async () => {
  await Promise.all(opened.splice(0).map((context) => context.close()))
  await app.close()
})

/** The screens, each taken at both sizes in one language. */
const screens: Record<string, (language: Language) => Promise<void>> = {
  'sign-in': (language) =>
    inBrowser(language, async (page) => {
      await atEachSize(page, async (size) => {
        await page.goto(`${appUrl}/admin/login`)
        await page.locator('a[href*="/oauth/authorization/corporate"]').waitFor()
        await hydrated(page.locator('#backoffice-passkey-sign-in'))
        await hydrated(page.locator('button[type="submit"]'))
        await shoot(page, 'sign-in', language, size)
      })
    }),

  'forgot-password': (language) =>
    inBrowser(language, async (page) => {
      await atEachSize(page, async (size) => {
        await page.goto(`${appUrl}/admin/forgot`)
        await hydrated(page.locator('#field-email'))
        await shoot(page, 'forgot-password', language, size)
      })
    }),

  'reset-bad-token': (language) =>
    inBrowser(language, async (page) => {
      await atEachSize(page, async (size) => {
        await page.goto(`${appUrl}/admin/reset?token=${'b'.repeat(43)}`)
        await page.getByText('The token is invalid or has expired.').waitFor()
        await page.locator('a[href="/admin/forgot"]').first().waitFor()
        await shoot(page, 'reset-bad-token', language, size)
      })
    }),

  'totp-setup': (language) =>
    inBrowser(language, async (page) => {
      await signIn(page, appUrl, people.setsUp, password)
      await page.route('**/api/users/mfa/totp/setup', withFixedSetupSecret)
      await atEachSize(page, async (size) => {
        await page.goto(`${appUrl}/admin/account`)
        const setUp = page.locator('a[href^="/admin/two-factor/setup"]').first()
        await hydrated(setUp)
        // A click aimed while a field above still loads lands where the link was.
        await placeholdersAboveGone(setUp)
        await setUp.click()
        await page.waitForURL((url) => url.pathname === '/admin/two-factor/setup')
        await expect
          .poll(() => page.getByTestId('totp-secret').textContent())
          .toBe(fixedSetupSecret)
        await page.locator('img[src^="data:image/png;base64,"]').waitFor()
        await hydrated(page.locator('#backoffice-totp-code'))
        await shoot(page, 'totp-setup', language, size)
      })
    }),

  'two-factor-challenge': (language) =>
    inBrowser(language, async (page) => {
      await atEachSize(page, async (size) => {
        await passwordStep(page, people.challenged)
        expect(new URL(page.url()).pathname).toBe('/admin/two-factor/verify')
        await hydrated(page.locator('#backoffice-totp-code'))
        const toRecoveryCode = page.locator('#backoffice-recovery-code-switch')
        await hydrated(toRecoveryCode)
        await shoot(page, 'two-factor-code', language, size)

        await toRecoveryCode.click()
        await hydrated(page.locator('#backoffice-recovery-code'))
        await shoot(page, 'two-factor-recovery-code', language, size)
      })
    }),

  'sudo-prompt': (language) =>
    inBrowser(language, async (page) => {
      await signIn(page, appUrl, people.stale, password)
      // An hour after the sign-in: the session's proof no longer covers an email change.
      await sql("UPDATE sessions SET proved_at = now() - interval '1 hour' WHERE user_id = $1", [
        ids.stale,
      ])
      await atEachSize(page, async (size) => {
        await page.goto(`${appUrl}/admin/account`)
        await fillField(page, '#field-email', 'screens-stale-proof-new@example.com')
        await hydrated(page.locator('#action-save'))
        await page.locator('#action-save').click()
        const dialog = page.getByRole('dialog', { name: 'Confirm it’s you' })
        await hydrated(dialog.getByLabel('Current password'))
        await shoot(page, 'sudo-prompt', language, size)
      })
    }),

  'change-password': (language) =>
    inBrowser(language, async (page) => {
      await signIn(page, appUrl, people.changesPassword, password)
      await atEachSize(page, async (size) => {
        await page.goto(`${appUrl}/admin/account`)
        await hydrated(page.locator('#backoffice-change-password-open'))
        await placeholdersAboveGone(page.locator('#backoffice-change-password-open'))
        await page.locator('#backoffice-change-password-open').click()
        await fillField(page, '#backoffice-current-password', password)
        await fillField(page, '#backoffice-new-password', newPassword)
        await fillField(page, '#backoffice-confirm-password', newPassword)
        await page.locator('.drawer li[data-rule="minLength"][data-met="true"]').waitFor()
        // Rated once zxcvbn has loaded: the meter's segments filled.
        await expect
          .poll(() => page.locator('.drawer [data-password-meter]').getAttribute('data-filled'))
          .not.toBe('0')
        await shoot(page, 'change-password', language, size)
      })
    }),

  'users-list': async (language) => {
    const page = await adminPage(language)
    await atEachSize(page, async (size) => {
      await pinnedTimes()
      await page.goto(`${appUrl}/admin/collections/users`)
      await hydrated(page.locator('.table table'))
      await page.locator('.backoffice-quick-filters').waitFor()
      await page.locator('.table .backoffice-badge').first().waitFor()
      await adminHydrated(page)
      await shoot(page, 'users-list', language, size)
    })
  },

  'create-user': async (language) => {
    const page = await adminPage(language)
    await atEachSize(page, async (size) => {
      await page.goto(`${appUrl}/admin/collections/users/create`)
      await page.getByText('Leave the password empty to send an invitation').waitFor()
      await hydrated(page.locator('#field-email'))
      await adminHydrated(page)
      await shoot(page, 'create-user', language, size)
    })
  },

  'audit-log': async (language) => {
    const page = await adminPage(language)
    await atEachSize(page, async (size) => {
      await pinnedTimes()
      await page.goto(`${appUrl}/admin/collections/audit-log`)
      await page.locator('table tbody tr').first().waitFor()
      await hydrated(page.locator('.audit-log-tools nav a').first())
      await adminHydrated(page)
      await shoot(page, 'audit-log', language, size)

      await page.goto(`${appUrl}/admin/collections/audit-log/${auditEntryId}`)
      await page.locator('.audit-data > dl').waitFor()
      await adminHydrated(page)
      await shoot(page, 'audit-entry', language, size)
    })
  },

  'reset-review': async (language) => {
    const page = await adminPage(language)
    await atEachSize(page, async (size) => {
      await pinnedTimes()
      await page.goto(`${appUrl}/admin/collections/two-factor-reset-requests/${resetRequestId}`)
      const review = page.locator('.backoffice-reset-review')
      await review.waitFor()
      await hydrated(review.locator('textarea').first())
      await adminHydrated(page)
      await shoot(page, 'reset-review', language, size)
    })
  },

  'seo-fields': async (language) => {
    const page = await adminPage(language)
    await atEachSize(page, async (size) => {
      await page.goto(`${appUrl}/admin/collections/pages/${seoPageId}`)
      await adminHydrated(page)
      const tab = page.getByRole('button', { exact: true, name: 'SEO' })
      await hydrated(tab)
      await tab.click()
      await page.locator('#field-meta__title').waitFor()
      await page.locator('.seo-meta--description .seo-length').waitFor()
      await scrolledToTop(page.locator('.tabs-field__tabs-wrap, .tabs-field').first())
      await shoot(page, 'seo-fields', language, size)
    })
  },

  'video-field': async (language) => {
    const page = await adminPage(language)
    await atEachSize(page, async (size) => {
      await page.goto(`${appUrl}/admin/collections/posts/${videoPostId}`)
      await adminHydrated(page)
      await waitForVideoSelect(page)
      await page.locator('.backoffice-video-field .rs__single-value').waitFor()
      await scrolledToTop(page.locator('.backoffice-video-field').first())
      await shoot(page, 'video-field', language, size)
    })
  },
}

for (const language of languages) {
  describe(`the screen walk in "${language}"`, () => {
    for (const [screen, take] of Object.entries(screens)) {
      it(screen, () => take(language))
    }
  })
}
