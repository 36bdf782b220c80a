import type { BrowserContext, CDPSession, Dialog, Page } from 'playwright-core'

import { createHash } from 'node:crypto'
import { existsSync, mkdtempSync } from 'node:fs'
import { copyFile, readdir, readFile, stat, utimes } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { uploadPercent } from '../../src/video/lib/uploadChunks.js'
import { signUploadClaims } from '../../src/video/upload/uploadTarget.js'
import { appPayloadOfFile } from '../helpers/appPayload.js'
import { expectNoSeriousViolations } from '../helpers/axe.js'
import { launchBrowser } from '../helpers/browser.js'
import { browserLane } from '../helpers/browserLane.js'
import { signIn } from '../helpers/signIn.js'
import { makeClip } from '../helpers/video.js'
import { selectedVideoId, selectedVideoLabel, waitForVideoSelect } from '../helpers/videoSelect.js'

const { appUrl } = browserLane()
const password = 'a-long-and-unusual-passphrase-42'
const stamp = Date.now()
const adminEmail = `video-resume-${stamp}@example.com`
const bigTitle = `grainy-harbour-${stamp}`
const smallTitle = `short-harbour-${stamp}`
const app = appPayloadOfFile()
// Where this lane's app keeps its videos: its own folder (VIDEO_DIR of its environment), or for the
// first lane dev/sandboxConfig.ts's folder, as that app is started with this process's environment
// (test/setup/browserApp.ts).
const videoDir =
  browserLane().appEnv.VIDEO_DIR ?? process.env.VIDEO_DIR ?? path.resolve('dev/.video-files')
let bigClip: string
let smallClip: string
let browser: BrowserContext
let page: Page
let devtools: CDPSession
/** The dialogs the page opened, by type; each is answered yes (leave the page). */
const dialogs: string[] = []
/** What the tab remembered of the discarded upload, under its storage key. */
let remembered: { key: string; value: string } | undefined

const field = '.backoffice-video-field'
const select = `${field} .backoffice-video-field__select`
const drawer = '.backoffice-video-upload'
const percentOutput = `${drawer} .backoffice-video-upload__percent`
const resumeHeading = () => page.getByRole('heading', { name: 'Resume an interrupted upload' })

const selectedLabel = () => selectedVideoLabel(page)

/** The percent the modal shows, as a number. */
const shownPercent = async () =>
  Number.parseInt((await page.locator(percentOutput).textContent()) ?? '', 10)

/** Slows the browser's uploads to `bytesPerSecond` (-1: no limit), the answers untouched. */
const throttleUploads = (bytesPerSecond: number) =>
  devtools.send('Network.emulateNetworkConditions', {
    downloadThroughput: -1,
    latency: 0,
    offline: false,
    uploadThroughput: bytesPerSecond,
  })

/** Every percent the modal shows from now on, recorded as it changes. */
const recordPercents = () =>
  page.evaluate((selector) => {
    const seen: string[] = []
    ;(window as unknown as { percents: string[] }).percents = seen
    const output = document.querySelector(selector)!
    new MutationObserver(() => seen.push(output.textContent ?? '')).observe(output, {
      characterData: true,
      childList: true,
      subtree: true,
    })
  }, percentOutput)

const recordedPercents = async () =>
  (await page.evaluate(() => (window as unknown as { percents: string[] }).percents)).map(
    (percent) => Number.parseInt(percent, 10),
  )

const openPostWithVideoField = async () => {
  await page.goto(`${appUrl}/admin/collections/posts/create`)
  await waitForVideoSelect(page)
}

const openUploadModal = async () => {
  await page.getByRole('button', { name: 'Upload video' }).click()
  await page.locator(`${drawer} .drawer__content`).waitFor()
}

const findVideo = async (title: string) => {
  const { docs } = await (
    await app.payload()
  ).find({ collection: 'videos' as never, where: { title: { equals: title } } })
  expect(docs.length).toBeLessThanOrEqual(1)
  return docs[0] as unknown as undefined | { id: number; status: string }
}

const videoNamed = async (title: string) => {
  const video = await findVideo(title)
  expect(video).toBeDefined()
  return video!
}

/**
 * Starts the upload of `clip` in the modal at `bytesPerSecond`, waits until the server's part file
 * holds `bytes`, and reloads the page, answering the browser's "leave the page?" question with yes.
 * Answers the video and its part file.
 */
const reloadMidUpload = async (
  clip: string,
  title: string,
  bytes: number,
  bytesPerSecond: number,
) => {
  await throttleUploads(bytesPerSecond)
  await openUploadModal()
  await page.locator(`${drawer} input[type="file"]`).setInputFiles(clip)
  await expect
    .poll(() => page.getByLabel('Name your video (max. 100 characters)').inputValue())
    .toBe(title)
  const start = page.getByRole('button', { name: 'Start upload' })
  await expect.poll(() => start.isEnabled()).toBe(true)
  await start.click()
  let video: { id: number; status: string } | undefined
  await expect
    .poll(async () => (video = await findVideo(title)) !== undefined, { timeout: 30_000 })
    .toBe(true)
  const part = path.join(videoDir, String(video!.id), 'source.part')
  await expect
    .poll(async () => (existsSync(part) ? (await stat(part)).size : -1), {
      interval: 50,
      timeout: 120_000,
    })
    .toBeGreaterThanOrEqual(bytes)
  // The modal is in view while the file is on its way.
  await expect.poll(() => page.locator(percentOutput).isVisible()).toBe(true)
  dialogs.length = 0
  await page.reload()
  // The modal guarded the tab: leaving while the file was on its way asked first.
  expect(dialogs).toEqual(['beforeunload'])
  // A reload may move the page to a new renderer, which starts without the emulated network.
  await throttleUploads(bytesPerSecond)
  return { part, video: video! }
}

const sha256 = async (file: string) =>
  createHash('sha256')
    .update(await readFile(file))
    .digest('hex')

beforeAll(async () => {
  const scratch = mkdtempSync(path.join(tmpdir(), 'video-resume-'))
  // About 11 MB (4 s of lossless grain at 320x180): two 8 MiB chunks, encoded in moments.
  bigClip = await makeClip(scratch, `${bigTitle}.mp4`, { grain: true, seconds: 4, size: '320x180' })
  smallClip = await makeClip(scratch, `${smallTitle}.mp4`, { seconds: 2, size: '320x180' })
  const payload = await app.payload()
  await payload.create({
    collection: 'users',
    data: { email: adminEmail, password, roles: ['admin'] },
  })
  browser = await launchBrowser()
  page = await browser.newPage()
  // Payload asks too before leaving a document with unsaved changes (a selected video is one).
  page.on('dialog', (dialog: Dialog) => {
    dialogs.push(dialog.type())
    void dialog.accept()
  })
  devtools = await page.context().newCDPSession(page)
  await signIn(page, appUrl, adminEmail, password)
})

afterAll(async () => {
  await browser?.close()
  await app.close()
})

describe('an upload interrupted by a page reload', () => {
  it('is offered again, refuses another file, and goes on from the bytes the server holds', async () => {
    const size = (await stat(bigClip)).size
    expect(size).toBeGreaterThan(8 * 1024 * 1024)
    await openPostWithVideoField()

    // At 512 KiB/s the first 8 MiB chunk takes about 16 s; once the server holds it the page is
    // reloaded, with some 6 s of the second chunk still to go.
    const { part, video } = await reloadMidUpload(bigClip, bigTitle, 8 * 1024 * 1024, 512 * 1024)

    // The server kept what arrived: at least the first chunk, never the whole file.
    expect((await videoNamed(bigTitle)).status).toBe('NO_FILE')
    // The cut-off request may still be finishing on the server: its size settles.
    let held = -1
    await expect
      .poll(async () => {
        const before = held
        held = (await stat(part)).size
        return held === before
      })
      .toBe(true)
    expect(held).toBeGreaterThanOrEqual(8 * 1024 * 1024)
    expect(held).toBeLessThan(size)

    // After the reload the modal says what was interrupted, instead of a new upload's form.
    await page.locator(select).waitFor()
    await openUploadModal()
    await resumeHeading().waitFor()
    await expect
      .poll(() =>
        page.locator(`${drawer} .backoffice-video-upload__resume p`).first().textContent(),
      )
      .toBe(
        `The upload of “${bigTitle}.mp4” stopped before it was finished. Choose the same file again to continue where it stopped, or discard the upload.`,
      )
    await expect.poll(() => page.locator(`${drawer} input[name="title"]`).count()).toBe(0)
    await expectNoSeriousViolations(page, [`${drawer} .drawer__content`], 'resume offer')

    // A file of the same name and size, saved at another time, is another file: refused, nothing sent.
    const otherDir = mkdtempSync(path.join(tmpdir(), 'video-resume-other-'))
    const other = path.join(otherDir, `${bigTitle}.mp4`)
    await copyFile(bigClip, other)
    await utimes(other, new Date('2020-01-01T00:00:00Z'), new Date('2020-01-01T00:00:00Z'))
    const chooser = page.getByLabel(`Choose “${bigTitle}.mp4” again`)
    await chooser.setInputFiles(other)
    const notice = page.locator(`${drawer} [role="alert"]`)
    await expect
      .poll(() => notice.textContent())
      .toBe(
        `This is a different file. To resume, choose “${bigTitle}.mp4” again, unchanged since the upload began.`,
      )
    await expect.poll(() => shownPercent()).toBe(0)
    expect((await stat(part)).size).toBe(held)
    await expectNoSeriousViolations(
      page,
      [`${drawer} .drawer__content`],
      'resume offer, wrong file',
    )

    // The same file: the percent starts at what the server holds and rises from there.
    await recordPercents()
    await page.getByLabel(`Choose “${bigTitle}.mp4” again`).setInputFiles(bigClip)
    // The modal stays in view while the rest is sent.
    await expect
      .poll(
        async () =>
          (await resumeHeading().isVisible()) && (await shownPercent()) > uploadPercent(held, size),
        { interval: 100 },
      )
      .toBe(true)

    // As after a fresh upload: the modal says so and closes, and the field selects the video.
    await page.getByText('Video uploaded. It is being encoded now.').waitFor({ timeout: 60_000 })
    await resumeHeading().waitFor({ state: 'hidden' })
    const percents = await recordedPercents()
    expect(percents[0]).toBe(uploadPercent(held, size))
    expect(percents[0]).toBeGreaterThan(0)
    expect(percents).toEqual([...percents].sort((a, b) => a - b))
    expect(percents.at(-1)).toBe(100)
    await throttleUploads(-1)
    await expect.poll(() => selectedVideoId(page)).toBe(String(video.id))
    await expect.poll(selectedLabel).toMatch(new RegExp(`${bigTitle}$`))

    // On disk: the whole file, byte for byte, and no part file left.
    const folder = path.join(videoDir, String(video.id))
    expect(existsSync(part)).toBe(false)
    expect(await readdir(folder)).toContain('source')
    expect(await sha256(path.join(folder, 'source'))).toBe(await sha256(bigClip))

    // And it encodes like any upload.
    await expect
      .poll(selectedLabel, { interval: 1_000, timeout: 120_000 })
      .toBe(`[public] ${bigTitle}`)
    expect((await videoNamed(bigTitle)).status).toBe('COMPLETE')

    // Done: the modal offers a new upload again.
    await openUploadModal()
    await page.locator(`${drawer} input[name="title"]`).waitFor()
    await expect.poll(() => resumeHeading().count()).toBe(0)
    await page.keyboard.press('Escape')
  })

  it('is forgotten when discarded', async () => {
    await openPostWithVideoField()
    // About 16 kB/s: reloaded as soon as the server has started the part file.
    await reloadMidUpload(smallClip, smallTitle, 0, 16 * 1024)
    await throttleUploads(-1)

    await page.locator(select).waitFor()
    remembered = await page.evaluate(() => {
      const key = Object.keys(sessionStorage).find((name) =>
        name.startsWith('payload-backoffice:video-upload:'),
      )
      return key === undefined ? undefined : { key, value: sessionStorage.getItem(key)! }
    })
    await openUploadModal()
    await resumeHeading().waitFor()
    await page.getByRole('button', { name: 'Discard upload' }).click()

    // The new upload's form is back, the keyboard on its first field.
    const title = page.locator(`${drawer} input[name="title"]`)
    await title.waitFor()
    await expect.poll(() => resumeHeading().count()).toBe(0)
    await expect.poll(() => title.evaluate((input) => input === document.activeElement)).toBe(true)

    // And after another reload, nothing is offered; with no upload running, nothing asked first.
    dialogs.length = 0
    await page.reload()
    expect(dialogs).toEqual([])
    await waitForVideoSelect(page)
    await openUploadModal()
    await page.locator(`${drawer} input[name="title"]`).waitFor()
    await expect.poll(() => resumeHeading().count()).toBe(0)
  })

  it('says so when its link has expired, and forgets it', async () => {
    // The discarded upload as the tab remembered it, a day later: its link signed by the app (with
    // its secret) and expired, which only the server can tell.
    expect(remembered).toBeDefined()
    const upload = JSON.parse(remembered!.value) as { signedUrl: string; size: number }
    const video = await videoNamed(smallTitle)
    const signedUrl = new URL(upload.signedUrl)
    signedUrl.searchParams.set(
      'token',
      // Payload signs with a key derived from PAYLOAD_SECRET: its own `secret`.
      signUploadClaims((await app.payload()).secret, {
        expiresAt: Math.floor(Date.now() / 1000) - 60,
        maxBytes: upload.size,
        mimeType: 'video/mp4',
        nonce: 'expired-upload',
        size: upload.size,
        videoId: String(video.id),
      }),
    )
    await page.evaluate(([key, value]) => sessionStorage.setItem(key, value), [
      remembered!.key,
      JSON.stringify({ ...upload, signedUrl: signedUrl.href }),
    ] as const)
    await openPostWithVideoField()
    await openUploadModal()
    await resumeHeading().waitFor()
    await page.getByLabel(`Choose “${smallTitle}.mp4” again`).setInputFiles(smallClip)

    // The server refuses the link: the modal says why and offers a new upload instead.
    const notice = page.locator(`${drawer} [role="alert"]`)
    await expect
      .poll(() => notice.textContent(), { timeout: 30_000 })
      .toBe(
        `The link for the upload of “${smallTitle}.mp4” has expired, so it cannot be resumed. Start a new upload.`,
      )
    await page.locator(`${drawer} input[name="title"]`).waitFor()
    await expect.poll(() => resumeHeading().count()).toBe(0)
    await expectNoSeriousViolations(page, [`${drawer} .drawer__content`], 'expired upload link')
    await expect
      .poll(() => page.evaluate((key) => sessionStorage.getItem(key), remembered!.key))
      .toBeNull()
  })
})
