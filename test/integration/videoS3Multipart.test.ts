import { HeadObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3'
import { mkdtemp, readdir } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import S3rver from 's3rver'
import { afterAll, beforeAll, expect, it, vi } from 'vitest'

import type { Json } from '../helpers/json.js'
import type { RestClient } from '../helpers/restClient.js'

import { startBucket } from '../helpers/s3Bucket.js'
import { startTestPayload, type TestPayload } from '../helpers/testPayload.js'
import { makeClip, padClip, rawRequest } from '../helpers/video.js'

const password = 'a-long-and-unusual-passphrase-42'
const MiB = 1024 ** 2

let app: TestPayload
let staff: RestClient
let bucketServer: S3rver
let bucketHost: string
let s3: S3Client
let scratch: string
let workDir: string
/** A real clip padded to 19 MiB: three parts of 8, 8 and 3 MiB. */
let large: Buffer

beforeAll(async () => {
  scratch = await mkdtemp(path.join(tmpdir(), 'video-s3-multipart-'))
  workDir = await mkdtemp(path.join(tmpdir(), 'video-s3-multipart-work-'))
  const bucket = await startBucket()
  bucketServer = bucket.server
  bucketHost = bucket.host
  s3 = bucket.client
  const { config } = bucket
  app = await startTestPayload({
    videoOptions: {
      autoRun: false,
      // Lowered from 100 MiB so that a file of a few tens of MiB goes in parts.
      storage: {
        bucket: 'media',
        config,
        directory: workDir,
        multipartThresholdBytes: MiB,
        type: 's3',
      },
    },
  })
  staff = app.client()
  expect(
    (await staff.post('/users/first-register', { email: 'staff@example.com', password })).status,
  ).toBe(200)
  large = await padClip(await makeClip(scratch, 'large.mp4'), 19 * MiB)
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

const codeOf = async (response: Response) =>
  ((await response.json()) as { errors: { data: { code: string } }[] }).errors[0]!.data.code

type Started = {
  multipart?: { partBytes: number; parts: number }
  signedUrl: string
  videoId: number
}

/** The upload request as the admin's modal sends it: with the size, asking for parts. */
const startUpload = async (size: number, title = 'In parts'): Promise<Started> => {
  const created = await staff.request<Json>('PUT', '/video/videos/upload', {
    body: {
      extension: 'mp4',
      mimeType: 'video/mp4',
      multipart: true,
      size,
      title,
      visibility: 'public',
    },
  })
  expect(created.status).toBe(200)
  return created.body as Started
}

/** A request to the plugin's multipart URL; its token is the only credential, as in a browser. */
const post = (url: string, body: unknown) =>
  rawRequest(app.config, 'POST', url, {
    body: Buffer.from(JSON.stringify(body)),
    headers: { 'content-type': 'application/json' },
  })

const signParts = async (signedUrl: string, partNumbers: number[]) => {
  const answer = await post(signedUrl, { partNumbers })
  expect(answer.status).toBe(200)
  const { urls } = (await answer.json()) as { urls: { partNumber: number; url: string }[] }
  return new Map(urls.map(({ partNumber, url }) => [partNumber, url]))
}

const partOf = (bytes: Buffer, partNumber: number) =>
  bytes.subarray((partNumber - 1) * 8 * MiB, partNumber * 8 * MiB)

/** The browser's PUT of one part, straight to the bucket; the ETag it answers completes the upload. */
const putPart = async (url: string, body: Buffer) => {
  const answer = await fetch(url, { body: new Uint8Array(body), method: 'PUT' })
  await answer.arrayBuffer()
  return { etag: answer.headers.get('etag'), status: answer.status }
}

const statusOf = async (videoId: number) =>
  (
    (await app.payload.findByID({ collection: 'videos', depth: 0, id: videoId })) as unknown as {
      status: string
    }
  ).status

it('sends a large file to the bucket in parts, completes it, and encodes it', async () => {
  const { multipart, signedUrl, videoId } = await startUpload(large.length)
  expect(multipart).toEqual({ partBytes: 8 * MiB, parts: 3 })
  // The signed URL is the plugin's, not the bucket's: it signs parts and completes.
  expect(new URL(signedUrl).pathname).toBe(`/api/video/videos/${videoId}/multipart`)

  const urls = await signParts(signedUrl, [1, 2, 3])
  for (const url of urls.values()) {
    const presigned = new URL(url)
    expect(presigned.host).toBe(bucketHost)
    expect(presigned.pathname).toBe(`/media/videos/${videoId}/source`)
    // Each part's length is signed: the bucket takes no other.
    expect(presigned.searchParams.get('X-Amz-SignedHeaders')?.split(';')).toContain(
      'content-length',
    )
  }
  const sent = await Promise.all(
    [1, 2, 3].map(async (partNumber) => ({
      partNumber,
      ...(await putPart(urls.get(partNumber)!, partOf(large, partNumber))),
    })),
  )
  expect(sent.map(({ status }) => status)).toEqual([200, 200, 200])
  // The bytes went to the bucket, not through the app.
  expect(await readdir(workDir)).toEqual([])
  // Until completion the bucket holds parts, not a source.
  expect(await keysIn(`videos/${videoId}/`)).toEqual([])
  expect(await statusOf(videoId)).toBe('NO_FILE')

  const completed = await post(signedUrl, {
    parts: sent.map(({ etag, partNumber }) => ({ etag, partNumber })),
  })
  expect(completed.status).toBe(200)
  expect(await completed.json()).toEqual({ status: 'PROGRESSING', videoId: String(videoId) })
  const head = await s3.send(
    new HeadObjectCommand({ Bucket: 'media', Key: `videos/${videoId}/source` }),
  )
  expect(head.ContentLength).toBe(large.length)
  expect(head.ContentType).toBe('video/mp4')

  // Used once: the URL neither signs nor completes again.
  const again = await post(signedUrl, { partNumbers: [1] })
  expect(again.status).toBe(409)
  expect(await codeOf(again)).toBe('VIDEO_UPLOAD_COMPLETED')

  await app.payload.jobs.run({ queue: 'video', silent: true })
  expect((await staff.get(`/video/videos/${videoId}`)).body.status).toBe('COMPLETE')
  expect(await keysIn(`videos/${videoId}/out/`)).toEqual(
    expect.arrayContaining([
      `videos/${videoId}/out/master.m3u8`,
      `videos/${videoId}/out/poster.jpg`,
    ]),
  )
})

it('resumes an interrupted upload by signing and sending only the parts still missing', async () => {
  const { signedUrl, videoId } = await startUpload(large.length, 'Interrupted')
  const first = await signParts(signedUrl, [1])
  const one = await putPart(first.get(1)!, partOf(large, 1))
  expect(one.status).toBe(200)
  // The connection drops during part 2: the bucket keeps nothing of it.
  const cut = await signParts(signedUrl, [2])
  const controller = new AbortController()
  const dropped = fetch(cut.get(2)!, {
    body: new ReadableStream({
      pull: (stream) => {
        stream.enqueue(new Uint8Array(partOf(large, 2).subarray(0, MiB)))
        controller.abort()
      },
    }),
    duplex: 'half',
    method: 'PUT',
    signal: controller.signal,
  } as RequestInit)
  await expect(dropped).rejects.toThrow()
  expect(await statusOf(videoId)).toBe('NO_FILE')

  // Later, the rest: parts 2 and 3 only, then the completion with part 1's ETag from before.
  const rest = await signParts(signedUrl, [2, 3])
  expect([...rest.keys()]).toEqual([2, 3])
  const two = await putPart(rest.get(2)!, partOf(large, 2))
  const three = await putPart(rest.get(3)!, partOf(large, 3))
  const completed = await post(signedUrl, {
    parts: [
      { etag: three.etag, partNumber: 3 },
      { etag: one.etag, partNumber: 1 },
      { etag: two.etag, partNumber: 2 },
    ],
  })
  expect(completed.status).toBe(200)
  const stored = await s3.send(
    new HeadObjectCommand({ Bucket: 'media', Key: `videos/${videoId}/source` }),
  )
  expect(stored.ContentLength).toBe(large.length)
  expect(await statusOf(videoId)).toBe('PROGRESSING')
})

it('refuses a completion that does not add up to the announced size, and the upload stays open', async () => {
  const { signedUrl, videoId } = await startUpload(large.length, 'Short')
  const urls = await signParts(signedUrl, [1, 2, 3])
  const one = await putPart(urls.get(1)!, partOf(large, 1))
  const two = await putPart(urls.get(2)!, partOf(large, 2))
  const short = await post(signedUrl, {
    parts: [
      { etag: one.etag, partNumber: 1 },
      { etag: two.etag, partNumber: 2 },
    ],
  })
  expect(short.status).toBe(400)
  expect(await codeOf(short)).toBe('VIDEO_UPLOAD_SIZE_MISMATCH')
  const beyond = await post(signedUrl, {
    parts: [
      { etag: one.etag, partNumber: 1 },
      { etag: two.etag, partNumber: 2 },
      { etag: two.etag, partNumber: 4 },
    ],
  })
  expect(beyond.status).toBe(416)
  expect(await codeOf(beyond)).toBe('VIDEO_UPLOAD_RANGE_INVALID')
  expect(await statusOf(videoId)).toBe('NO_FILE')
  expect(await keysIn(`videos/${videoId}/`)).toEqual([])

  // Nothing was lost: the missing part, and the upload completes.
  const three = await putPart(urls.get(3)!, partOf(large, 3))
  const completed = await post(signedUrl, {
    parts: [one, two, three].map(({ etag }, index) => ({ etag, partNumber: index + 1 })),
  })
  expect(completed.status).toBe(200)
  expect(await statusOf(videoId)).toBe('PROGRESSING')
})

it('refuses a completion whose parts assemble another size, and removes what they made', async () => {
  const { signedUrl, videoId } = await startUpload(large.length, 'Wrong part')
  const urls = await signParts(signedUrl, [1, 2, 3])
  const one = await putPart(urls.get(1)!, partOf(large, 1))
  const two = await putPart(urls.get(2)!, partOf(large, 2))
  // Part 3 with 8 MiB instead of 3. S3 refuses it, since its length is signed into the URL; s3rver
  // does not check SigV4 signatures and takes it, so the check after assembly is what answers here.
  const wrong = await putPart(urls.get(3)!, partOf(large, 2))
  expect(wrong.status).toBe(200)
  const completed = await post(signedUrl, {
    parts: [one, two, wrong].map(({ etag }, index) => ({ etag, partNumber: index + 1 })),
  })
  expect(completed.status).toBe(400)
  expect(await codeOf(completed)).toBe('VIDEO_UPLOAD_SIZE_MISMATCH')
  expect(await statusOf(videoId)).toBe('NO_FILE')
  expect(await keysIn(`videos/${videoId}/`)).toEqual([])
  // Nor does the list that looks for finished bucket uploads take it.
  expect((await staff.get(`/video/videos/${videoId}`)).body.status).toBe('NO_FILE')
})

it('refuses tampered, foreign and expired tokens and part numbers out of range, changing nothing', async () => {
  const { signedUrl, videoId } = await startUpload(large.length, 'Guarded')
  const other = await startUpload(large.length, 'Other')
  const token = new URL(signedUrl).searchParams.get('token')!
  const [claims, mac] = token.split('.') as [string, string]
  const flipped = (mac[0] === 'A' ? 'B' : 'A') + mac.slice(1)
  // The same MAC over claims that allow a larger file.
  const bigger = Buffer.from(
    JSON.stringify({ ...JSON.parse(Buffer.from(claims, 'base64url').toString()), s: 40 * MiB }),
  ).toString('base64url')
  for (const forged of [
    `${claims}.${flipped}`,
    `${bigger}.${mac}`,
    new URL(other.signedUrl).searchParams.get('token')!,
    'not-a-token',
  ]) {
    const target = new URL(signedUrl)
    target.searchParams.set('token', forged)
    const answer = await post(target.toString(), { partNumbers: [1] })
    expect(answer.status).toBe(403)
    expect(await codeOf(answer)).toBe('VIDEO_UPLOAD_URL_INVALID')
  }

  const now = Date.now()
  // A day and an hour later: the default lifetime is 24 hours.
  const clock = vi.spyOn(Date, 'now').mockReturnValue(now + 25 * 3600 * 1000)
  try {
    const late = await post(signedUrl, { partNumbers: [1] })
    expect(late.status).toBe(403)
    expect(await codeOf(late)).toBe('VIDEO_UPLOAD_URL_EXPIRED')
  } finally {
    clock.mockRestore()
  }

  for (const partNumbers of [[0], [4], [1.5], ['1']]) {
    const answer = await post(signedUrl, { partNumbers })
    expect(answer.status).toBe(416)
    expect(await codeOf(answer)).toBe('VIDEO_UPLOAD_RANGE_INVALID')
  }
  const tooMany = await post(signedUrl, { partNumbers: Array.from({ length: 101 }, () => 1) })
  expect(tooMany.status).toBe(400)
  expect(await codeOf(tooMany)).toBe('VIDEO_INPUT_INVALID')
  expect(await statusOf(videoId)).toBe('NO_FILE')
  expect(await keysIn(`videos/${videoId}/`)).toEqual([])

  // A file under the threshold still goes in one presigned PUT to the bucket.
  const small = await startUpload(MiB, 'Small')
  expect(small.multipart).toBeUndefined()
  expect(new URL(small.signedUrl).host).toBe(bucketHost)
})

it('answers a client that does not ask for parts with one presigned PUT up to 5 GiB, and refuses a larger file with VIDEO_UPLOAD_NEEDS_PARTS', async () => {
  const single = await staff.request<Json>('PUT', '/video/videos/upload', {
    body: { extension: 'mp4', mimeType: 'video/mp4', size: large.length, title: 'One PUT' },
  })
  expect(single.status).toBe(200)
  expect(single.body.multipart).toBeUndefined()
  const presigned = new URL(single.body.signedUrl)
  expect(presigned.host).toBe(bucketHost)
  expect(presigned.pathname).toBe(`/media/videos/${single.body.videoId}/source`)

  const countVideos = async () =>
    (await app.payload.count({ collection: 'videos' as never })).totalDocs
  const before = await countVideos()
  const huge = await staff.request<Json>('PUT', '/video/videos/upload', {
    body: { extension: 'mp4', mimeType: 'video/mp4', size: 5 * 1024 ** 3 + 1, title: 'Huge' },
  })
  expect(huge.status).toBe(413)
  expect(huge.body.errors[0].data.code).toBe('VIDEO_UPLOAD_NEEDS_PARTS')
  expect(await countVideos()).toBe(before)
  // Asking for parts, the same file is taken; parts cannot be cut without a size.
  expect((await startUpload(5 * 1024 ** 3 + 1, 'Huge in parts')).multipart).toEqual({
    partBytes: 8 * MiB,
    parts: 641,
  })
  const sizeless = await staff.request<Json>('PUT', '/video/videos/upload', {
    body: { extension: 'mp4', mimeType: 'video/mp4', multipart: true, title: 'No size' },
  })
  expect(sizeless.status).toBe(400)
  expect(sizeless.body.errors[0].data.code).toBe('VIDEO_INPUT_INVALID')
  expect(await countVideos()).toBe(before + 1)
})

/** A body as sent, JSON or not, to the multipart URL. */
const postRaw = (url: string, body: string) =>
  rawRequest(app.config, 'POST', url, {
    body: Buffer.from(body),
    headers: { 'content-type': 'application/json' },
  })

it('declared body of the multipart URL: malformed, oversized and hostile bodies get a 4xx code, the upload stays open and the bucket empty', async () => {
  const { signedUrl, videoId } = await startUpload(large.length, 'Hostile parts')
  const cases: [body: string, status: number, code: string][] = [
    ['{"partNumbers": [1', 400, 'MALFORMED_REQUEST'],
    ['[1, 2, 3]', 400, 'MALFORMED_REQUEST'],
    ['{}', 400, 'VIDEO_INPUT_INVALID'],
    [JSON.stringify({ partNumbers: [] }), 400, 'VIDEO_INPUT_INVALID'],
    [JSON.stringify({ partNumbers: '1,2' }), 400, 'VIDEO_INPUT_INVALID'],
    [JSON.stringify({ partNumbers: [{ $gt: 0 }] }), 416, 'VIDEO_UPLOAD_RANGE_INVALID'],
    [JSON.stringify({ parts: null }), 400, 'VIDEO_INPUT_INVALID'],
    [
      JSON.stringify({ parts: [{ etag: '"x" OR 1=1', partNumber: 1 }] }),
      400,
      'VIDEO_INPUT_INVALID',
    ],
    [
      JSON.stringify({ parts: [{ etag: 'abc', partNumber: '1' }] }),
      416,
      'VIDEO_UPLOAD_RANGE_INVALID',
    ],
    [JSON.stringify({ parts: [['abc', 1]] }), 400, 'VIDEO_INPUT_INVALID'],
    // Over the 1 MiB a completion of 10,000 parts needs.
    [JSON.stringify({ partNumbers: [1], padding: 'x'.repeat(2 * MiB) }), 413, 'PAYLOAD_TOO_LARGE'],
    // Own `__proto__` keys reach nothing: the body is as empty as `{}`.
    ['{"__proto__": {"partNumbers": [1]}}', 400, 'VIDEO_INPUT_INVALID'],
  ]
  for (const [body, status, code] of cases) {
    const answer = await postRaw(signedUrl, body)
    expect([answer.status, await codeOf(answer)], body.slice(0, 60)).toEqual([status, code])
  }
  expect(({} as Record<string, unknown>).partNumbers).toBeUndefined()
  expect(await statusOf(videoId)).toBe('NO_FILE')
  expect(await keysIn(`videos/${videoId}/`)).toEqual([])
  // The same URL still signs parts.
  expect((await signParts(signedUrl, [1])).size).toBe(1)
})

it('declared guard of the multipart URL: a forged token is refused with 403 before its body is read', async () => {
  const { signedUrl } = await startUpload(large.length, 'Forged token')
  const target = new URL(signedUrl)
  target.searchParams.set('token', 'not-a-token')
  for (const body of ['{"partNumbers": [1', JSON.stringify({ padding: 'x'.repeat(2 * MiB) })]) {
    const answer = await postRaw(target.toString(), body)
    expect([answer.status, await codeOf(answer)]).toEqual([403, 'VIDEO_UPLOAD_URL_INVALID'])
  }
})

it('stops a deleted video’s upload: its URL no longer signs parts nor completes', async () => {
  const { signedUrl, videoId } = await startUpload(large.length, 'Deleted')
  const urls = await signParts(signedUrl, [1])
  const one = await putPart(urls.get(1)!, partOf(large, 1))
  expect(one.status).toBe(200)
  expect((await staff.request('DELETE', `/videos/${videoId}`)).status).toBe(200)
  for (const body of [{ partNumbers: [2] }, { parts: [{ etag: one.etag, partNumber: 1 }] }]) {
    const answer = await post(signedUrl, body)
    expect(answer.status).toBe(403)
    expect(await codeOf(answer)).toBe('VIDEO_UPLOAD_URL_INVALID')
  }
  expect(await keysIn(`videos/${videoId}/`)).toEqual([])
})

it('runs the daily reconcile on a store that cannot list open uploads, and says so', async () => {
  // s3rver answers ListMultipartUploads with NotImplemented: the task warns and finishes, leaving
  // the bucket's AbortIncompleteMultipartUpload lifecycle rule as the safeguard.
  const warnings = vi.spyOn(app.payload.logger, 'warn')
  try {
    const job = (await app.payload.jobs.queue({
      input: {},
      queue: 'video',
      task: 'backofficeVideoReconcile' as never,
    })) as { id: number }
    await app.payload.jobs.runByID({ id: job.id, silent: true })
    // Payload deletes a job that completed; one that failed stays, marked with its error.
    expect(
      await app.payload.findByID({
        collection: 'payload-jobs',
        depth: 0,
        disableErrors: true,
        id: job.id,
      }),
    ).toBeNull()
    expect(warnings).toHaveBeenCalledWith(
      expect.objectContaining({
        msg: expect.stringContaining('could not list the open multipart uploads') as string,
      }),
    )
  } finally {
    warnings.mockRestore()
  }
})
