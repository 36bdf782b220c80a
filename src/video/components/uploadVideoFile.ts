'use client'

import { nextChunk, receivedFromRange, statusRange, uploadPercent } from '../lib/uploadChunks.js'
import { isMultipartUploadUrl, uploadInParts } from './uploadInParts.js'

type Sent = { code: null | string; range: null | string; status: number }

/** The catalogue code of a refusal (`{ errors: [{ data: { code } }] }`), else null. */
const refusalCode = (request: XMLHttpRequest): null | string => {
  if (request.status < 400) {
    return null
  }
  try {
    const body = JSON.parse(request.responseText) as {
      errors?: { data?: { code?: unknown } }[]
    } | null
    const code = body?.errors?.[0]?.data?.code
    return typeof code === 'string' ? code : null
  } catch {
    return null
  }
}

/** One PUT with its upload progress; status 0 when the connection failed. */
const put = (
  url: string,
  body: Blob | null,
  headers: Record<string, string>,
  onSent: (bytes: number) => void,
): Promise<Sent> =>
  new Promise((resolve) => {
    const request = new XMLHttpRequest()
    request.open('PUT', url)
    for (const [name, value] of Object.entries(headers)) {
      request.setRequestHeader(name, value)
    }
    request.upload.onprogress = (event) => onSent(event.loaded)
    request.onload = () =>
      resolve({
        code: refusalCode(request),
        range: request.getResponseHeader('Range'),
        status: request.status,
      })
    request.onerror = () => resolve({ code: null, range: null, status: 0 })
    request.onabort = () => resolve({ code: null, range: null, status: 0 })
    request.send(body)
  })

/** Tries after a dropped connection before the upload counts as failed, and the wait before each. */
const retryDelaysMs = [1_000, 2_000, 4_000, 8_000, 16_000]

/**
 * Answers after which the upload can go on: no answer (a dropped connection), a chunk cut off
 * (400) or not continuing the file (416), another request writing (409 VIDEO_UPLOAD_BUSY), a
 * server error.
 */
const resumable = ({ code, status }: Sent) =>
  status === 0 ||
  status === 400 ||
  (status === 409 && code !== 'VIDEO_UPLOAD_COMPLETED') ||
  status === 416 ||
  status >= 500

/**
 * The server holds the whole file: it answered the last chunk, or it had already taken it (409
 * VIDEO_UPLOAD_COMPLETED, the URL used up) when the answer to the last chunk was lost to a dropped
 * connection or a page reload. The URL's video leaves NO_FILE only once all its bytes arrived.
 */
const holdsWholeFile = ({ code, status }: Sent) =>
  status === 200 || (status === 409 && code === 'VIDEO_UPLOAD_COMPLETED')

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** How a chunked upload may begin and what it reports besides its percent. */
type ChunkedOptions = {
  /**
   * Ask the server how much it holds before sending anything (`Content-Range: bytes *\/total`):
   * a resume after a page reload, whose progress starts at what the server has.
   */
  askFirst?: boolean
  /**
   * Told the catalogue code and HTTP status of a refusal that ends the upload (an expired or
   * unknown URL, a file the server will not take).
   */
  onRefused?: (code: null | string, status: number) => void
}

/**
 * Sends `file` to the plugin's own signed URL in chunks (`Content-Range`), each answered 308 with
 * the bytes held until the last, answered 200. After a dropped connection or a refused chunk it
 * asks the server how much it holds (`Content-Range: bytes *\/total`) and resumes from there, a few
 * times with growing waits. Progress is the bytes the server confirmed plus those of the chunk in
 * flight. True once the server has the whole file.
 */
const sendInChunks = async (
  url: string,
  file: File,
  mimeType: string,
  onPercent: (percent: number) => void,
  { askFirst = false, onRefused }: ChunkedOptions = {},
): Promise<boolean> => {
  const askStatus = () =>
    put(url, null, { 'Content-Range': statusRange(file.size) }, () => undefined)
  let offset = 0
  let failures = 0
  let asking = askFirst
  for (;;) {
    const chunk = asking ? null : nextChunk(offset, file.size)
    const sent = chunk
      ? await put(
          url,
          file.slice(chunk.start, chunk.end),
          { 'Content-Range': chunk.contentRange, 'Content-Type': mimeType },
          (bytes) => onPercent(uploadPercent(offset + bytes, file.size)),
        )
      : await askStatus()
    asking = false
    if (holdsWholeFile(sent)) {
      onPercent(100)
      return true
    }
    if (sent.status === 308) {
      offset = receivedFromRange(sent.range)
      onPercent(uploadPercent(offset, file.size))
      failures = 0
      continue
    }
    // A dropped connection, a busy lock or a chunk that did not continue the file: ask where the
    // server stands and go on from there. Other refusals (expired or used URL) end the upload.
    if (!resumable(sent)) {
      onRefused?.(sent.code, sent.status)
      return false
    }
    const delay = retryDelaysMs[failures++]
    if (delay === undefined) {
      return false
    }
    await wait(delay)
    asking = true
  }
}

/** Whether a signed URL is the plugin's own (local disk), not a bucket's. */
export const isOwnUploadUrl = (ownBase: string, signedUrl: string): boolean => {
  const own = new URL(ownBase, window.location.href)
  const target = new URL(signedUrl, window.location.href)
  return target.origin === own.origin && target.pathname.startsWith(`${own.pathname}/videos/`)
}

/**
 * Uploads `file` to the signed URL the upload request answered. The plugin's own URL (local disk)
 * takes chunks and resumes; any other (an S3 presigned PUT) takes the whole file in one PUT, as any
 * client of the documented upload may. Reports a whole-number percent of the bytes sent. True on success.
 */
export const uploadVideoFile = async ({
  askFirst,
  file,
  mimeType,
  onPercent,
  onRefused,
  ownBase,
  signedUrl,
}: ChunkedOptions & {
  file: File
  /** The type the upload request announced, which the signed URL is bound to. */
  mimeType: string
  onPercent: (percent: number) => void
  /** The plugin's endpoints' base URL: a signed URL under it takes chunks. */
  ownBase: string
  signedUrl: string
}): Promise<boolean> => {
  // An S3 multipart upload (a large file): the plugin's URL signs the parts the bucket takes.
  if (isMultipartUploadUrl(signedUrl)) {
    return uploadInParts({ file, onPercent, signedUrl })
  }
  if (isOwnUploadUrl(ownBase, signedUrl)) {
    return sendInChunks(signedUrl, file, mimeType, onPercent, { askFirst, onRefused })
  }
  const sent = await put(signedUrl, file, { 'Content-Type': mimeType }, (bytes) =>
    onPercent(uploadPercent(bytes, file.size)),
  )
  if (sent.status >= 200 && sent.status < 300) {
    return true
  }
  if (sent.status !== 0) {
    onRefused?.(sent.code, sent.status)
  }
  return false
}
