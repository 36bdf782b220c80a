import { existsSync } from 'node:fs'
import { mkdir, mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'

import type { Json } from '../helpers/json.js'
import type { RestClient } from '../helpers/restClient.js'

import { sqlOn } from '../helpers/sql.js'
import { startTestPayload, type TestPayload } from '../helpers/testPayload.js'
import { droppedAfter, makeClip, rawRequest } from '../helpers/video.js'

const password = 'a-long-and-unusual-passphrase-42'

let app: TestPayload
let staff: RestClient
let videoDir: string
let clip: Buffer
const sql = sqlOn(() => app.payload)

beforeAll(async () => {
  app = await startTestPayload({ videoOptions: { maxFileSizeBytes: 50 * 1024 * 1024 } })
  videoDir = process.env.VIDEO_DIR!
  staff = app.client()
  expect(
    (await staff.post('/users/first-register', { email: 'staff@example.com', password })).status,
  ).toBe(200)
  const scratch = await mkdtemp(path.join(tmpdir(), 'video-clips-'))
  clip = await readFile(await makeClip(scratch, 'clip.mp4'))
})
afterAll(async () => {
  await app?.close()
})

/** The upload request's answer, or a refusal's `errors`. */
type UploadAnswer = Json

/** The spec's upload request, as the modal sends it. */
const requestUpload = async (overrides: Record<string, unknown> = {}) =>
  staff.request<UploadAnswer>('PUT', '/video/videos/upload', {
    body: {
      extension: 'mp4',
      mimeType: 'video/mp4',
      size: clip.length,
      title: 'Harbour at dawn',
      visibility: 'public',
      ...overrides,
    },
  })

const newUpload = async (overrides: Record<string, unknown> = {}) => {
  const answer = await requestUpload(overrides)
  expect(answer.status).toBe(200)
  return answer.body as { signedUrl: string; videoId: number }
}

const put = (
  url: string,
  body: Uint8Array | ReadableStream<Uint8Array> | undefined,
  headers: Record<string, string>,
) => rawRequest(app.config, 'PUT', url, { body, headers })

const codeOf = async (response: Response) =>
  ((await response.json()) as { errors: { data: { code: string } }[] }).errors[0]!.data.code

const videoRow = async (id: number) =>
  (await sql('SELECT status, upload_nonce, source_size FROM videos WHERE id = $1', [id]))[0] as {
    status: string
  }

/** What the video's folder holds on disk. */
const filesOf = async (id: number) => {
  const folder = path.join(videoDir, String(id))
  return existsSync(folder) ? (await readdir(folder)).sort() : []
}

const videoCount = async () => Number((await sql('SELECT count(*) AS n FROM videos'))[0].n)

const transcodeJobsOf = async (id: number) =>
  sql(
    `SELECT id FROM "payload_jobs" WHERE task_slug = 'backofficeVideoTranscode' AND input->>'videoId' = $1`,
    [String(id)],
  )

describe('creating an upload', () => {
  it('answers the video id and a signed URL, with the title cut to 100 and a slug from it', async () => {
    const title = `${'A very long title about the harbour '.repeat(4)}!`
    const answer = await requestUpload({ title, workspace: 'ws-1', slug: undefined })
    expect(answer.status).toBe(200)
    expect(answer.body.videoId).toEqual(expect.any(Number))
    expect(answer.body.signedUrl).toMatch(
      new RegExp(`^http://localhost:3000/api/video/videos/${answer.body.videoId}/source\\?token=`),
    )
    const video = await app.payload.findByID({
      collection: 'videos' as never,
      id: answer.body.videoId,
    })
    expect(video.title).toBe(title.slice(0, 100).trimEnd())
    expect(video.slug).toBe(
      'a-very-long-title-about-the-harbour-a-very-long-title-about-the-harbour-a-very-long-title-about-the',
    )
    expect(video.status).toBe('NO_FILE')
    expect(video.visibility).toBe('public')
    // The workspace is accepted and never stored: there is no column for it.
    const columns = await sql(
      `SELECT column_name FROM information_schema.columns WHERE table_name = 'videos'`,
    )
    expect(columns.map((row) => row.column_name)).not.toContain('workspace')
  })

  it('refuses an anonymous caller with 401 and creates nothing', async () => {
    const before = await videoCount()
    const anonymous = app.client()
    const answer = await anonymous.request('PUT', '/video/videos/upload', {
      body: { extension: 'mp4', mimeType: 'video/mp4', size: 10, title: 'x' },
    })
    expect(answer.status).toBe(401)
    expect(answer.body.errors[0].data.code).toBe('AUTHENTICATION_REQUIRED')
    expect((await anonymous.get('/video/videos')).status).toBe(401)
    expect((await anonymous.get('/video/categories')).status).toBe(401)
    expect((await anonymous.get('/video/tags')).status).toBe(401)
    expect((await anonymous.get('/videos')).status).toBe(403)
    expect(await videoCount()).toBe(before)
  })

  it.each([
    [{ title: '   ' }, 400, 'VIDEO_INPUT_INVALID'],
    [{ visibility: 'secret' }, 400, 'VIDEO_INPUT_INVALID'],
    [{ extension: '../mp4' }, 400, 'VIDEO_INPUT_INVALID'],
    [{ size: -1 }, 400, 'VIDEO_INPUT_INVALID'],
    [{ size: '12' }, 400, 'VIDEO_INPUT_INVALID'],
    [{ mimeType: 'image/png' }, 415, 'VIDEO_TYPE_NOT_ALLOWED'],
    [{ mimeType: 'text/html' }, 415, 'VIDEO_TYPE_NOT_ALLOWED'],
    [{ size: 50 * 1024 * 1024 + 1 }, 413, 'VIDEO_FILE_TOO_LARGE'],
    [{ categories: [999999] }, 400, 'VIDEO_INPUT_INVALID'],
    [{ categories: ['1 OR 1=1'] }, 400, 'VIDEO_INPUT_INVALID'],
    [{ categories: [1.5] }, 400, 'VIDEO_INPUT_INVALID'],
    [{ categories: [{ equals: 1 }] }, 400, 'VIDEO_INPUT_INVALID'],
    [{ tags: 'holiday' }, 400, 'VIDEO_INPUT_INVALID'],
    [{ multipart: 'yes' }, 400, 'VIDEO_INPUT_INVALID'],
    [{ multipart: true, size: undefined }, 400, 'VIDEO_INPUT_INVALID'],
  ])('refuses %j with %i %s and creates nothing', async (overrides, status, code) => {
    const before = await videoCount()
    const answer = await requestUpload(overrides)
    expect(answer.status).toBe(status)
    expect(answer.body.errors[0].data.code).toBe(code)
    expect(await videoCount()).toBe(before)
  })

  it('refuses a body that is not JSON with MALFORMED_REQUEST', async () => {
    const answer = await staff.request('PUT', '/video/videos/upload', {
      body: '{"title": ',
      headers: { 'content-type': 'application/json' },
    })
    expect(answer.status).toBe(400)
    expect(answer.body.errors[0].data.code).toBe('MALFORMED_REQUEST')
  })

  it('resolves category and tag slugs to ids, and stores the chosen ones on the video', async () => {
    const nature = await app.payload.create({
      collection: 'video-categories' as never,
      data: { name: 'Nature' } as never,
    })
    const city = await app.payload.create({
      collection: 'video-categories' as never,
      data: { name: 'City life' } as never,
    })
    const drone = await app.payload.create({
      collection: 'video-tags' as never,
      data: { name: 'Drone', slug: 'drone' } as never,
    })
    expect(city.slug).toBe('city-life')

    const categories = await staff.get('/video/categories?where[slug][in]=nature,city-life&depth=0')
    expect(categories.status).toBe(200)
    expect(categories.body.docs.map((doc: { id: number }) => doc.id).sort()).toEqual(
      [nature.id, city.id].sort(),
    )
    const tags = await staff.get('/video/tags?where[slug][in]=drone&depth=0')
    expect(tags.body.docs.map((doc: { id: number }) => doc.id)).toEqual([drone.id])
    const refused = await staff.get('/video/tags?where[name][like]=dr')
    expect(refused.status).toBe(400)
    expect(refused.body.errors[0].data.code).toBe('VIDEO_INPUT_INVALID')

    const { videoId } = await newUpload({ categories: [nature.id], tags: [drone.id] })
    const video = await app.payload.findByID({
      collection: 'videos' as never,
      depth: 0,
      id: videoId,
    })
    expect(video.categories).toEqual([nature.id])
    expect(video.tags).toEqual([drone.id])
    // Ids as text (as a form or a query string sends them) name the same documents.
    const { videoId: asText } = await newUpload({
      categories: [String(city.id), city.id],
      tags: [String(drone.id)],
    })
    const fromText = await app.payload.findByID({
      collection: 'videos' as never,
      depth: 0,
      id: asText,
    })
    expect(fromText.categories).toEqual([city.id])
    expect(fromText.tags).toEqual([drone.id])
    // Slugs are unique.
    await expect(
      app.payload.create({
        collection: 'video-tags' as never,
        data: { name: 'Drone again', slug: 'drone' } as never,
      }),
    ).rejects.toThrow()
  })

  it('lists videos with id, title, status, visibility and src.abr.url', async () => {
    const { videoId } = await newUpload({ title: 'Listed clip' })
    const list = await staff.get('/video/videos')
    expect(list.status).toBe(200)
    const listed = list.body.docs.find((doc: { id: number }) => doc.id === videoId)
    expect(listed).toMatchObject({
      id: videoId,
      playback: null,
      src: { abr: { url: null } },
      status: 'NO_FILE',
      title: 'Listed clip',
      visibility: 'public',
    })
    const one = await staff.get(`/video/videos/${videoId}`)
    expect(one.body).toMatchObject({ id: videoId, status: 'NO_FILE' })
    expect((await staff.get('/video/videos/123456789')).body.errors[0].data.code).toBe(
      'VIDEO_NOT_FOUND',
    )
  })

  it('searches titles server-side, page by page, so the field finds a video older than the newest hundred', async () => {
    const { videoId: old } = await newUpload({ title: 'Lighthouse timelapse at dusk' })
    // 100 newer videos push it off the first page the field used to load.
    for (let index = 0; index < 100; index += 1) {
      await app.payload.create({
        collection: 'videos' as never,
        data: { slug: `filler-${index}`, status: 'NO_FILE', title: `Filler ${index}` } as never,
      })
    }
    const first = await staff.get('/video/videos?limit=100')
    expect(first.body.docs.some((doc: { id: number }) => doc.id === old)).toBe(false)
    const found = await staff.get(
      `/video/videos?limit=20&search=${encodeURIComponent('dusk LIGHTHOUSE')}`,
    )
    expect(found.status).toBe(200)
    expect(found.body.docs.map((doc: { id: number }) => doc.id)).toEqual([old])
    const paged = await staff.get('/video/videos?limit=20&page=2&search=filler')
    expect(paged.body).toMatchObject({ hasNextPage: true, page: 2 })
    expect(paged.body.docs).toHaveLength(20)
    const tooLong = await staff.get(`/video/videos?search=${'a'.repeat(101)}`)
    expect(tooLong.status).toBe(400)
    expect(tooLong.body.errors[0].data.code).toBe('VIDEO_INPUT_INVALID')
    // The modal learns where to create categories and tags from the status answer.
    expect((await staff.get('/video/status')).body.collections).toEqual({
      categories: 'video-categories',
      tags: 'video-tags',
    })
  })
})

describe('the signed upload URL', () => {
  it('takes the whole file in one PUT, moves the video to PROGRESSING and queues its transcode', async () => {
    const { signedUrl, videoId } = await newUpload()
    const answer = await put(signedUrl, clip, { 'content-type': 'video/mp4' })
    expect(answer.status).toBe(200)
    expect(await answer.json()).toEqual({ status: 'PROGRESSING', videoId: String(videoId) })
    expect((await videoRow(videoId)).status).toBe('PROGRESSING')
    expect(await filesOf(videoId)).toEqual(['source'])
    expect((await readFile(path.join(videoDir, String(videoId), 'source'))).equals(clip)).toBe(true)
    expect(await transcodeJobsOf(videoId)).toHaveLength(1)
  })

  it('refuses a used URL once the upload completed, and keeps the file it received', async () => {
    const { signedUrl, videoId } = await newUpload()
    expect((await put(signedUrl, clip, { 'content-type': 'video/mp4' })).status).toBe(200)
    const again = await put(signedUrl, new Uint8Array(clip.length), { 'content-type': 'video/mp4' })
    expect(again.status).toBe(409)
    expect(await codeOf(again)).toBe('VIDEO_UPLOAD_COMPLETED')
    const status = await put(signedUrl, undefined, { 'content-range': `bytes */${clip.length}` })
    expect(status.status).toBe(409)
    expect((await readFile(path.join(videoDir, String(videoId), 'source'))).equals(clip)).toBe(true)
    expect(await transcodeJobsOf(videoId)).toHaveLength(1)
  })

  it.each([
    ['fewer bytes than signed', () => clip.subarray(0, clip.length - 1)],
    ['more bytes than signed', () => Buffer.concat([clip, Buffer.from('x')])],
  ])('refuses %s with VIDEO_UPLOAD_SIZE_MISMATCH and leaves nothing', async (_case, body) => {
    const { signedUrl, videoId } = await newUpload()
    // As a streamed body, with no Content-Length to refuse it by before reading.
    const bytes = body()
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new Uint8Array(bytes))
        controller.close()
      },
    })
    const answer = await put(signedUrl, stream, { 'content-type': 'video/mp4' })
    expect(answer.status).toBe(400)
    expect(await codeOf(answer)).toBe('VIDEO_UPLOAD_SIZE_MISMATCH')
    expect(existsSync(path.join(videoDir, String(videoId)))).toBe(false)
    expect((await videoRow(videoId)).status).toBe('NO_FILE')
  })

  it('refuses a Content-Length other than the signed size before reading the body', async () => {
    const { signedUrl, videoId } = await newUpload()
    const answer = await put(signedUrl, clip, {
      'content-length': String(clip.length + 10),
      'content-type': 'video/mp4',
    })
    expect(answer.status).toBe(400)
    expect(await codeOf(answer)).toBe('VIDEO_UPLOAD_SIZE_MISMATCH')
    expect(await filesOf(videoId)).toEqual([])
  })

  it('refuses another content type than the signed one', async () => {
    const { signedUrl, videoId } = await newUpload()
    const answer = await put(signedUrl, clip, { 'content-type': 'video/webm' })
    expect(answer.status).toBe(415)
    expect(await codeOf(answer)).toBe('VIDEO_UPLOAD_TYPE_MISMATCH')
    expect(await filesOf(videoId)).toEqual([])
  })

  it('refuses a tampered signature, changed claims and another video’s token, and leaves nothing', async () => {
    const { signedUrl, videoId } = await newUpload()
    const other = await newUpload()
    const url = new URL(signedUrl)
    const [claims, mac] = url.searchParams.get('token')!.split('.') as [string, string]
    const flipped = `${mac.slice(0, -2)}${mac.at(-2) === 'A' ? 'B' : 'A'}${mac.at(-1)}`
    const bigger = Buffer.from(
      JSON.stringify({
        ...JSON.parse(Buffer.from(claims, 'base64url').toString()),
        s: clip.length * 2,
      }),
    ).toString('base64url')
    const otherToken = new URL(other.signedUrl).searchParams.get('token')!
    for (const token of [
      `${claims}.${flipped}`,
      `${bigger}.${mac}`,
      otherToken,
      'not-a-token',
      '',
    ]) {
      const target = new URL(signedUrl)
      target.searchParams.set('token', token)
      const answer = await put(target.toString(), clip, { 'content-type': 'video/mp4' })
      expect(answer.status).toBe(403)
      expect(await codeOf(answer)).toBe('VIDEO_UPLOAD_URL_INVALID')
    }
    expect(await filesOf(videoId)).toEqual([])
    expect((await videoRow(videoId)).status).toBe('NO_FILE')
  })

  it('refuses an expired URL and leaves nothing', async () => {
    const { signedUrl, videoId } = await newUpload()
    const now = Date.now()
    // A day and an hour later: the default lifetime is 24 hours.
    const clock = vi.spyOn(Date, 'now').mockReturnValue(now + 25 * 3600 * 1000)
    try {
      const answer = await put(signedUrl, clip, { 'content-type': 'video/mp4' })
      expect(answer.status).toBe(403)
      expect(await codeOf(answer)).toBe('VIDEO_UPLOAD_URL_EXPIRED')
    } finally {
      clock.mockRestore()
    }
    expect(await filesOf(videoId)).toEqual([])
  })

  it('takes chunks, survives a dropped connection, tells where to resume, and completes with no part file left', async () => {
    const { signedUrl, videoId } = await newUpload()
    const total = clip.length
    const third = Math.floor(total / 3)
    const chunk = (
      first: number,
      last: number,
      body: ReadableStream<Uint8Array> | Uint8Array = clip.subarray(first, last + 1),
    ) =>
      put(signedUrl, body, {
        'content-range': `bytes ${first}-${last}/${total}`,
        'content-type': 'video/mp4',
      })

    const first = await chunk(0, third - 1)
    expect(first.status).toBe(308)
    expect(first.headers.get('range')).toBe(`bytes=0-${third - 1}`)

    // The second chunk's connection drops after half of it: what arrived is kept.
    const half = Math.floor(third / 2)
    const dropped = await chunk(
      third,
      2 * third - 1,
      droppedAfter(new Uint8Array(clip.subarray(third, third + half))),
    )
    expect(dropped.status).toBeGreaterThanOrEqual(400)
    expect(await filesOf(videoId)).toEqual(['source.part'])

    // A page reload later, the client asks how far the server got.
    const status = await put(signedUrl, undefined, { 'content-range': `bytes */${total}` })
    expect(status.status).toBe(308)
    expect(status.headers.get('range')).toBe(`bytes=0-${third + half - 1}`)

    // A chunk that does not continue the upload is refused, with where it should start.
    const gap = await chunk(2 * third, total - 1)
    expect(gap.status).toBe(416)
    expect(await codeOf(gap)).toBe('VIDEO_UPLOAD_RANGE_INVALID')
    expect(gap.headers.get('range')).toBe(`bytes=0-${third + half - 1}`)

    expect((await chunk(third + half, 2 * third - 1)).status).toBe(308)
    const last = await chunk(2 * third, total - 1)
    expect(last.status).toBe(200)
    expect(await filesOf(videoId)).toEqual(['source'])
    expect((await readFile(path.join(videoDir, String(videoId), 'source'))).equals(clip)).toBe(true)
    expect((await videoRow(videoId)).status).toBe('PROGRESSING')
    expect(await transcodeJobsOf(videoId)).toHaveLength(1)
  })

  it('removes the part file when a whole-file PUT is cut off', async () => {
    const { signedUrl, videoId } = await newUpload()
    const answer = await put(signedUrl, droppedAfter(new Uint8Array(clip.subarray(0, 1000))), {
      'content-type': 'video/mp4',
    })
    expect(answer.status).toBe(400)
    expect(await filesOf(videoId)).toEqual([])
    expect((await videoRow(videoId)).status).toBe('NO_FILE')
  })

  it('lets one request at a time write an upload', async () => {
    const { signedUrl, videoId } = await newUpload()
    // The first chunk's body arrives slowly: it holds the upload until its last byte.
    let finish: () => void = () => undefined
    const slow = new ReadableStream<Uint8Array>({
      async pull(controller) {
        controller.enqueue(new Uint8Array(clip.subarray(0, 100)))
        await new Promise<void>((resolve) => (finish = resolve))
        controller.close()
      },
    })
    const first = put(signedUrl, slow, {
      'content-range': `bytes 0-99/${clip.length}`,
      'content-type': 'video/mp4',
    })
    // It holds the upload once its lock file is there.
    await expect.poll(() => filesOf(videoId)).toContain('source.lock')
    const second = await put(signedUrl, clip.subarray(0, 100), {
      'content-range': `bytes 0-99/${clip.length}`,
      'content-type': 'video/mp4',
    })
    expect(second.status).toBe(409)
    expect(await codeOf(second)).toBe('VIDEO_UPLOAD_BUSY')
    finish()
    expect((await first).status).toBe(308)
    expect(await filesOf(videoId)).toEqual(['source.part'])
  })

  it('refuses a chunk whose Content-Range total is not the signed size', async () => {
    const { signedUrl, videoId } = await newUpload()
    const answer = await put(signedUrl, clip.subarray(0, 10), {
      'content-range': `bytes 0-9/${clip.length + 1}`,
      'content-type': 'video/mp4',
    })
    expect(answer.status).toBe(400)
    expect(await codeOf(answer)).toBe('VIDEO_UPLOAD_SIZE_MISMATCH')
    expect(await filesOf(videoId)).toEqual([])
  })
})

describe('the daily reconciliation', () => {
  it('removes folders of no video and expired part files, and reports videos whose files are gone', async () => {
    // A folder left by a video that no longer exists.
    const orphan = path.join(videoDir, '987654')
    await mkdir(orphan, { recursive: true })
    await writeFile(path.join(orphan, 'source'), 'left behind')
    // An upload abandoned halfway, two days ago: its URL has expired, nobody can finish it.
    const abandoned = await newUpload()
    const chunk = await put(abandoned.signedUrl, clip.subarray(0, 100), {
      'content-range': `bytes 0-99/${clip.length}`,
      'content-type': 'video/mp4',
    })
    expect(chunk.status).toBe(308)
    await sql(`UPDATE videos SET created_at = now() - interval '2 days' WHERE id = $1`, [
      abandoned.videoId,
    ])
    // An upload still within its URL's lifetime is left alone.
    const recent = await newUpload()
    await put(recent.signedUrl, clip.subarray(0, 100), {
      'content-range': `bytes 0-99/${clip.length}`,
      'content-type': 'video/mp4',
    })
    // A finished video whose renditions were lost with a disk.
    const finished = await newUpload()
    await put(finished.signedUrl, clip, { 'content-type': 'video/mp4' })
    await sql(`UPDATE videos SET status = 'COMPLETE' WHERE id = $1`, [finished.videoId])

    const warnings = vi.spyOn(app.payload.logger, 'warn')
    try {
      const job = (await app.payload.jobs.queue({
        input: {},
        queue: 'video',
        task: 'backofficeVideoReconcile' as never,
      })) as { id: number }
      await app.payload.jobs.runByID({ id: job.id, silent: true })
      expect(warnings).toHaveBeenCalledWith(
        expect.stringContaining(`lost their files: ${finished.videoId}`),
      )
    } finally {
      warnings.mockRestore()
    }
    expect(existsSync(orphan)).toBe(false)
    expect(await filesOf(abandoned.videoId)).toEqual([])
    expect(await filesOf(recent.videoId)).toEqual(['source.part'])
    // Reported, never deleted: the video stays the editor's record.
    expect((await videoRow(finished.videoId)).status).toBe('COMPLETE')
  })
})
