import type { CollectionSlug } from 'payload'
import type { BrowserContext, Page } from 'playwright-core'

import { mkdirSync, mkdtempSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { formatFilesize } from 'payload/shared'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { de } from '../../src/video/translations/de.js'
import { en } from '../../src/video/translations/en.js'
import { appPayloadOfFile } from '../helpers/appPayload.js'
import { expectNoSeriousViolations } from '../helpers/axe.js'
import { launchBrowser } from '../helpers/browser.js'
import { browserLane } from '../helpers/browserLane.js'
import { signIn } from '../helpers/signIn.js'
import { makeClip } from '../helpers/video.js'
import {
  selectedVideoId,
  selectedVideoLabel,
  videoOptionLabels,
  waitForVideoSelect,
} from '../helpers/videoSelect.js'

/**
 * The video field and its upload modal in Payload's look: Payload's select searched on the server
 * (a video older than the newest hundred is found), the status as a pill beside the title, Payload's
 * dropzone, and categories and tags created from the modal where the person may create them.
 */

const { appUrl } = browserLane()
const password = 'a-long-and-unusual-passphrase-42'
const stamp = Date.now()
const adminEmail = `video-look-${stamp}@example.com`
const editorEmail = `video-look-editor-${stamp}@example.com`
const needleTitle = `Lighthouse needle ${stamp}`
const app = appPayloadOfFile()
const videosSlug = 'videos' as CollectionSlug
const field = '.backoffice-video-field'
const drawer = '.backoffice-video-upload'
const shots = '/work/shots/video-field'
let clipPath: string
let needleId: string
let browser: BrowserContext
let page: Page

const leaveWithoutSaving = (target: Page) =>
  target.on('dialog', (dialog) => {
    if (dialog.type() === 'beforeunload') {
      void dialog.accept()
    }
  })

const openNewPost = async (target: Page) => {
  await target.goto(`${appUrl}/admin/collections/posts/create`)
  await waitForVideoSelect(target)
}

const openModal = async (target: Page, name: string) => {
  await target.getByRole('button', { exact: true, name }).click()
  await target.locator(`${drawer} form`).waitFor()
}

/** A page of a new browser, signed in as `email`, in `language`, `width` pixels wide. */
const pageAs = async (email: string, language = 'en', width = 1440) => {
  const context = await launchBrowser()
  const other = await context.newPage()
  await other.setViewportSize({ height: 900, width })
  leaveWithoutSaving(other)
  await signIn(other, appUrl, email, password)
  await context.addCookies([{ name: 'payload-lng', url: appUrl, value: language }])
  return { close: () => context.close(), page: other }
}

const shoot = (target: Page, name: string) =>
  target.screenshot({ fullPage: true, path: path.join(shots, `${name}.png`) })

/** Types `name` into the modal's categories or tags select and chooses "Create “name”". */
const createFromModal = async (target: Page, label: string, name: string) => {
  await target.getByLabel(label, { exact: true }).fill(name)
  await target
    .getByRole('option', { name: en.videoTaxonomyCreate.replace('{{name}}', name) })
    .click()
  // Created and selected: its chip is in the select.
  await expect
    .poll(() => target.locator(`${drawer} .rs__multi-value`).filter({ hasText: name }).count())
    .toBe(1)
}

/** Drops `file` on the modal's dropzone, as a file dragged from the desktop. */
const dropFile = async (target: Page, file: string) => {
  const bytes = (await readFile(file)).toString('base64')
  await target.evaluate(
    ({ bytes: data, name, selector }) => {
      const binary = Uint8Array.from(atob(data), (char) => char.charCodeAt(0))
      const transfer = new DataTransfer()
      transfer.items.add(new File([binary], name, { type: 'video/mp4' }))
      const zone = document.querySelector(selector)!
      zone.dispatchEvent(new DragEvent('dragenter', { bubbles: true, dataTransfer: transfer }))
      zone.dispatchEvent(new DragEvent('drop', { bubbles: true, dataTransfer: transfer }))
    },
    { bytes, name: path.basename(file), selector: `${drawer} form .dropzone` },
  )
}

beforeAll(async () => {
  mkdirSync(shots, { recursive: true })
  clipPath = await makeClip(
    mkdtempSync(path.join(tmpdir(), 'video-look-')),
    `dropped-${stamp}.mp4`,
    {
      seconds: 2,
      size: '320x180',
    },
  )
  const payload = await app.payload()
  await payload.create({
    collection: 'users',
    data: { email: adminEmail, password, roles: ['admin'] },
  })
  await payload.create({
    collection: 'users',
    data: { email: editorEmail, password, roles: ['editor'] },
  })
  // The needle first, then 110 newer videos: it is on no page of the newest hundred.
  needleId = String(
    (
      await payload.create({
        collection: videosSlug,
        data: { status: 'NO_FILE', title: needleTitle, visibility: 'public' } as never,
        depth: 0,
      })
    ).id,
  )
  for (let index = 0; index < 110; index += 1) {
    await payload.create({
      collection: videosSlug,
      data: {
        status: 'NO_FILE',
        title: `Haystack ${stamp} ${index}`,
        visibility: 'public',
      } as never,
      depth: 0,
    })
  }
  browser = await launchBrowser()
  page = await browser.newPage()
  leaveWithoutSaving(page)
  await signIn(page, appUrl, adminEmail, password)
}, 180_000)

afterAll(async () => {
  await browser?.close()
  await app.close()
})

describe('the video select', () => {
  it('search finds a video beyond the first 100, shown with its status as a pill, and pages as the menu scrolls', async () => {
    await openNewPost(page)
    // Typing searches the server: the needle, 110 videos older than the newest, is found.
    const found = await videoOptionLabels(page, `needle ${stamp}`)
    expect(found).toEqual([`[${en.videoTagWaiting}] ${needleTitle}`])

    // Chosen with the keyboard: the option's accessible name keeps the label wording.
    const input = page.locator(`${field} .backoffice-video-field__select input`)
    await input.fill(`needle ${stamp}`)
    const option = page.getByRole('option', { name: `[${en.videoTagWaiting}] ${needleTitle}` })
    await option.waitFor()
    // The status is a pill beside the title, not text inside it.
    await expect
      .poll(() => option.locator('.backoffice-video-option__title').textContent())
      .toBe(needleTitle)
    await expect
      .poll(() => option.locator('.pill.backoffice-video-option__status').textContent())
      .toBe(en.videoTagWaiting)
    // What a person sees: the title first, the pill after it (a deliberate difference, README).
    const titleBox = (await option.locator('.backoffice-video-option__title').boundingBox())!
    const pillBox = (await option.locator('.pill.backoffice-video-option__status').boundingBox())!
    expect(titleBox.x + titleBox.width).toBeLessThanOrEqual(pillBox.x)
    await expectNoSeriousViolations(page, [field], 'video select, menu open')
    await shoot(page, 'select-search-en-desktop')
    await page.keyboard.press('Enter')
    await expect.poll(() => selectedVideoLabel(page)).toBe(`[${en.videoTagWaiting}] ${needleTitle}`)
    await expect.poll(() => selectedVideoId(page)).toBe(needleId)
    await expect
      .poll(() => page.locator(`${field} .rs__single-value .pill`).textContent())
      .toBe(en.videoTagWaiting)

    // Clearable with its named clear button.
    await page.getByRole('button', { exact: true, name: en.videoSelectClear }).click()
    await expect.poll(() => selectedVideoLabel(page)).toBe('')
    await expect.poll(() => selectedVideoId(page)).toBe('')

    // Without a search the menu shows a page, and the next one when scrolled to its end.
    await input.click()
    await input.fill('')
    await page.locator('.rs__menu').waitFor()
    await expect.poll(() => page.locator('.rs__option').count()).toBe(25)
    // react-select asks for more on the wheel (its scroll capture), as a person scrolls.
    await page.locator('.rs__menu-list').hover()
    await page.mouse.wheel(0, 5_000)
    await expect.poll(() => page.locator('.rs__option').count()).toBe(50)
    await page.keyboard.press('Escape')
  })
})

describe('the upload modal', () => {
  it('creates a category and a tag from the modal and uploads a file dropped on the dropzone', async () => {
    await openNewPost(page)
    await shoot(page, 'field-en-desktop')
    await openModal(page, en.videoUploadOpen)
    await expect.poll(() => page.locator(`${drawer} h2`).textContent()).toBe('Upload video')
    const start = page.getByRole('button', { exact: true, name: 'Start upload' })
    await expect.poll(() => start.isDisabled()).toBe(true)
    await shoot(page, 'modal-en-desktop')

    const categoryName = `Harbour films ${stamp}`
    const tagName = `Dawn ${stamp}`
    await createFromModal(page, en.videoUploadCategories, categoryName)
    await createFromModal(page, en.videoUploadTags, tagName)
    const payload = await app.payload()
    const category = (
      await payload.find({
        collection: 'video-categories' as never,
        where: { name: { equals: categoryName } },
      })
    ).docs[0] as undefined | { id: number; slug: string }
    const tag = (
      await payload.find({
        collection: 'video-tags' as never,
        where: { name: { equals: tagName } },
      })
    ).docs[0] as undefined | { id: number }
    expect(category?.slug).toBe(`harbour-films-${stamp}`)
    expect(tag).toBeDefined()

    // The dropzone takes the dropped file and shows its name and size.
    await dropFile(page, clipPath)
    const size = (await readFile(clipPath)).byteLength
    await expect
      .poll(() => page.locator(`${drawer} .backoffice-video-upload__file`).textContent())
      .toBe(`${path.basename(clipPath)} (${formatFilesize(size)})`)
    await expect
      .poll(() => page.locator(`${drawer} input[name="title"]`).inputValue())
      .toBe(`dropped-${stamp}`)
    await expect.poll(() => start.isEnabled()).toBe(true)
    // The primary button looks enabled: Payload's primary colours, not its disabled ones.
    const colours = await start.evaluate((button) => {
      const style = getComputedStyle(button)
      return { background: style.backgroundColor, color: style.color }
    })
    expect(colours.background).not.toBe(colours.color)
    await expect.poll(() => start.getAttribute('class')).not.toMatch(/btn--disabled/)
    await expectNoSeriousViolations(
      page,
      [`${drawer} .drawer__content`],
      'upload modal, file chosen',
    )
    await shoot(page, 'modal-filled-en-desktop')

    await start.click()
    await page.locator(`${drawer} form`).waitFor({ state: 'hidden', timeout: 60_000 })
    await expect.poll(() => selectedVideoLabel(page)).toMatch(new RegExp(`dropped-${stamp}$`))
    const videoId = await selectedVideoId(page)
    const video = (await payload.findByID({
      collection: videosSlug,
      depth: 0,
      id: videoId!,
    })) as unknown as { categories: number[]; tags: number[] }
    expect(video.categories).toEqual([category!.id])
    expect(video.tags).toEqual([tag!.id])
  })

  it('offers no create option to a user without create access (an editor and video tags)', async () => {
    const editor = await pageAs(editorEmail)
    try {
      await openNewPost(editor.page)
      await openModal(editor.page, en.videoUploadOpen)
      const name = `Editor tag ${stamp}`
      // Categories stay open to editors: the option is there.
      await editor.page.getByLabel(en.videoUploadCategories, { exact: true }).fill(name)
      await editor.page
        .getByRole('option', { name: en.videoTaxonomyCreate.replace('{{name}}', name) })
        .waitFor()
      // Tags are created by administrators only (the sandbox's access rule): no create option.
      await editor.page.getByLabel(en.videoUploadTags, { exact: true }).fill(name)
      await editor.page.locator('.rs__menu').waitFor()
      await expect
        .poll(() => editor.page.locator('.rs__menu').textContent())
        .toBe(en.videoUploadNoChoices)
      await expect.poll(() => editor.page.getByRole('option', { name: /^Create/ }).count()).toBe(0)
    } finally {
      await editor.close()
    }
  })

  it('looks like Payload in German and at 390 px', async () => {
    for (const [language, width] of [
      ['de', 1440],
      ['de', 390],
      ['en', 390],
    ] as const) {
      const other = await pageAs(adminEmail, language, width)
      try {
        await openNewPost(other.page)
        const name = `${language}-${width === 390 ? 'mobile' : 'desktop'}`
        await other.page.locator(field).scrollIntoViewIfNeeded()
        await shoot(other.page, `field-${name}`)
        await openModal(other.page, language === 'de' ? de.videoUploadOpen : en.videoUploadOpen)
        if (language === 'de') {
          await expect
            .poll(() => other.page.locator(`${drawer} h2`).textContent())
            .toBe(de.videoUploadTitle)
          await expect
            .poll(() => other.page.locator(`${drawer} form .dropzone button`).textContent())
            .toBe(de.videoUploadSelectFile)
        }
        await expectNoSeriousViolations(
          other.page,
          [`${drawer} .drawer__content`],
          `upload modal ${name}`,
        )
        await shoot(other.page, `modal-${name}`)
      } finally {
        await other.close()
      }
    }
  })
})
