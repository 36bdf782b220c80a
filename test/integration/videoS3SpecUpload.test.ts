import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3'
import { mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import S3rver from 's3rver'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import type { RestClient } from '../helpers/restClient.js'
import type { TestPayload } from '../helpers/testPayload.js'

import { startBucket } from '../helpers/s3Bucket.js'
import { startSpecUploadApp } from '../helpers/specVideoClient.js'
import { sqlOn } from '../helpers/sql.js'

/**
 * The upload as a client written from the upload API's table alone makes it, on S3: no `size` in
 * the request, one plain PUT of the raw file to the signed URL, whatever the file's size. The
 * multipart threshold is lowered to 1 MiB and the largest file to 4 MiB, so that files above both
 * stay small.
 */

const MiB = 1024 ** 2

let app: TestPayload
let fixture: Awaited<ReturnType<typeof startSpecUploadApp>>
let client: Awaited<ReturnType<typeof startSpecUploadApp>>['client']
let staff: RestClient
let bucketServer: S3rver
let bucketHost: string
let s3: S3Client
let small: Buffer
/** A real clip padded to 3 MiB: above the multipart threshold. */
let large: Buffer
/** A real clip padded beyond the 4 MiB maximum. */
let tooLarge: Buffer
const sql = sqlOn(() => app.payload)

beforeAll(async () => {
  const workDir = await mkdtemp(path.join(tmpdir(), 'video-s3-spec-work-'))
  const bucket = await startBucket()
  bucketServer = bucket.server
  bucketHost = bucket.host
  s3 = bucket.client
  fixture = await startSpecUploadApp({
    autoRun: false,
    maxFileSizeBytes: 4 * MiB,
    storage: {
      bucket: 'media',
      config: bucket.config,
      directory: workDir,
      multipartThresholdBytes: MiB,
      type: 's3',
    },
  })
  ;({ app, client, staff } = fixture)
  ;({ large, small, tooLarge } = fixture.clips)
})
afterAll(async () => {
  await fixture?.close()
  s3?.destroy()
  await bucketServer?.close()
})

const keysIn = async (prefix: string) =>
  ((await s3.send(new ListObjectsV2Command({ Bucket: 'media', Prefix: prefix }))).Contents ?? [])
    .map((object) => object.Key!)
    .sort()

const videoRow = async (id: number) =>
  (await sql('SELECT status, upload_nonce, source_size FROM videos WHERE id = $1', [id]))[0] as {
    source_size: null | string
    status: string
    upload_nonce: null | string
  }

const transcodeJobsOf = async (id: number) =>
  sql(
    `SELECT id FROM "payload_jobs" WHERE task_slug = 'backofficeVideoTranscode' AND input->>'videoId' = $1`,
    [String(id)],
  )

describe('a client written from the upload table alone, on S3', () => {
  it.each([
    ['a small clip', () => small],
    ['a 3 MiB clip, above the multipart threshold,', () => large],
  ])(
    'uploads %s without a size in one plain PUT to the bucket, and it encodes to COMPLETE and plays',
    async (_case, bytes) => {
      const file = bytes()
      const created = await client.requestUpload({
        extension: 'mp4',
        mimeType: 'video/mp4',
        title: `Spec client ${file.length}`,
      })
      expect(created.status).toBe(200)
      const { signedUrl, videoId } = created.body
      // A presigned PUT of the bucket, with the type signed and no length.
      const presigned = new URL(signedUrl)
      expect(presigned.host).toBe(bucketHost)
      expect(presigned.pathname).toBe(`/media/videos/${videoId}/source`)
      const signed = presigned.searchParams.get('X-Amz-SignedHeaders')!.split(';')
      expect(signed).toContain('content-type')
      expect(signed).not.toContain('content-length')

      const sent = await client.putFile(signedUrl, file, 'video/mp4')
      expect(sent.status).toBe(200)
      // The widget reloads the list after a successful PUT: the app finds the file in the bucket.
      expect((await client.list()).docs.find((doc) => doc.id === videoId)!.status).toBe(
        'PROGRESSING',
      )
      expect(await videoRow(videoId)).toMatchObject({
        source_size: String(file.length),
        upload_nonce: null,
      })

      await app.payload.jobs.run({ queue: 'video', silent: true })
      const listed = (await client.list()).docs.find((doc) => doc.id === videoId)!
      expect(listed.status).toBe('COMPLETE')
      const master = await client.get(listed.src.abr.url!)
      expect(master.status).toBe(200)
      expect(master.headers.get('content-type')).toBe('application/vnd.apple.mpegurl')
      expect(await master.text()).toContain('360p/index.m3u8')
    },
  )

  it('refuses a file above maxFileSizeBytes with VIDEO_FILE_TOO_LARGE when it completes, removes it, and encodes nothing', async () => {
    const { signedUrl, videoId } = (
      await client.requestUpload({ extension: 'mp4', mimeType: 'video/mp4', title: 'Too large' })
    ).body
    // The bucket cannot know the app's maximum: it takes the PUT.
    expect((await client.putFile(signedUrl, tooLarge, 'video/mp4')).status).toBe(200)
    const told = await staff.post(`/video/videos/${videoId}/uploaded`)
    expect(told.status).toBe(413)
    expect(told.body.errors[0].data.code).toBe('VIDEO_FILE_TOO_LARGE')
    expect(await keysIn(`videos/${videoId}/`)).toEqual([])
    expect(await videoRow(videoId)).toMatchObject({ source_size: null, status: 'NO_FILE' })
    expect(await transcodeJobsOf(videoId)).toHaveLength(0)

    // Found by the list the widget reloads instead: removed all the same, the video still waiting.
    expect((await client.putFile(signedUrl, tooLarge, 'video/mp4')).status).toBe(200)
    expect((await client.list()).docs.find((doc) => doc.id === videoId)!.status).toBe('NO_FILE')
    expect(await keysIn(`videos/${videoId}/`)).toEqual([])
    await app.payload.jobs.run({ queue: 'video', silent: true })
    expect((await videoRow(videoId)).status).toBe('NO_FILE')
    expect(await transcodeJobsOf(videoId)).toHaveLength(0)

    // The URL still takes a file that fits.
    expect((await client.putFile(signedUrl, small, 'video/mp4')).status).toBe(200)
    expect((await staff.post(`/video/videos/${videoId}/uploaded`)).body.status).toBe('PROGRESSING')
  })

  it('still enforces a size given in the request: signed into the PUT, and checked when it completes', async () => {
    const created = await client.requestUpload(
      { extension: 'mp4', mimeType: 'video/mp4', title: 'Announced' },
      { size: small.length - 1 },
    )
    expect(created.status).toBe(200)
    const { signedUrl, videoId } = created.body
    expect(new URL(signedUrl).searchParams.get('X-Amz-SignedHeaders')!.split(';')).toContain(
      'content-length',
    )
    // S3 refuses another length than the signed one; s3rver does not check signatures and takes
    // it, so the check on completion is what answers here.
    expect((await client.putFile(signedUrl, small, 'video/mp4')).status).toBe(200)
    const told = await staff.post(`/video/videos/${videoId}/uploaded`)
    expect(told.status).toBe(400)
    expect(told.body.errors[0].data.code).toBe('VIDEO_UPLOAD_SIZE_MISMATCH')
    expect(await keysIn(`videos/${videoId}/`)).toEqual([])
    expect((await videoRow(videoId)).status).toBe('NO_FILE')
    expect(await transcodeJobsOf(videoId)).toHaveLength(0)
  })
})
