import type { CollectionSlug, Payload } from 'payload'
import type { BrowserContext, Page } from 'playwright-core'

import { mkdtempSync } from 'node:fs'
import { copyFile, mkdir, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'

import { getVideoOptions } from '../../src/video/options/getVideoOptions.js'
import { localStore } from '../../src/video/storage/localStore.js'
import { de } from '../../src/video/translations/de.js'
import { importVideoFile } from '../../src/video/upload/importVideoFile.js'
import { appPayloadOfFile } from '../helpers/appPayload.js'
import { expectNoSeriousViolations } from '../helpers/axe.js'
import { fillField, launchBrowser, screenshot } from '../helpers/browser.js'
import { browserLane } from '../helpers/browserLane.js'
import { startSecondApp } from '../helpers/secondApp.js'
import { signIn } from '../helpers/signIn.js'
import { makeClip } from '../helpers/video.js'
import {
  chooseVideo as chooseVideoTitled,
  selectedVideoLabel,
  videoOptionLabels,
  waitForVideoSelect,
} from '../helpers/videoSelect.js'

const { appUrl } = browserLane()
const password = 'a-long-and-unusual-passphrase-42'
const stamp = Date.now()
const adminEmail = `video-states-${stamp}@example.com`
/**
 * A failed encoding as the transcode task stores it: a failure code and the stage it stopped at.
 * What ffprobe said, with the server's folders, went to the server log only.
 */
const failure5 = { error: 'VIDEO_SOURCE_UNREADABLE', stage: 'probe' }
/** What an earlier version stored instead: ffmpeg's last lines, naming the server's folder. */
const legacyFfmpegText = 'file:/var/videos/7/source: Invalid data found when processing input'
const app = appPayloadOfFile()
let clipPath: string
let browser: BrowserContext
let page: Page

const field = '.backoffice-video-field'
const select = `${field} .backoffice-video-field__select`
const playerMessage = `${field} .backoffice-video-player__message`
const failure = `${field} .backoffice-video-field__error`

/** The videos of this file, one per state, by what they stand for. */
const videos = {
  waiting: { id: '', title: `Waiting clip ${stamp}` },
  encoding: { id: '', title: `Encoding clip ${stamp}` },
  failed: { id: '', title: `Failed clip ${stamp}` },
  legacy: { id: '', title: `Legacy failed clip ${stamp}` },
  retried: { id: '', title: `Retried clip ${stamp}` },
  public: { id: '', title: `Public clip ${stamp}` },
  private: { id: '', title: `Private clip ${stamp}` },
}

const videosSlug = 'videos' as CollectionSlug

/**
 * A video whose encoding failed, as the transcode task leaves it: ERROR with its failure code (or,
 * with `transcode`, what an earlier version stored), and its source kept in the plugin's storage,
 * here a clip ffmpeg can read, so Retry can end COMPLETE.
 */
const createFailedVideo = async (
  payload: Payload,
  title: string,
  transcode: Record<string, unknown> = { attempts: 1, ...failure5, progress: 0 },
) => {
  const { size } = await stat(clipPath)
  const video = await payload.create({
    collection: videosSlug,
    data: {
      source: { extension: 'mp4', mimeType: 'video/mp4', size },
      status: 'ERROR',
      title,
      transcode,
      visibility: 'public',
    } as never,
    depth: 0,
  })
  const { storage } = getVideoOptions(payload)
  if (storage.type !== 'local') {
    throw new Error('The sandbox keeps its videos on disk.')
  }
  const store = localStore(storage.directory)
  await mkdir(store.folder(video.id), { recursive: true })
  await copyFile(clipPath, store.sourcePath(video.id))
  return String(video.id)
}

const statusOf = async (id: string) => {
  const payload = await app.payload()
  const video = await payload.findByID({ collection: videosSlug, depth: 0, id })
  return (video as unknown as { status: string }).status
}

/** Opens a new post and waits for the video select to take input (it is disabled until then). */
const openNewPost = async (target: Page, url = appUrl) => {
  await target.goto(`${url}/admin/collections/posts/create`)
  await waitForVideoSelect(target)
}

/** Chooses a video in the select, as a person would (searching its title), and waits for the field to hold it. */
const chooseVideo = async (target: Page, id: string) => {
  const title = Object.values(videos).find((video) => video.id === id)!.title
  await chooseVideoTitled(target, title)
  await expect.poll(() => target.locator(field).getAttribute('data-video-id')).toBe(id)
}

/**
 * The options the select finds for this file's videos (searched by their common stamp), each
 * video's id to its label, and `''` to the placeholder shown while none is chosen. The placeholder
 * is read once the search has answered (and the menu closed, which empties the search): before the
 * select's first list arrives it rightly says the videos are loading, for as long as the server
 * takes, which on a busy machine outlasts the moment the select takes input.
 */
const optionLabels = async (target: Page) => {
  const labels = await videoOptionLabels(target, String(stamp))
  const placeholderText = () =>
    target.evaluate(
      (selector) => document.querySelector(selector)?.textContent ?? '',
      `${select} .rs__placeholder`,
    )
  await expect.poll(placeholderText).not.toBe('')
  const placeholder = await placeholderText()
  return Object.fromEntries([
    ['', placeholder],
    ...Object.values(videos).flatMap((video) => {
      const label = labels.find((text) => text.endsWith(`] ${video.title}`))
      return label === undefined ? [] : [[video.id, label]]
    }),
  ]) as Record<string, string>
}

const selectedLabel = (target: Page) => selectedVideoLabel(target)

/**
 * Each test opens a new post; the post before it, with a video chosen, has unsaved changes, and
 * Payload asks before the page is left (`beforeunload`). Playwright dismisses dialogs nobody
 * handles, which would keep the page: the tests leave, as a person answering "Leave" would.
 */
const leaveWithoutSaving = (target: Page) =>
  target.on('dialog', (dialog) => {
    if (dialog.type() === 'beforeunload') {
      void dialog.accept()
    }
  })

/** A second signed-in browser whose admin speaks `language` (Payload's `payload-lng` cookie). */
const pageInLanguage = async (language: string) => {
  const context = await launchBrowser()
  const other = await context.newPage()
  leaveWithoutSaving(other)
  await signIn(other, appUrl, adminEmail, password)
  await context.addCookies([{ name: 'payload-lng', url: appUrl, value: language }])
  return { close: () => context.close(), page: other }
}

beforeAll(async () => {
  // 3 s of ffmpeg's test pattern and a tone at 320x180: one rendition, encoded in moments even on
  // a busy machine, and long enough to play past its first second.
  clipPath = await makeClip(mkdtempSync(path.join(tmpdir(), 'video-states-')), 'clip.mp4', {
    seconds: 3,
    size: '320x180',
  })
  const payload = await app.payload()
  await payload.create({
    collection: 'users',
    data: { email: adminEmail, password, roles: ['admin'] },
  })
  // Written as the plugin writes them (its status and transcode fields are closed to requests, not
  // to the Local API). Without a queued job, a waiting or encoding video stays as it is.
  const create = async (data: Record<string, unknown>) =>
    String((await payload.create({ collection: videosSlug, data: data as never, depth: 0 })).id)
  videos.waiting.id = await create({
    status: 'NO_FILE',
    title: videos.waiting.title,
    visibility: 'public',
  })
  // Its encode is held by a worker that is alive for the whole file: without a lease, the plugin's
  // takeover (every 30 s) would queue a video unchanged for a lease's length (60 s) again from 0 %.
  videos.encoding.id = await create({
    status: 'PROGRESSING',
    title: videos.encoding.title,
    transcode: {
      attempts: 1,
      leaseOwner: 'videoStates test',
      leaseUntil: new Date(Date.now() + 60 * 60 * 1000).toISOString(),
      progress: 42,
      stage: 'encode',
    },
    visibility: 'public',
  })
  videos.failed.id = await createFailedVideo(payload, videos.failed.title)
  videos.retried.id = await createFailedVideo(payload, videos.retried.title)
  videos.legacy.id = await createFailedVideo(payload, videos.legacy.title, {
    attempts: 1,
    error: legacyFfmpegText,
    progress: 0,
    stage: 'failed',
  })
  // The plugin's own import: stored, queued and encoded by the app's worker like an upload.
  videos.public.id = String(
    await importVideoFile(payload, {
      file: clipPath,
      title: videos.public.title,
      visibility: 'public',
    }),
  )
  videos.private.id = String(
    await importVideoFile(payload, {
      file: clipPath,
      title: videos.private.title,
      visibility: 'private',
    }),
  )
  // (`expect.poll` works only inside a test; `vi.waitFor` retries the same way here.)
  for (const id of [videos.public.id, videos.private.id]) {
    await vi.waitFor(async () => expect(await statusOf(id)).toBe('COMPLETE'), {
      interval: 1_000,
      timeout: 180_000,
    })
  }
  browser = await launchBrowser()
  page = await browser.newPage()
  leaveWithoutSaving(page)
  await signIn(page, appUrl, adminEmail, password)
}, 300_000)

afterAll(async () => {
  await browser?.close()
  await app.close()
})

describe('the video field, state by state', () => {
  it("labels each video with its state's tag, then its title", async () => {
    await openNewPost(page)
    const labels = await optionLabels(page)
    expect(labels).toMatchObject({
      [videos.encoding.id]: `[encoding... 42%] ${videos.encoding.title}`,
      [videos.failed.id]: `[error] ${videos.failed.title}`,
      [videos.private.id]: `[private] ${videos.private.title}`,
      [videos.public.id]: `[public] ${videos.public.title}`,
      [videos.waiting.id]: `[waiting...] ${videos.waiting.title}`,
    })
    expect(labels['']).toBe('No video')
  })

  it('says "Waiting for video..." for a video without its file', async () => {
    await openNewPost(page)
    await chooseVideo(page, videos.waiting.id)
    await expect.poll(() => page.locator(playerMessage).textContent()).toBe('Waiting for video...')
    await expect.poll(() => page.locator(`${field} video`).count()).toBe(0)
    await expect.poll(() => page.locator(failure).count()).toBe(0)
    await expect.poll(() => selectedLabel(page)).toBe(`[waiting...] ${videos.waiting.title}`)
  })

  it('says "Video is still encoding..." with the percent in the label while encoding', async () => {
    await openNewPost(page)
    await chooseVideo(page, videos.encoding.id)
    await expect
      .poll(() => page.locator(playerMessage).textContent())
      .toBe('Video is still encoding...')
    await expect.poll(() => page.locator(`${field} video`).count()).toBe(0)
    // The field asks for a video being encoded again every 2 seconds: the label stays as stored.
    await page.waitForResponse((response) =>
      response.url().endsWith(`/api/video/videos/${videos.encoding.id}`),
    )
    await expect.poll(() => selectedLabel(page)).toBe(`[encoding... 42%] ${videos.encoding.title}`)
  })

  it('finding 5: shows why a video failed to encode in words, its stage and Retry, and no player', async () => {
    await openNewPost(page)
    await chooseVideo(page, videos.failed.id)
    await page.locator(failure).waitFor()
    await expect
      .poll(() => page.locator(`${failure} p`).textContent())
      .toBe(
        'Encoding failed (step: reading the uploaded file): The file could not be read as a video.',
      )
    await expect
      .poll(() => page.locator(failure).getAttribute('data-failure-code'))
      .toBe('VIDEO_SOURCE_UNREADABLE')
    await expect.poll(() => page.locator(failure).getAttribute('role')).toBe('alert')
    await expect
      .poll(() => page.locator(failure).getByRole('button', { name: 'Retry' }).isEnabled())
      .toBe(true)
    await expect.poll(() => page.locator(playerMessage).textContent()).toBe('Waiting for video...')
    await expect.poll(() => page.locator(`${field} video`).count()).toBe(0)
    await expectNoSeriousViolations(page, [field], 'video field, encoding failed')
    await screenshot(page, 'video-field-error')
  })

  it('finding 5: a failure stored as ffmpeg’s text by an earlier version shows the generic text, never that text', async () => {
    await openNewPost(page)
    await chooseVideo(page, videos.legacy.id)
    await page.locator(failure).waitFor()
    await expect
      .poll(() => page.locator(`${failure} p`).textContent())
      .toBe('Encoding failed: The video could not be encoded. The server log has the details.')
    await expect
      .poll(() => page.locator(failure).getAttribute('data-failure-code'))
      .toBe('VIDEO_ENCODING_FAILED')
    await expect
      .poll(() => page.locator(failure).getByRole('button', { name: 'Retry' }).isEnabled())
      .toBe(true)
    const html = await page.content()
    expect(html).not.toContain('/var/videos')
    expect(html).not.toContain('Invalid data')
  })

  it('Retry encodes the failed video again: its label follows it to public and it plays', async () => {
    await openNewPost(page)
    expect((await optionLabels(page))[videos.retried.id]).toBe(`[error] ${videos.retried.title}`)
    await chooseVideo(page, videos.retried.id)
    await page.locator(failure).getByRole('button', { name: 'Retry' }).click()
    await page.getByText('The video is being encoded again.').waitFor()
    await page.locator(failure).waitFor({ state: 'detached' })
    await expect
      .poll(() => selectedLabel(page), { interval: 1_000, timeout: 180_000 })
      .toBe(`[public] ${videos.retried.title}`)
    expect(await statusOf(videos.retried.id)).toBe('COMPLETE')
    const video = page.locator(`${field} video`)
    await video.waitFor()
    await expect
      .poll(() => video.getAttribute('data-level-loaded'), { timeout: 30_000 })
      .toBe('true')
    // Room for the encoding on a busy machine, beyond the browser project's 2 minutes per test.
  }, 240_000)

  it('plays a private video through its token and stores no token with the post', async () => {
    const fetched: string[] = []
    const record = (request: { url: () => string }) => fetched.push(request.url())
    page.on('request', record)
    try {
      await openNewPost(page)
      await chooseVideo(page, videos.private.id)
      await expect.poll(() => selectedLabel(page)).toBe(`[private] ${videos.private.title}`)
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
    } finally {
      page.off('request', record)
    }
    // Every file of the video the player fetched (playlists, segments) carried the token…
    const files = fetched.filter((url) =>
      new URL(url).pathname.startsWith(`/api/video/videos/${videos.private.id}/`),
    )
    expect(files.some((url) => new URL(url).pathname.endsWith('/master.m3u8'))).toBe(true)
    expect(files.some((url) => /\.(m4s|mp4|ts)$/.test(new URL(url).pathname))).toBe(true)
    for (const url of files) {
      expect(new URL(url).searchParams.get('token'), url).toMatch(/.{20,}/)
    }
    // …without which the same file is refused, even to a signed-in administrator.
    const master = new URL(files.find((url) => url.includes('/master.m3u8'))!)
    master.search = ''
    expect((await page.request.get(master.toString())).status()).toBe(403)

    const title = `Post with a private video ${stamp}`
    await fillField(page, '#field-title', title)
    await page.keyboard.press('ControlOrMeta+s')
    const findPost = async () =>
      (
        await (
          await app.payload()
        ).find({ collection: 'posts', draft: true, where: { title: { equals: title } } })
      ).docs
    await expect.poll(async () => (await findPost()).length, { timeout: 15_000 }).toBe(1)
    const stored = ((await findPost())[0] as unknown as { video: Record<string, null | string> })
      .video
    expect(stored).toMatchObject({
      status: 'COMPLETE',
      videoId: videos.private.id,
      visibility: 'private',
    })
    expect(stored.dataUrl).toMatch(
      new RegExp(`/api/video/videos/${videos.private.id}/data\\.json$`),
    )
    expect(JSON.stringify(stored)).not.toMatch(/token/i)
  })

  it('reads right to left in Arabic, axe-clean, with a failed video', async () => {
    const arabic = await pageInLanguage('ar')
    try {
      await openNewPost(arabic.page)
      await expect
        .poll(async () => (await arabic.page.locator('html').getAttribute('dir'))?.toLowerCase())
        .toBe('rtl')
      await chooseVideo(arabic.page, videos.failed.id)
      await arabic.page.locator(failure).waitFor()
      // The plugin has no Arabic texts: they fall back to English (the sandbox's fallbackLanguage).
      await expect.poll(() => selectedLabel(arabic.page)).toBe(`[error] ${videos.failed.title}`)
      // The field follows the page's direction: its select and message start on the right.
      for (const part of [select, `${failure} p`]) {
        await expect
          .poll(() =>
            arabic.page.locator(part).evaluate((element) => getComputedStyle(element).direction),
          )
          .toBe('rtl')
      }
      await expectNoSeriousViolations(arabic.page, [field], 'video field, encoding failed, ar')
      await screenshot(arabic.page, 'video-field-error-rtl')
    } finally {
      await arabic.close()
    }
  })

  it('labels the states and the player in German', async () => {
    const german = await pageInLanguage('de')
    const tag = (text: string, title: string) => `[${text}] ${title}`
    try {
      await openNewPost(german.page)
      expect(await optionLabels(german.page)).toMatchObject({
        '': de.videoSelectNone,
        [videos.encoding.id]: tag(
          de.videoTagEncoding.replace('{{percent}}', '42'),
          videos.encoding.title,
        ),
        [videos.failed.id]: tag(de.videoTagError, videos.failed.title),
        [videos.private.id]: tag(de.videoTagPrivate, videos.private.title),
        [videos.public.id]: tag(de.videoTagPublic, videos.public.title),
        [videos.waiting.id]: tag(de.videoTagWaiting, videos.waiting.title),
      })
      await chooseVideo(german.page, videos.encoding.id)
      await expect
        .poll(() => german.page.locator(playerMessage).textContent())
        .toBe(de.videoPlayerEncoding)
      await chooseVideo(german.page, videos.waiting.id)
      await expect
        .poll(() => german.page.locator(playerMessage).textContent())
        .toBe(de.videoPlayerWaiting)
      await chooseVideo(german.page, videos.failed.id)
      await german.page.locator(failure).waitFor()
      await expect
        .poll(() => german.page.locator(`${failure} p`).textContent())
        .toBe(
          de.videoEncodingFailedAt
            .replace('{{stage}}', de.videoStageProbe)
            .replace('{{reason}}', de.videoFailureSourceUnreadable),
        )
      await expect
        .poll(() => german.page.locator(failure).getByRole('button').textContent())
        .toBe(de.videoRetry)
    } finally {
      await german.close()
    }
  })
})

describe('the video field on an app without the video plugin', () => {
  let secondApp: Awaited<ReturnType<typeof startSecondApp>> | undefined
  let withoutPluginUrl: string

  /**
   * A second `next start` of the same build on the same database, with SANDBOX_WITHOUT_VIDEO=1:
   * the sandbox's config leaves `videoPlugin` out while posts keep their video field. The config
   * is read when the server starts, not baked into the build.
   */
  beforeAll(async () => {
    secondApp = await startSecondApp({ env: { SANDBOX_WITHOUT_VIDEO: '1' } })
    withoutPluginUrl = secondApp.url
  }, 180_000)

  afterAll(async () => {
    await secondApp?.stop()
  })

  it('asks to activate and configure the video plugin, with no select', async () => {
    // The same build answers for the plugin on the shared app and not on this one.
    expect((await fetch(`${appUrl}/api/video/status`)).status).not.toBe(404)
    expect((await fetch(`${withoutPluginUrl}/api/video/status`)).status).toBe(404)

    // Its own browser: cookies are per host, not per port, and this app has its own session.
    const context = await launchBrowser()
    try {
      const other = await context.newPage()
      await signIn(other, withoutPluginUrl, adminEmail, password)
      await other.goto(`${withoutPluginUrl}/admin/collections/posts/create`)
      const banner = other.locator(`${field}[role="alert"]`)
      await banner.waitFor()
      await expect
        .poll(async () => (await banner.textContent())?.trim())
        .toBe('Please activate and configure the video plugin in the server configuration file.')
      await expect.poll(() => other.locator(select).count()).toBe(0)
      await expect.poll(() => other.locator(`${field} video`).count()).toBe(0)
      await expectNoSeriousViolations(other, [field], 'video field without the plugin')
      await screenshot(other, 'video-field-not-configured')
    } finally {
      await context.close()
    }
  })
})
