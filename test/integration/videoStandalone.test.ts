import { mkdtemp, readFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { getPayload } from 'payload'
import { afterAll, beforeAll, expect, it } from 'vitest'

import { startTestPayload, type TestPayload } from '../helpers/testPayload.js'
import { makeClip, rawRequest } from '../helpers/video.js'

const password = 'a-long-and-unusual-passphrase-42'

let app: TestPayload

beforeAll(async () => {
  // The dev app with the video plugin alone: no backoffice plugin at all.
  app = await startTestPayload({ withBackoffice: false })
})
afterAll(async () => {
  await app?.close()
})

it('works without the backoffice plugin: collections, endpoints and texts', async () => {
  expect(app.payload.collections['sessions' as never]).toBeUndefined()
  expect(Object.keys(app.payload.collections)).toEqual(
    expect.arrayContaining(['videos', 'video-categories', 'video-tags']),
  )
  expect(app.payload.config.jobs.tasks?.map((task) => task.slug)).toContain(
    'backofficeVideoTranscode',
  )

  const staff = app.client()
  expect(
    (await staff.post('/users/first-register', { email: 'staff@example.com', password })).status,
  ).toBe(200)
  const created = await staff.request('PUT', '/video/videos/upload', {
    body: {
      extension: 'mp4',
      mimeType: 'video/mp4',
      size: 1000,
      title: 'Standalone',
      visibility: 'private',
    },
  })
  expect(created.status).toBe(200)
  expect(created.body.signedUrl).toContain(
    `/api/video/videos/${created.body.videoId}/source?token=`,
  )

  // Refusals come from the catalogue, in the caller's language.
  const german = await staff.request('PUT', '/video/videos/upload', {
    body: { extension: 'mp4', mimeType: 'image/png', size: 1000, title: 'Bild' },
    headers: { 'accept-language': 'de' },
  })
  expect(german.status).toBe(415)
  expect(german.body.errors[0]).toMatchObject({
    data: { code: 'VIDEO_TYPE_NOT_ALLOWED' },
    message: 'Es können nur Videodateien hochgeladen werden.',
  })
  const status = await staff.get('/video/status')
  expect(status.body).toEqual({ mount: 'video', tools: { available: true, problems: [] } })
})

it('runs the video queue in the app process when autoRun is on (as the sandbox sets it): an upload is encoded with no worker started', async () => {
  expect(app.payload.config.jobs.autoRun).toEqual(
    expect.arrayContaining([{ cron: '*/5 * * * * *', limit: 1, queue: 'video' }]),
  )
  // What Next's route handlers do (`getPayload({ cron: true })`): start the app's job crons.
  await getPayload({ config: app.config, cron: true })
  const staff = app.client()
  expect((await staff.post('/users/login', { email: 'staff@example.com', password })).status).toBe(
    200,
  )
  const clip = await readFile(
    await makeClip(await mkdtemp(path.join(tmpdir(), 'video-autorun-')), 'clip.mp4'),
  )
  const created = await staff.request('PUT', '/video/videos/upload', {
    body: {
      extension: 'mp4',
      mimeType: 'video/mp4',
      size: clip.length,
      title: 'Queued',
      visibility: 'public',
    },
  })
  const stored = await rawRequest(app.config, 'PUT', created.body.signedUrl, {
    body: clip,
    headers: { 'content-type': 'video/mp4' },
  })
  expect(stored.status).toBe(200)
  let status = 'PROGRESSING'
  for (let waited = 0; waited < 30_000 && status !== 'COMPLETE'; waited += 500) {
    await new Promise((resolve) => setTimeout(resolve, 500))
    status = (await staff.get(`/video/videos/${created.body.videoId}`)).body.status
  }
  expect(status).toBe('COMPLETE')
})
