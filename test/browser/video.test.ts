import type { BrowserContext, Page } from 'playwright-core'

import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { appPayloadOfFile } from '../helpers/appPayload.js'
import { expectNoSeriousViolations } from '../helpers/axe.js'
import { fillField, launchBrowser, screenshot } from '../helpers/browser.js'
import { browserLane } from '../helpers/browserLane.js'
import { signIn } from '../helpers/signIn.js'
import { makeClip } from '../helpers/video.js'
import { selectedVideoId, selectedVideoLabel, waitForVideoSelect } from '../helpers/videoSelect.js'

const { appUrl } = browserLane()
const password = 'a-long-and-unusual-passphrase-42'
const stamp = Date.now()
const adminEmail = `video-admin-${stamp}@example.com`
const clipTitle = `harbour-clip-${stamp}`
const categoryName = `Harbour films ${stamp}`
let clipPath: string
const app = appPayloadOfFile()
let browser: BrowserContext
let page: Page

const field = '.backoffice-video-field'
const drawer = '.backoffice-video-upload'

/** The selected video's label, `[status] title`. */
const selectedLabel = () => selectedVideoLabel(page)

beforeAll(async () => {
  // A tiny clip (3 s of ffmpeg's test pattern and a tone, 320x180): one rendition, encoded in
  // moments even on a busy machine, and long enough to play past its first second.
  clipPath = await makeClip(
    mkdtempSync(path.join(tmpdir(), 'video-browser-')),
    `${clipTitle}.mp4`,
    { seconds: 3, size: '320x180' },
  )
  const payload = await app.payload()
  await payload.create({
    collection: 'users',
    data: { email: adminEmail, password, roles: ['admin'] },
  })
  await payload.create({
    collection: 'video-categories' as never,
    data: { name: categoryName } as never,
  })
  browser = await launchBrowser()
  page = await browser.newPage()
  await signIn(page, appUrl, adminEmail, password)
})

afterAll(async () => {
  await browser?.close()
  await app.close()
})

describe('the video field', () => {
  it('uploads through the Upload Video modal, selects the new video and plays it once encoded', async () => {
    await page.goto(`${appUrl}/admin/collections/posts/create`)
    await waitForVideoSelect(page)
    await expectNoSeriousViolations(page, [field], 'video field')

    await page.getByRole('button', { name: 'Upload video' }).click()
    await page.locator(`${drawer} form`).waitFor()
    await expect.poll(() => page.locator(`${drawer} h2`).textContent()).toBe('Upload video')
    const start = page.getByRole('button', { name: 'Start upload' })
    await expect.poll(() => start.isDisabled()).toBe(true)
    await expect
      .poll(() => page.locator(`${drawer} input[type="file"]`).getAttribute('accept'))
      .toBe('video/*')

    // Choosing the file names the video after it; a longer name is cut to 100 characters.
    await page.locator(`${drawer} input[type="file"]`).setInputFiles(clipPath)
    const title = page.getByLabel('Name your video (max. 100 characters)')
    await expect.poll(() => title.inputValue()).toBe(clipTitle)
    await fillField(page, `${drawer} input[name="title"]`, 'x'.repeat(100))
    await title.pressSequentially('yz')
    await expect.poll(() => title.inputValue()).toBe('x'.repeat(100))
    await fillField(page, `${drawer} input[name="title"]`, clipTitle)
    await page.getByLabel('Categories', { exact: true }).fill(categoryName)
    await page.getByRole('option', { name: categoryName }).click()
    await expect.poll(() => start.isEnabled()).toBe(true)
    await expectNoSeriousViolations(page, [`${drawer} .drawer__content`], 'Upload Video modal')

    // Every percent the modal shows, recorded as it changes: watched from the body, so a percent
    // drawn by a re-created element is seen as well as one drawn by the first.
    await page.evaluate((selector) => {
      const seen: string[] = []
      ;(window as unknown as { percents: string[] }).percents = seen
      const record = () => {
        const text = document.querySelector(selector)?.textContent ?? null
        if (text !== null && text !== seen.at(-1)) {
          seen.push(text)
        }
      }
      new MutationObserver(record).observe(document.body, {
        characterData: true,
        childList: true,
        subtree: true,
      })
    }, `${drawer} .backoffice-video-upload__percent`)
    // A tiny file is sent in one moment: the upload is slowed to about 40 kB/s, so its percent is seen.
    const devtools = await page.context().newCDPSession(page)
    await devtools.send('Network.emulateNetworkConditions', {
      downloadThroughput: -1,
      latency: 0,
      offline: false,
      uploadThroughput: 40 * 1024,
    })
    await start.click()

    // The modal closes and the list comes back with the new video selected.
    await page.locator(`${drawer} form`).waitFor({ state: 'hidden', timeout: 60_000 })
    const percents = await page.evaluate(
      () => (window as unknown as { percents: string[] }).percents,
    )
    await devtools.send('Network.emulateNetworkConditions', {
      downloadThroughput: -1,
      latency: 0,
      offline: false,
      uploadThroughput: -1,
    })
    expect(percents.length).toBeGreaterThan(0)
    for (const percent of percents) {
      expect(percent).toMatch(/^\d{1,3}%$/)
    }
    const numbers = percents.map((percent) => Number.parseInt(percent, 10))
    expect(numbers).toEqual([...numbers].sort((a, b) => a - b))
    expect(numbers.some((percent) => percent > 0 && percent < 100)).toBe(true)
    await expect.poll(selectedLabel).toMatch(new RegExp(`${clipTitle}$`))
    const videoId = (await selectedVideoId(page)) ?? ''
    expect(videoId).not.toBe('')
    await expect
      .poll(() => selectedLabel())
      .toMatch(/^\[(waiting\.\.\.|encoding\.\.\. \d+%|public)\] /)

    // Its label follows the encoding to the end: public, as the field uploads.
    await expect
      .poll(selectedLabel, { interval: 1_000, timeout: 120_000 })
      .toBe(`[public] ${clipTitle}`)

    // It plays through hls.js: a rendition's playlist loaded, and past its first second.
    const video = page.locator(`${field} video`)
    await video.waitFor()
    await video.evaluate((element) => {
      const media = element as HTMLVideoElement
      media.muted = true
      void media.play()
    })
    await expect
      .poll(() => video.evaluate((element) => (element as HTMLVideoElement).currentTime), {
        timeout: 30_000,
      })
      .toBeGreaterThan(1)
    await expect.poll(() => video.getAttribute('data-level-loaded')).toBe('true')
    await expectNoSeriousViolations(page, [field], 'video field with its player')
    await screenshot(page, 'video-field-playing')

    // Saved with the post: the id and what the field filled beside it.
    await fillField(page, '#field-title', `Post with a video ${stamp}`)
    await page.keyboard.press('ControlOrMeta+s')
    await page.waitForURL((url) => /\/admin\/collections\/posts\/\d+/.test(url.pathname))
    // The URL of the new post can show before its save has committed: wait for the row.
    const findPost = async () =>
      (
        await (
          await app.payload()
        ).find({
          collection: 'posts',
          draft: true,
          where: { title: { equals: `Post with a video ${stamp}` } },
        })
      ).docs
    await expect.poll(async () => (await findPost()).length, { timeout: 15_000 }).toBe(1)
    const docs = await findPost()
    const stored = (docs[0] as unknown as { video: Record<string, null | string> }).video
    expect(stored).toMatchObject({
      status: 'COMPLETE',
      videoId,
      visibility: 'public',
    })
    expect(stored.dataUrl).toMatch(new RegExp(`/api/video/videos/${videoId}/data\\.json$`))
    expect(stored.previewVideoUrl).toMatch(/preview\.mp4$/)
    const data = JSON.parse(stored.data!) as Record<string, unknown>
    expect(data).toMatchObject({ title: clipTitle, visibility: 'public' })
    expect(data).not.toHaveProperty('previewVideoUrl')
    expect(data).not.toHaveProperty('playback')
  })
})
