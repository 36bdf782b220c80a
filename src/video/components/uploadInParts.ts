'use client'

import { uploadPercent } from '../lib/uploadChunks.js'

/** Parts in the air at once: enough to fill a fast line, few enough to leave the browser room. */
const PARALLEL_PARTS = 4

/** Part URLs asked for at once; the plugin signs up to 100 per request. */
const SIGN_BATCH = 20

/** Tries of one part after a failure, and the wait before each. */
const retryDelaysMs = [1_000, 2_000, 4_000, 8_000, 16_000]

type SignedParts = { partBytes: number; parts: number; urls: { partNumber: number; url: string }[] }

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** Whether a signed URL is the plugin's multipart URL (`…/videos/:id/multipart?token=…`). */
export const isMultipartUploadUrl = (signedUrl: string): boolean =>
  new URL(signedUrl, window.location.href).pathname.endsWith('/multipart')

const postJson = async (url: string, body: unknown): Promise<null | Response> => {
  try {
    return await fetch(url, {
      body: JSON.stringify(body),
      headers: { 'Content-Type': 'application/json' },
      method: 'POST',
    })
  } catch {
    return null
  }
}

/** Presigned part URLs from the plugin, or null when it refuses or cannot be reached. */
const signParts = async (signedUrl: string, partNumbers: number[]): Promise<null | SignedParts> => {
  const answer = await postJson(signedUrl, { partNumbers })
  return answer?.ok ? ((await answer.json()) as SignedParts) : null
}

/**
 * One part's PUT to the bucket, with its progress; answers the part's ETag, or null when it
 * failed. Reading the ETag needs the bucket's CORS rule to expose it (`ExposeHeaders: ETag`).
 */
const putPart = (
  url: string,
  body: Blob,
  onSent: (bytes: number) => void,
): Promise<null | string> =>
  new Promise((resolve) => {
    const request = new XMLHttpRequest()
    request.open('PUT', url)
    request.upload.onprogress = (event) => onSent(event.loaded)
    request.onload = () =>
      resolve(
        request.status >= 200 && request.status < 300 ? request.getResponseHeader('ETag') : null,
      )
    request.onerror = () => resolve(null)
    request.onabort = () => resolve(null)
    request.send(body)
  })

/**
 * Sends `file` as an S3 multipart upload: asks the plugin's signed URL for presigned part URLs, 20
 * at a time, PUTs the parts straight to the bucket, four at once, and retries a failed part alone
 * (with a freshly signed URL, after a growing wait), so a dropped connection costs one part, not the
 * file. Then asks the plugin to complete with every part's ETag. Progress is a whole-number percent
 * of the bytes the bucket confirmed plus those in flight. True once the plugin has completed it.
 */
export const uploadInParts = async ({
  file,
  onPercent,
  signedUrl,
}: {
  file: File
  onPercent: (percent: number) => void
  signedUrl: string
}): Promise<boolean> => {
  const first = await signParts(signedUrl, [1])
  if (!first) {
    return false
  }
  const { partBytes, parts } = first
  const etags = new Map<number, string>()
  const inFlight = new Map<number, number>()
  let confirmed = 0
  const report = () => {
    let sent = confirmed
    for (const bytes of inFlight.values()) {
      sent += bytes
    }
    onPercent(Math.min(99, uploadPercent(sent, file.size)))
  }

  const sendPart = async (partNumber: number, firstUrl: string): Promise<boolean> => {
    const body = file.slice((partNumber - 1) * partBytes, partNumber * partBytes)
    let url: string | undefined = firstUrl
    for (let attempt = 0; ; attempt++) {
      const etag: null | string = url
        ? await putPart(url, body, (bytes) => {
            inFlight.set(partNumber, bytes)
            report()
          })
        : null
      inFlight.delete(partNumber)
      if (etag) {
        etags.set(partNumber, etag)
        confirmed += body.size
        report()
        return true
      }
      const delay = retryDelaysMs[attempt]
      if (delay === undefined) {
        return false
      }
      await wait(delay)
      // The URL may have expired while the part waited: sign it again.
      url = (await signParts(signedUrl, [partNumber]))?.urls[0]?.url
    }
  }

  const urls = new Map(first.urls.map(({ partNumber, url }) => [partNumber, url]))
  for (let start = 1; start <= parts; start += SIGN_BATCH) {
    const batch = Array.from(
      { length: Math.min(SIGN_BATCH, parts - start + 1) },
      (_, i) => start + i,
    )
    const missing = batch.filter((partNumber) => !urls.has(partNumber))
    if (missing.length > 0) {
      const signed = await signParts(signedUrl, missing)
      if (!signed) {
        return false
      }
      for (const { partNumber, url } of signed.urls) {
        urls.set(partNumber, url)
      }
    }
    const queue = [...batch]
    const results = await Promise.all(
      Array.from({ length: Math.min(PARALLEL_PARTS, queue.length) }, async () => {
        for (let partNumber = queue.shift(); partNumber !== undefined; partNumber = queue.shift()) {
          if (!(await sendPart(partNumber, urls.get(partNumber)!))) {
            return false
          }
        }
        return true
      }),
    )
    if (results.includes(false)) {
      return false
    }
  }
  const completed = await postJson(signedUrl, {
    parts: [...etags].map(([partNumber, etag]) => ({ etag, partNumber })),
  })
  if (!completed?.ok) {
    return false
  }
  onPercent(100)
  return true
}
