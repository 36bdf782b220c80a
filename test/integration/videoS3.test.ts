import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3'
import { existsSync } from 'node:fs'
import { mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import S3rver from 's3rver'
import { afterAll, beforeAll, expect, it } from 'vitest'

import type { Json } from '../helpers/json.js'
import type { RestClient } from '../helpers/restClient.js'

import { startBucket } from '../helpers/s3Bucket.js'
import { startTestPayload, type TestPayload } from '../helpers/testPayload.js'
import { makeClip, probe, rawRequest } from '../helpers/video.js'

const password = 'a-long-and-unusual-passphrase-42'

let app: TestPayload
let staff: RestClient
let bucketServer: S3rver
let s3: S3Client
let scratch: string
let workDir: string

beforeAll(async () => {
  scratch = await mkdtemp(path.join(tmpdir(), 'video-s3-'))
  workDir = await mkdtemp(path.join(tmpdir(), 'video-s3-work-'))
  const bucket = await startBucket()
  bucketServer = bucket.server
  s3 = bucket.client
  const { config } = bucket
  app = await startTestPayload({
    videoOptions: {
      autoRun: false,
      storage: { bucket: 'media', config, directory: workDir, type: 's3' },
    },
  })
  staff = app.client()
  expect(
    (await staff.post('/users/first-register', { email: 'staff@example.com', password })).status,
  ).toBe(200)
})
afterAll(async () => {
  await app?.close()
  s3?.destroy()
  await bucketServer?.close()
})

const keysIn = async (prefix: string) =>
  ((await s3.send(new ListObjectsV2Command({ Bucket: 'media', Prefix: prefix }))).Contents ?? [])
    .map((object) => object.Key!)
    .sort()

const get = (url: string, headers: Record<string, string> = {}) =>
  rawRequest(app.config, 'GET', url, { headers })

it('uploads straight to the bucket, encodes from it, and serves playlists with redirects to the bucket', async () => {
  const bytes = await readFile(await makeClip(scratch, 'clip.mp4'))
  const created = await staff.request<Json>('PUT', '/video/videos/upload', {
    body: {
      extension: 'mp4',
      mimeType: 'video/mp4',
      size: bytes.length,
      title: 'From the bucket',
      visibility: 'public',
    },
  })
  expect(created.status).toBe(200)
  const { signedUrl, videoId } = created.body
  const presigned = new URL(signedUrl)
  expect(presigned.pathname).toBe(`/media/videos/${videoId}/source`)
  expect(presigned.searchParams.get('X-Amz-SignedHeaders')?.split(';')).toEqual(
    expect.arrayContaining(['content-length', 'content-type', 'host']),
  )

  // The browser's PUT goes to the bucket, not to the app.
  const stored = await fetch(signedUrl, {
    body: bytes,
    headers: { 'content-type': 'video/mp4' },
    method: 'PUT',
  })
  expect(stored.status).toBe(200)
  expect(await readdir(workDir)).toEqual([])

  // The list the field reloads after an upload notices the file in the bucket.
  const listed = await staff.get(`/video/videos/${videoId}`)
  expect(listed.body.status).toBe('PROGRESSING')
  await app.payload.jobs.run({ queue: 'video', silent: true })
  const done = (await staff.get(`/video/videos/${videoId}`)).body
  expect(done.status).toBe('COMPLETE')
  expect(await keysIn(`videos/${videoId}/`)).toEqual(
    expect.arrayContaining([
      `videos/${videoId}/out/360p/index.m3u8`,
      `videos/${videoId}/out/360p/init.mp4`,
      `videos/${videoId}/out/data.json`,
      `videos/${videoId}/out/master.m3u8`,
      `videos/${videoId}/out/poster.jpg`,
      `videos/${videoId}/out/preview.mp4`,
      `videos/${videoId}/source`,
    ]),
  )
  // The worker kept nothing on its own disk.
  expect(await readdir(workDir)).toEqual([])

  const base = `/api/video/videos/${videoId}`
  const master = await get(`${base}/master.m3u8`)
  expect(master.status).toBe(200)
  expect(master.headers.get('content-type')).toBe('application/vnd.apple.mpegurl')
  expect(await master.text()).toContain('360p/index.m3u8')
  const playlist = await (await get(`${base}/360p/index.m3u8`)).text()
  const segmentName = playlist.split('\n').find((line) => line.endsWith('.m4s'))!

  // A segment is a redirect to the bucket, which serves it with its type and ranges.
  const pieces: Buffer[] = []
  for (const file of ['init.mp4', segmentName]) {
    const redirect = await get(`${base}/360p/${file}`)
    expect(redirect.status).toBe(302)
    const location = redirect.headers.get('location')!
    expect(new URL(location).host).toBe(presigned.host)
    const object = await fetch(location)
    expect(object.status).toBe(200)
    expect(object.headers.get('content-type')).toBe('video/mp4')
    pieces.push(Buffer.from(await object.arrayBuffer()))
    const ranged = await fetch(location, { headers: { range: 'bytes=0-9' } })
    expect(ranged.status).toBe(206)
    expect((await ranged.arrayBuffer()).byteLength).toBe(10)
  }
  const rendition = path.join(scratch, 'rendition.mp4')
  await writeFile(rendition, Buffer.concat(pieces))
  const { streams } = await probe(rendition)
  expect(streams.find((stream) => stream.codec_type === 'video')).toMatchObject({
    codec_name: 'h264',
    height: 360,
  })

  // Deleting the video deletes its objects.
  expect((await staff.request('DELETE', `/videos/${videoId}`)).status).toBe(200)
  expect(await keysIn(`videos/${videoId}/`)).toEqual([])
  expect(existsSync(path.join(workDir, String(videoId)))).toBe(false)
})

it('keeps private videos behind the token, redirects included', async () => {
  const bytes = await readFile(await makeClip(scratch, 'private.mp4'))
  const created = await staff.request<Json>('PUT', '/video/videos/upload', {
    body: {
      extension: 'mp4',
      mimeType: 'video/mp4',
      size: bytes.length,
      title: 'Private',
      visibility: 'private',
    },
  })
  const { signedUrl, videoId } = created.body
  expect(
    (
      await fetch(signedUrl, {
        body: bytes,
        headers: { 'content-type': 'video/mp4' },
        method: 'PUT',
      })
    ).status,
  ).toBe(200)
  expect((await staff.post(`/video/videos/${videoId}/uploaded`)).body.status).toBe('PROGRESSING')
  await app.payload.jobs.run({ queue: 'video', silent: true })
  const base = `/api/video/videos/${videoId}`
  expect((await get(`${base}/master.m3u8`)).status).toBe(403)
  expect((await get(`${base}/poster.jpg`)).status).toBe(403)
  const { playback } = (await staff.get(`/video/videos/${videoId}`)).body
  expect((await get(playback.master)).status).toBe(200)
  const poster = await get(playback.poster)
  expect(poster.status).toBe(302)
  expect((await fetch(poster.headers.get('location')!)).headers.get('content-type')).toBe(
    'image/jpeg',
  )
})
