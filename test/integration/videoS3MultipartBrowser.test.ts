import type { BrowserContext } from 'playwright-core'

import { GetObjectCommand, HeadObjectCommand, S3Client } from '@aws-sdk/client-s3'
import { mkdtemp, readFile } from 'node:fs/promises'
import { createServer, type Server } from 'node:http'
import { tmpdir } from 'node:os'
import path from 'node:path'
import S3rver from 's3rver'
import ts from 'typescript'
import { afterAll, beforeAll, expect, it } from 'vitest'

import type { Json } from '../helpers/json.js'
import type { RestClient } from '../helpers/restClient.js'

import { launchBrowser } from '../helpers/browser.js'
import { startBucket } from '../helpers/s3Bucket.js'
import { startTestPayload, type TestPayload } from '../helpers/testPayload.js'
import { makeClip, padClip, rawRequest } from '../helpers/video.js'

/**
 * The admin's multipart client (src/video/components/uploadInParts.ts) in a real Chromium: the page
 * is served from a loopback origin that forwards `/api/…` to Payload, and the parts go across
 * origins to s3rver, whose CORS rule allows PUT and exposes ETag, as the README asks of a bucket.
 */

const password = 'a-long-and-unusual-passphrase-42'
const MiB = 1024 ** 2

let app: TestPayload
let staff: RestClient
let bucketServer: S3rver
let s3: S3Client
let pageServer: Server
let pageOrigin: string
let browser: BrowserContext
let large: Buffer

/** Serves the client modules as the browser loads them: TypeScript transpiled, imports kept. */
const clientModule = async (file: string) =>
  ts.transpileModule(await readFile(path.resolve('src/video', file), 'utf8'), {
    compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
  }).outputText

beforeAll(async () => {
  const scratch = await mkdtemp(path.join(tmpdir(), 'video-s3-browser-'))
  const clip = await makeClip(scratch, 'large.mp4')
  // Padded with an MP4 `free` box to 19 MiB: three parts.
  large = await padClip(clip, 19 * MiB)

  pageServer = createServer((request, response) => {
    void (async () => {
      const url = request.url ?? '/'
      if (url.startsWith('/api/')) {
        const chunks: Buffer[] = []
        for await (const chunk of request) {
          chunks.push(chunk as Buffer)
        }
        const answer = await rawRequest(app.config, 'POST', url, {
          body: Buffer.concat(chunks),
          headers: { 'content-type': 'application/json' },
        })
        response.writeHead(answer.status, { 'content-type': 'application/json' })
        response.end(Buffer.from(await answer.arrayBuffer()))
      } else if (url === '/large.mp4') {
        response.writeHead(200, { 'content-type': 'video/mp4' })
        response.end(large)
      } else if (url.endsWith('.js')) {
        response.writeHead(200, { 'content-type': 'text/javascript' })
        response.end(await clientModule(url.slice(1).replace(/\.js$/, '.ts')))
      } else {
        response.writeHead(200, { 'content-type': 'text/html' })
        response.end(
          `<!doctype html><script type="module">import { uploadInParts } from '/components/uploadInParts.js'; window.uploadInParts = uploadInParts</script>`,
        )
      }
    })()
  })
  await new Promise<void>((resolve) => pageServer.listen(0, '127.0.0.1', resolve))
  pageOrigin = `http://127.0.0.1:${(pageServer.address() as { port: number }).port}`

  const bucket = await startBucket({
    cors: `<CORSConfiguration><CORSRule><AllowedOrigin>${pageOrigin}</AllowedOrigin><AllowedMethod>PUT</AllowedMethod><AllowedHeader>*</AllowedHeader><ExposeHeader>ETag</ExposeHeader></CORSRule></CORSConfiguration>`,
  })
  bucketServer = bucket.server
  s3 = bucket.client
  const { config } = bucket
  app = await startTestPayload({
    videoOptions: {
      autoRun: false,
      storage: {
        bucket: 'media',
        config,
        directory: scratch,
        multipartThresholdBytes: MiB,
        type: 's3',
      },
    },
  })
  staff = app.client()
  expect(
    (await staff.post('/users/first-register', { email: 'staff@example.com', password })).status,
  ).toBe(200)
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
  await app?.close()
  s3?.destroy()
  await bucketServer?.close()
  await new Promise((resolve) => pageServer?.close(resolve))
})

it('uploads a large file from the browser in parts, retrying a dropped part alone', async () => {
  const created = await staff.request<Json>('PUT', '/video/videos/upload', {
    body: {
      extension: 'mp4',
      mimeType: 'video/mp4',
      multipart: true,
      size: large.length,
      title: 'From a browser',
    },
  })
  const { signedUrl, videoId } = created.body as { signedUrl: string; videoId: number }
  const page = await browser.newPage()
  await page.goto(pageOrigin)
  await page.waitForFunction(() => 'uploadInParts' in window)

  // Part 2's first PUT loses its connection; every later one goes through.
  const putsPerPart = new Map<string, number>()
  let dropped = false
  await page.route(/partNumber=/, async (route) => {
    const partNumber = new URL(route.request().url()).searchParams.get('partNumber')!
    putsPerPart.set(partNumber, (putsPerPart.get(partNumber) ?? 0) + 1)
    if (partNumber === '2' && !dropped) {
      dropped = true
      await route.abort('connectionreset')
      return
    }
    await route.continue()
  })

  const target = new URL(signedUrl)
  const { percents, sent } = await page.evaluate(async (url) => {
    const bytes = await (await fetch('/large.mp4')).blob()
    const file = new File([bytes], 'large.mp4', { type: 'video/mp4' })
    const seen: number[] = []
    const upload = (window as unknown as { uploadInParts: (args: object) => Promise<boolean> })
      .uploadInParts
    const ok = await upload({
      file,
      onPercent: (percent: number) => seen.push(percent),
      signedUrl: url,
    })
    return { percents: seen, sent: ok }
  }, `${pageOrigin}${target.pathname}${target.search}`)
  expect(sent).toBe(true)
  expect(Object.fromEntries(putsPerPart)).toEqual({ '1': 1, '2': 2, '3': 1 })
  expect(percents.every((percent) => Number.isInteger(percent))).toBe(true)
  expect(percents).toEqual([...percents].sort((a, b) => a - b))
  expect(percents.at(-1)).toBe(100)

  const head = await s3.send(
    new HeadObjectCommand({ Bucket: 'media', Key: `videos/${videoId}/source` }),
  )
  expect(head.ContentLength).toBe(large.length)
  // The bucket holds the file byte for byte, part 2 once despite its retry.
  const stored = await s3.send(
    new GetObjectCommand({ Bucket: 'media', Key: `videos/${videoId}/source` }),
  )
  expect(Buffer.from(await stored.Body!.transformToByteArray()).equals(large)).toBe(true)
  expect((await staff.get(`/video/videos/${videoId}`)).body.status).toBe('PROGRESSING')
})
