import type { CollectionSlug } from 'payload'
import type { BrowserContext, Page } from 'playwright-core'

import { mkdtempSync } from 'node:fs'
import { truncate, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { formatFilesize } from 'payload/shared'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { de } from '../../src/video/translations/de.js'
import { en } from '../../src/video/translations/en.js'
import { animationsEnded } from '../helpers/animationsEnded.js'
import { appPayloadOfFile } from '../helpers/appPayload.js'
import { expectNoSeriousViolations } from '../helpers/axe.js'
import { fillField, launchBrowser, screenshot } from '../helpers/browser.js'
import { browserLane } from '../helpers/browserLane.js'
import { signIn } from '../helpers/signIn.js'
import { makeClip } from '../helpers/video.js'
import {
  chooseVideo,
  clearVideo,
  selectedVideoLabel,
  videoOptionLabels,
  waitForVideoSelect,
} from '../helpers/videoSelect.js'

/**
 * The Upload Video modal and the video field around it, as a person uses them: what a failed upload
 * says, the reset and close buttons, Reload, clearing the selection, and a field without uploads.
 */

const { appUrl } = browserLane()
const password = 'a-long-and-unusual-passphrase-42'
const stamp = Date.now()
const adminEmail = `video-modal-${stamp}@example.com`
const categoryName = `Modal films ${stamp}`
const waitingTitle = `Waiting modal clip ${stamp}`
const app = appPayloadOfFile()
const videosSlug = 'videos' as CollectionSlug
/** The sandbox keeps the plugin's default limit: 10 GiB. */
const maxFileSizeBytes = 10 * 1024 ** 3
let scratch: string
let clipPath: string
let waitingId: string
let browser: BrowserContext
let page: Page

const field = '.backoffice-video-field'
const select = `${field} .backoffice-video-field__select`
const drawer = '.backoffice-video-upload'
const notice = `${drawer} .backoffice-video-upload__notice`
const shots = '/work/shots/spec-video'

const fill = (text: string, variables: Record<string, string>) =>
  Object.entries(variables).reduce(
    (result, [name, value]) => result.replaceAll(`{{${name}}}`, value),
    text,
  )

/** Payload asks before leaving a form with changes; the tests leave, as a person answering "Leave". */
const leaveWithoutSaving = (target: Page) =>
  target.on('dialog', (dialog) => {
    if (dialog.type() === 'beforeunload') {
      void dialog.accept()
    }
  })

const openNewPost = async (target: Page = page) => {
  await target.goto(`${appUrl}/admin/collections/posts/create`)
  await waitForVideoSelect(target)
}

const openModal = async (target: Page = page, name: string = en.videoUploadOpen) => {
  await target.getByRole('button', { exact: true, name }).click()
  await target.locator(`${drawer} form`).waitFor()
}

/** What the modal shows of its start state: no title, no file, Start Upload disabled. */
const expectStartState = async (target: Page = page) => {
  await expect.poll(() => target.locator(`${drawer} input[name="title"]`).inputValue()).toBe('')
  await expect.poll(() => target.locator(`${drawer} input[type="file"]`).inputValue()).toBe('')
  await expect.poll(() => target.locator(`${drawer} button[type="submit"]`).isDisabled()).toBe(true)
  await expect.poll(() => target.locator(`${drawer} progress`).getAttribute('value')).toBe('0')
}

/** Chooses `file`, lets the title be prefilled from its name, and starts the upload. */
const startUpload = async (file: string, target: Page = page) => {
  await target.locator(`${drawer} input[type="file"]`).setInputFiles(file)
  await expect.poll(() => target.locator(`${drawer} input[name="title"]`).inputValue()).not.toBe('')
  const start = target.locator(`${drawer} button[type="submit"]`)
  await expect.poll(() => start.isEnabled()).toBe(true)
  await start.click()
}

const shoot = async (target: Page, name: string) => {
  const file = await screenshot(target, name)
  await target.screenshot({ fullPage: true, path: path.join(shots, `${name}.png`) })
  return file
}

beforeAll(async () => {
  scratch = mkdtempSync(path.join(tmpdir(), 'video-modal-'))
  clipPath = await makeClip(scratch, `modal-clip-${stamp}.mp4`, { seconds: 2, size: '320x180' })
  const payload = await app.payload()
  await payload.create({
    collection: 'users',
    data: { email: adminEmail, password, roles: ['admin'] },
  })
  await payload.create({
    collection: 'video-categories' as never,
    data: { name: categoryName } as never,
  })
  waitingId = String(
    (
      await payload.create({
        collection: videosSlug,
        data: { status: 'NO_FILE', title: waitingTitle, visibility: 'public' } as never,
        depth: 0,
      })
    ).id,
  )
  browser = await launchBrowser()
  page = await browser.newPage()
  leaveWithoutSaving(page)
  await signIn(page, appUrl, adminEmail, password)
}, 120_000)

afterAll(async () => {
  await browser?.close()
  await app.close()
})

describe('a failed upload says why, and the modal starts over', () => {
  it('a file above the size limit: "too large", with its size and the limit', async () => {
    // A sparse file: its size is what counts, and the server refuses it from the size alone.
    const huge = path.join(scratch, `holiday-${stamp}.mp4`)
    await writeFile(huge, '')
    await truncate(huge, 12 * 1024 ** 3)
    await openNewPost()
    await openModal()
    await startUpload(huge)
    await page.locator(notice).waitFor()
    await expect
      .poll(() => page.locator(notice).textContent())
      .toBe(
        fill(en.videoUploadFailedTooLarge, {
          limit: formatFilesize(maxFileSizeBytes),
          name: `holiday-${stamp}.mp4`,
          size: formatFilesize(12 * 1024 ** 3),
        }),
      )
    await expect.poll(() => page.locator(notice).getAttribute('role')).toBe('alert')
    await expectStartState()
    await expectNoSeriousViolations(page, [`${drawer} .drawer__content`], 'failed upload')
    await shoot(page, 'video-upload-failed-too-large-en')
    // Choosing another file clears the message.
    await page.locator(`${drawer} input[type="file"]`).setInputFiles(clipPath)
    await page.locator(notice).waitFor({ state: 'detached' })
  })

  it('a file that is not a video: the media type is refused and said so', async () => {
    const notes = path.join(scratch, 'notes.txt')
    await writeFile(notes, 'Shopping list: bread, milk.\n')
    await openNewPost()
    await openModal()
    await startUpload(notes)
    await page.locator(notice).waitFor()
    await expect
      .poll(() => page.locator(notice).textContent())
      .toBe(fill(en.videoUploadFailedNotVideo, { name: 'notes.txt' }))
    await expectStartState()
  })

  it('a session that ended before the upload: sign in again', async () => {
    await openNewPost()
    await openModal()
    // Signed out in another tab, expired or revoked: the browser no longer holds the session.
    await browser.clearCookies()
    await startUpload(clipPath)
    await page.locator(notice).waitFor()
    await expect
      .poll(() => page.locator(notice).textContent())
      .toBe(fill(en.videoUploadFailedSessionEnded, { name: path.basename(clipPath) }))
    await expectStartState()
    await shoot(page, 'video-upload-failed-session-en')
    await signIn(page, appUrl, adminEmail, password)
  })

  it('no network: the server could not be reached', async () => {
    await openNewPost()
    await openModal()
    const devtools = await page.context().newCDPSession(page)
    const network = (offline: boolean) =>
      devtools.send('Network.emulateNetworkConditions', {
        downloadThroughput: -1,
        latency: 0,
        offline,
        uploadThroughput: -1,
      })
    await network(true)
    try {
      await startUpload(clipPath)
      await page.locator(notice).waitFor()
    } finally {
      await network(false)
    }
    await expect
      .poll(() => page.locator(notice).textContent())
      .toBe(fill(en.videoUploadFailedNetwork, { name: path.basename(clipPath) }))
    await expectStartState()
  })

  it('says it in German, readable on a 390 px wide phone', async () => {
    const context = await launchBrowser()
    try {
      const german = await context.newPage()
      leaveWithoutSaving(german)
      await german.setViewportSize({ height: 844, width: 390 })
      await signIn(german, appUrl, adminEmail, password)
      await context.addCookies([{ name: 'payload-lng', url: appUrl, value: 'de' }])
      const huge = path.join(scratch, `urlaub-${stamp}.mp4`)
      await writeFile(huge, '')
      await truncate(huge, 12 * 1024 ** 3)
      await openNewPost(german)
      await openModal(german, de.videoUploadOpen)
      await startUpload(huge, german)
      await german.locator(notice).waitFor()
      await expect
        .poll(() => german.locator(notice).textContent())
        .toBe(
          fill(de.videoUploadFailedTooLarge, {
            limit: formatFilesize(maxFileSizeBytes),
            name: `urlaub-${stamp}.mp4`,
            size: formatFilesize(12 * 1024 ** 3),
          }),
        )
      // Nothing of the message runs off the screen.
      const box = await german.locator(notice).boundingBox()
      expect(box!.x).toBeGreaterThanOrEqual(0)
      expect(box!.x + box!.width).toBeLessThanOrEqual(390)
      await shoot(german, 'video-upload-failed-too-large-de-390')

      await context.clearCookies()
      await startUpload(clipPath, german)
      await expect
        .poll(() => german.locator(notice).textContent())
        .toBe(fill(de.videoUploadFailedSessionEnded, { name: path.basename(clipPath) }))
      await shoot(german, 'video-upload-failed-session-de-390')
    } finally {
      await context.close()
    }
  })
})

describe('the Upload Video modal', () => {
  it('the reset button returns it to its start state: no title, no file, the choices as they were', async () => {
    await openNewPost()
    await openModal()
    await page.locator(`${drawer} input[type="file"]`).setInputFiles(clipPath)
    await expect
      .poll(() => page.locator(`${drawer} input[name="title"]`).inputValue())
      .toBe(path.basename(clipPath, '.mp4'))
    await fillField(page, `${drawer} input[name="title"]`, 'A title of my own')
    await page.getByLabel(en.videoUploadCategories, { exact: true }).fill(categoryName)
    await page.getByRole('option', { exact: true, name: categoryName }).click()
    const chips = page.locator(`${drawer} .backoffice-video-upload__categories .rs__multi-value`)
    await expect.poll(() => chips.count()).toBe(1)
    await expect.poll(() => page.locator(`${drawer} button[type="submit"]`).isEnabled()).toBe(true)
    await page.getByRole('button', { exact: true, name: en.videoUploadReset }).click()
    await expectStartState()
    await expect.poll(() => chips.count()).toBe(0)
    await shoot(page, 'video-upload-after-reset-en')
  })

  it('hides its close button while uploading and disables Start Upload, then closes with the new video selected', async () => {
    await openNewPost()
    await openModal()
    const close = page.locator(`${drawer} .drawer__header__close`)
    await close.waitFor()
    await expect.poll(() => close.getAttribute('aria-label')).toBe(en.videoUploadClose)
    // A small clip is sent in a moment: the upload is slowed to about 20 kB/s to watch it.
    const devtools = await page.context().newCDPSession(page)
    const throttle = (uploadThroughput: number) =>
      devtools.send('Network.emulateNetworkConditions', {
        downloadThroughput: -1,
        latency: 0,
        offline: false,
        uploadThroughput,
      })
    await throttle(20 * 1024)
    try {
      await startUpload(clipPath)
      await expect.poll(() => page.locator(`${drawer} form`).getAttribute('aria-busy')).toBe('true')
      await expect.poll(() => close.count()).toBe(0)
      await expect.poll(() => page.locator(`${drawer} .drawer__close`).isVisible()).toBe(false)
      await expect
        .poll(() => page.locator(`${drawer} button[type="submit"]`).isDisabled())
        .toBe(true)
      await expect
        .poll(() =>
          page.getByRole('button', { exact: true, name: en.videoUploadReset }).isDisabled(),
        )
        .toBe(true)
      // Escape does not close it either.
      await page.keyboard.press('Escape')
      // Had it closed, it would be gone once the page has drawn the key's update and its slide.
      await animationsEnded(page)
      expect(await page.locator(`${drawer} form`).isVisible()).toBe(true)
      await shoot(page, 'video-upload-uploading-en')
    } finally {
      await page.locator(`${drawer} form`).waitFor({ state: 'hidden', timeout: 60_000 })
      await throttle(-1)
    }
    await expect
      .poll(() => selectedVideoLabel(page))
      .toMatch(new RegExp(`${path.basename(clipPath, '.mp4')}$`))
  })
})

describe('the video field', () => {
  it('Reload lists a video uploaded since the page was opened', async () => {
    await openNewPost()
    const title = `Reloaded clip ${stamp}`
    // The newest first page, as the menu shows it when opened without a search.
    const options = () => videoOptionLabels(page)
    expect((await options()).some((label) => label.endsWith(title))).toBe(false)
    await (
      await app.payload()
    ).create({
      collection: videosSlug,
      data: { status: 'NO_FILE', title, visibility: 'public' } as never,
      depth: 0,
    })
    await page.getByRole('button', { exact: true, name: en.videoReloadLabel }).click()
    await expect
      .poll(async () => (await options()).includes(`[${en.videoTagWaiting}] ${title}`))
      .toBe(true)
  })

  it('clearing the selection removes the player and saves the video id and dataUrl as null', async () => {
    await openNewPost()
    await chooseVideo(page, waitingTitle)
    await expect.poll(() => page.locator(field).getAttribute('data-video-id')).toBe(waitingId)
    await expect
      .poll(() => page.locator(`${field} .backoffice-video-player__message`).textContent())
      .toBe(en.videoPlayerWaiting)
    await clearVideo(page)
    await expect.poll(() => page.locator(field).getAttribute('data-video-id')).toBe('')
    await expect
      .poll(() => page.locator(`${field} .backoffice-video-player__message`).count())
      .toBe(0)
    await expect
      .poll(() => page.locator(`${select} .rs__placeholder`).textContent())
      .toBe(en.videoSelectNone)

    const postTitle = `Post without its video ${stamp}`
    await fillField(page, '#field-title', postTitle)
    await page.keyboard.press('ControlOrMeta+s')
    await page.waitForURL((url) => /\/admin\/collections\/posts\/\d+/.test(url.pathname))
    const findPost = async () =>
      (
        await (
          await app.payload()
        ).find({ collection: 'posts', draft: true, where: { title: { equals: postTitle } } })
      ).docs
    await expect.poll(async () => (await findPost()).length, { timeout: 15_000 }).toBe(1)
    const stored = ((await findPost())[0] as unknown as { video: Record<string, unknown> }).video
    expect(stored.videoId).toBeNull()
    expect(stored.dataUrl).toBeNull()
  })

  it('offers no upload where the field does not allow it (allowUpload: false), only the select and Reload', async () => {
    await page.goto(`${appUrl}/admin/collections/pages/create`)
    await waitForVideoSelect(page)
    await expect
      .poll(() =>
        page.locator(field).getByRole('button', { exact: true, name: en.videoReloadLabel }).count(),
      )
      .toBe(1)
    await expect
      .poll(() =>
        page.locator(field).getByRole('button', { exact: true, name: en.videoUploadOpen }).count(),
      )
      .toBe(0)
    await expect.poll(() => page.locator(drawer).count()).toBe(0)
    expect(await videoOptionLabels(page, waitingTitle)).toContain(
      `[${en.videoTagWaiting}] ${waitingTitle}`,
    )
  })
})
