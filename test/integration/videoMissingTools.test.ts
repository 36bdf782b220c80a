import { mkdtemp, readFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'

import { startTestPayload, type TestPayload } from '../helpers/testPayload.js'
import { makeClip, rawRequest } from '../helpers/video.js'

const password = 'a-long-and-unusual-passphrase-42'

let app: TestPayload

beforeAll(async () => {
  // An app on a machine without ffmpeg (or with the options pointing at the wrong place).
  app = await startTestPayload({
    videoOptions: { ffmpegPath: '/nonexistent/ffmpeg', ffprobePath: '/nonexistent/ffprobe' },
  })
})
afterAll(async () => {
  await app?.close()
})

it('says ffmpeg is missing, still takes uploads, and ends their encoding in ERROR with a code saying why', async () => {
  const staff = app.client()
  expect(
    (await staff.post('/users/first-register', { email: 'staff@example.com', password })).status,
  ).toBe(200)
  const status = await staff.get('/video/status')
  expect(status.status).toBe(200)
  expect(status.body.tools.available).toBe(false)
  expect(status.body.tools.problems.join('\n')).toMatch(
    /ffmpeg \("\/nonexistent\/ffmpeg"\) does not run/,
  )
  expect(status.body.tools.problems.join('\n')).toMatch(
    /ffprobe \("\/nonexistent\/ffprobe"\) does not run/,
  )

  const clip = await readFile(
    await makeClip(await mkdtemp(path.join(tmpdir(), 'video-missing-')), 'clip.mp4'),
  )
  const created = await staff.request('PUT', '/video/videos/upload', {
    body: { extension: 'mp4', mimeType: 'video/mp4', size: clip.length, title: 'No ffmpeg here' },
  })
  const stored = await rawRequest(app.config, 'PUT', created.body.signedUrl, {
    body: clip,
    headers: { 'content-type': 'video/mp4' },
  })
  expect(stored.status).toBe(200)
  await app.payload.jobs.run({ queue: 'video', silent: true })
  const video = (await staff.get(`/video/videos/${created.body.videoId}`)).body
  expect(video.status).toBe('ERROR')
  // The editor reads a code; which program did not start, and where it was looked for, is for
  // the server log.
  expect(video.transcode).toMatchObject({ error: 'VIDEO_TOOLS_UNAVAILABLE', stage: 'probe' })
  expect(JSON.stringify(video)).not.toContain('/nonexistent')
})
