import { existsSync } from 'node:fs'
import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import type { TestPayload } from '../helpers/testPayload.js'

import { startSpecUploadApp } from '../helpers/specVideoClient.js'
import { sqlOn } from '../helpers/sql.js'
import { rawRequest } from '../helpers/video.js'

/**
 * The upload as a client written from the upload API's table alone makes it, on the local folder:
 * no `size` in the request, one plain PUT of the raw file. The largest file is lowered to 4 MiB so
 * that a file beyond it stays small.
 */

const MiB = 1024 ** 2

let app: TestPayload
let fixture: Awaited<ReturnType<typeof startSpecUploadApp>>
let client: Awaited<ReturnType<typeof startSpecUploadApp>>['client']
let videoDir: string
let small: Buffer
/** A real clip padded to 3 MiB: several of the receiver's 1 MiB write batches. */
let large: Buffer
/** A real clip padded beyond the 4 MiB maximum. */
let tooLarge: Buffer
const sql = sqlOn(() => app.payload)

beforeAll(async () => {
  fixture = await startSpecUploadApp({ autoRun: false, maxFileSizeBytes: 4 * MiB })
  ;({ app, client } = fixture)
  ;({ large, small, tooLarge } = fixture.clips)
  videoDir = process.env.VIDEO_DIR!
})
afterAll(async () => {
  await fixture?.close()
})

const filesOf = async (id: number) => {
  const folder = path.join(videoDir, String(id))
  return existsSync(folder) ? (await readdir(folder)).sort() : []
}

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

const codeOf = (text: string) =>
  (JSON.parse(text) as { errors: { data: { code: string } }[] }).errors[0]!.data.code

describe('a client written from the upload table alone, on the local folder', () => {
  it.each([
    ['a small clip', () => small],
    ['a 3 MiB clip', () => large],
  ])(
    'uploads %s without a size in one plain PUT, and it encodes to COMPLETE and plays',
    async (_case, bytes) => {
      const file = bytes()
      const created = await client.requestUpload({
        extension: 'mp4',
        mimeType: 'video/mp4',
        title: `Spec client ${file.length}`,
      })
      expect(created.status).toBe(200)
      const { signedUrl, videoId } = created.body
      expect(videoId).toEqual(expect.any(Number))
      expect(typeof signedUrl).toBe('string')

      const sent = await client.putFile(signedUrl, file, 'video/mp4')
      expect(sent.status).toBe(200)
      expect(await filesOf(videoId)).toEqual(['source'])
      expect((await readFile(path.join(videoDir, String(videoId), 'source'))).equals(file)).toBe(
        true,
      )
      // The size nobody announced is the size received.
      expect(await videoRow(videoId)).toMatchObject({
        source_size: String(file.length),
        status: 'PROGRESSING',
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

  it('refuses a file above maxFileSizeBytes with VIDEO_FILE_TOO_LARGE when no size was given, and keeps nothing', async () => {
    const created = await client.requestUpload({
      extension: 'mp4',
      mimeType: 'video/mp4',
      title: 'Too large',
    })
    expect(created.status).toBe(200)
    const { signedUrl, videoId } = created.body

    // Over HTTP the Content-Length says it all: refused before a byte is kept.
    const sent = await client.putFile(signedUrl, tooLarge, 'video/mp4')
    expect(sent.status).toBe(413)
    expect(codeOf(sent.text)).toBe('VIDEO_FILE_TOO_LARGE')

    // Streamed without a Content-Length, the receiver stops at the first byte beyond the maximum.
    const streamed = await rawRequest(app.config, 'PUT', signedUrl, {
      body: new ReadableStream<Uint8Array>({
        start(controller) {
          for (let offset = 0; offset < tooLarge.length; offset += MiB) {
            controller.enqueue(new Uint8Array(tooLarge.subarray(offset, offset + MiB)))
          }
          controller.close()
        },
      }),
      headers: { 'content-type': 'video/mp4' },
    })
    expect(streamed.status).toBe(413)
    expect(codeOf(await streamed.text())).toBe('VIDEO_FILE_TOO_LARGE')

    expect(await filesOf(videoId)).toEqual([])
    expect(await videoRow(videoId)).toMatchObject({ source_size: null, status: 'NO_FILE' })
    expect(await transcodeJobsOf(videoId)).toHaveLength(0)
    // The URL still takes a file that fits.
    expect((await client.putFile(signedUrl, small, 'video/mp4')).status).toBe(200)
  })

  it('still enforces a size given in the request as the exact size, a tighter bound than the maximum', async () => {
    const created = await client.requestUpload(
      { extension: 'mp4', mimeType: 'video/mp4', title: 'Announced' },
      { size: small.length - 1 },
    )
    expect(created.status).toBe(200)
    const { signedUrl, videoId } = created.body
    const sent = await client.putFile(signedUrl, small, 'video/mp4')
    expect(sent.status).toBe(400)
    expect(codeOf(sent.text)).toBe('VIDEO_UPLOAD_SIZE_MISMATCH')
    expect(await filesOf(videoId)).toEqual([])
    expect((await videoRow(videoId)).status).toBe('NO_FILE')
    // A size above the maximum is refused at the request, before any video exists.
    const refused = await client.requestUpload(
      { extension: 'mp4', mimeType: 'video/mp4', title: 'Announced too large' },
      { size: 4 * MiB + 1 },
    )
    expect(refused.status).toBe(413)
    expect(refused.body.errors![0]!.data.code).toBe('VIDEO_FILE_TOO_LARGE')
  })

  it('refuses an empty file, and chunks naming a total above the maximum, when no size was given', async () => {
    const { signedUrl, videoId } = (
      await client.requestUpload({ extension: 'mp4', mimeType: 'video/mp4', title: 'Empty' })
    ).body
    const empty = await client.putFile(signedUrl, new Uint8Array(0), 'video/mp4')
    expect(empty.status).toBe(400)
    expect(codeOf(empty.text)).toBe('VIDEO_UPLOAD_SIZE_MISMATCH')
    const status = await rawRequest(app.config, 'PUT', signedUrl, {
      headers: { 'content-range': 'bytes */0' },
    })
    expect(status.status).toBe(400)
    const chunk = await rawRequest(app.config, 'PUT', signedUrl, {
      body: new Uint8Array(small.subarray(0, 100)),
      headers: { 'content-range': `bytes 0-99/${4 * MiB + 1}`, 'content-type': 'video/mp4' },
    })
    expect(chunk.status).toBe(413)
    expect(codeOf(await chunk.text())).toBe('VIDEO_FILE_TOO_LARGE')
    expect(await filesOf(videoId)).toEqual([])
    expect((await videoRow(videoId)).status).toBe('NO_FILE')
  })
})
