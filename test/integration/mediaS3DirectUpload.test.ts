import { GetObjectCommand, ListObjectsV2Command, type S3Client } from '@aws-sdk/client-s3'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import type { TestPayload } from '../helpers/testPayload.js'

import { drawLandscape, palettes } from '../../dev/seed/images.js'
import { type RestClient, restHandlers } from '../helpers/restClient.js'
import { startBucket } from '../helpers/s3Bucket.js'
import { startTestPayload } from '../helpers/testPayload.js'

/**
 * The sandbox's media on S3 through Payload's own adapter (`@payloadcms/storage-s3` with
 * `clientUploads`), as the direct-upload call of the content panel makes it: POST `collectionSlug`,
 * `filename` and `mimeType` to the server handler, which answers a `url`; PUT the file there with
 * Content-Length and Content-Type; then create the media document, whose file the adapter reads back
 * from the bucket. The bucket is s3rver on loopback.
 */

const password = 'a-long-and-unusual-passphrase-42'
const handler = '/storage-s3-generate-signed-url'
let app: TestPayload
let bucket: Awaited<ReturnType<typeof startBucket>>
let s3: S3Client
let editor: RestClient
let picture: Buffer

beforeAll(async () => {
  bucket = await startBucket()
  s3 = bucket.client
  app = await startTestPayload({ s3: { bucket: 'media', config: bucket.config } })
  editor = app.client()
  const registered = await editor.post('/users/first-register', {
    email: 'editor@example.com',
    password,
  })
  expect(registered.status).toBe(200)
  picture = await drawLandscape(palettes.dawn)
})
afterAll(async () => {
  await app?.close()
  s3?.destroy()
  await bucket?.server.close()
})

const keysIn = async (prefix: string) =>
  ((await s3.send(new ListObjectsV2Command({ Bucket: 'media', Prefix: prefix }))).Contents ?? [])
    .map((object) => object.Key!)
    .sort()

/** A file as the app serves it to anyone (media are public here), its bytes whole. */
const fetchServed = async (path: string) => {
  const url = new URL(`/api${path}`, 'http://localhost:3000')
  const response = await restHandlers.GET(app.config)(new Request(url), {
    params: Promise.resolve({ slug: url.pathname.split('/').filter(Boolean).slice(1) }),
  })
  return {
    bytes: Buffer.from(await response.arrayBuffer()),
    status: response.status,
    type: response.headers.get('content-type'),
  }
}

type SignedUpload = {
  clientUploadContext?: unknown
  errors?: { message: string }[]
  url?: string
}

describe('direct uploads of media to S3 (the server handler for direct uploads)', () => {
  it('answers a url for the file, takes the PUT there, and the created media document serves it back', async () => {
    const filename = 'harbour-at-dawn.png'
    const signed = await editor.post<SignedUpload>(handler, {
      collectionSlug: 'media',
      filename,
      mimeType: 'image/png',
    })
    expect(signed.status).toBe(200)
    const url = new URL(signed.body.url!)
    expect(url.origin).toBe(bucket.config.endpoint)
    // Bucket `media`, the collection's prefix `media`, a prefix of this upload's own, the name.
    const key = url.pathname.replace(/^\/media\//, '')
    expect(key).toMatch(new RegExp(`^media/[0-9a-f-]{36}/${filename.replace('.', '\\.')}$`))

    // The bytes go to the bucket, never through the app. fetch sends the body's Content-Length
    // itself (and refuses one set by hand).
    const put = await fetch(url, {
      body: new Uint8Array(picture),
      headers: { 'Content-Type': 'image/png' },
      method: 'PUT',
    })
    expect(put.status).toBe(200)
    expect(await keysIn('media/')).toEqual([key])

    // The document is created with the file's reference, as the admin's form sends it.
    const form = new FormData()
    form.set('_payload', JSON.stringify({ alt: 'A harbour at dawn' }))
    form.set(
      'file',
      JSON.stringify({
        clientUploadContext: signed.body.clientUploadContext,
        collectionSlug: 'media',
        filename,
        mimeType: 'image/png',
        size: picture.length,
      }),
    )
    const created = await editor.post<{ doc: { filename: string; id: number; url: string } }>(
      '/media',
      form,
    )
    expect(created.status).toBe(201)
    expect(created.body.doc.filename).toBe(filename)
    const served = new URL(created.body.doc.url)
    expect(served.pathname).toBe(`/api/media/file/${filename}`)
    // Payload's resized copies were made from the object in the bucket and stored beside it.
    expect(await keysIn('media/')).toEqual(
      expect.arrayContaining([
        key,
        key.replace(filename, 'harbour-at-dawn-300x300.png'),
        key.replace(filename, 'harbour-at-dawn-768x432.png'),
      ]),
    )
    const stored = await s3.send(new GetObjectCommand({ Bucket: 'media', Key: key }))
    expect(Buffer.from(await stored.Body!.transformToByteArray()).equals(picture)).toBe(true)

    // Served back by the app from the bucket, at the document's own URL.
    const file = await fetchServed(`${served.pathname.replace(/^\/api/, '')}${served.search}`)
    expect(file.status).toBe(200)
    expect(file.type).toBe('image/png')
    expect(file.bytes.equals(picture)).toBe(true)
    const row = await app.payload.findByID({ collection: 'media', id: created.body.doc.id })
    expect(row.filesize).toBe(picture.length)
  })

  it('refuses a signed-out client and a signed-in reviewer, who may not add media, with no url', async () => {
    const signedOut = await app.client().post<SignedUpload>(handler, {
      collectionSlug: 'media',
      filename: 'intruder.png',
      mimeType: 'image/png',
    })
    expect(signedOut.status).toBe(403)
    expect(signedOut.body.url).toBeUndefined()

    await app.payload.create({
      collection: 'users',
      data: { email: 'reviewer@example.com', password, roles: ['reviewer'] },
    })
    const reviewer = app.client()
    expect(
      (await reviewer.post('/users/login', { email: 'reviewer@example.com', password })).status,
    ).toBe(200)
    const refused = await reviewer.post<SignedUpload>(handler, {
      collectionSlug: 'media',
      filename: 'review.png',
      mimeType: 'image/png',
    })
    expect(refused.status).toBe(403)
    expect(refused.body.url).toBeUndefined()
    expect(await keysIn('media/intruder')).toEqual([])
  })

  it('refuses an SVG, which could carry script, before any url is signed: Payload must check it', async () => {
    const refused = await editor.post<SignedUpload>(handler, {
      collectionSlug: 'media',
      filename: 'logo.svg',
      mimeType: 'image/svg+xml',
    })
    expect(refused.status).toBe(400)
    expect(refused.body.url).toBeUndefined()
    expect(await keysIn('media/')).not.toEqual(
      expect.arrayContaining([expect.stringMatching(/svg$/)]),
    )
  })
})
