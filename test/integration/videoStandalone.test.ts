import { afterAll, beforeAll, expect, it } from 'vitest'

import { startTestPayload, type TestPayload } from '../helpers/testPayload.js'

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
