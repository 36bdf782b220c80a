import type { Endpoint, PayloadRequest } from 'payload'

import { mkdir, rename, rm, rmdir, truncate } from 'node:fs/promises'

import type { CatalogueError } from '../../shared/errors/CatalogueError.js'
import type { SanitizedVideoOptions } from '../options/types.js'

import { backofficeEndpoint } from '../../shared/endpoint/backofficeEndpoint.js'
import { BackofficeError } from '../../shared/errors/BackofficeError.js'
import { errorResponse } from '../../shared/errors/errorResponse.js'
import { jsonResponse } from '../../shared/request/http.js'
import { VideoError } from '../errors/VideoError.js'
import { parseUploadRange, receivedRange } from '../lib/contentRange.js'
import { localStore, sizeOf, takeFileLock } from '../storage/localStore.js'
import { receiveBytes } from '../upload/receiveBytes.js'
import { readUploadClaims, type UploadClaims } from '../upload/uploadTarget.js'
import { authoriseUpload, startEncodingUpload } from './signedUpload.js'

/**
 * A lock untouched this long belongs to a process that died; its holder touches it every third of
 * this while it writes.
 */
const LOCK_STALE_MS = 60_000

const mediaTypeOf = (header: null | string) => (header ?? '').split(';', 1)[0]!.trim().toLowerCase()

/** The "resume incomplete" answer of Google's resumable uploads: 308 with the bytes held. */
const resumeIncomplete = (req: PayloadRequest, received: number): Response => {
  const response = jsonResponse(req, { received })
  const range = receivedRange(received)
  const headers = new Headers(response.headers)
  if (range) {
    headers.set('Range', range)
  }
  return new Response(response.body, { headers, status: 308 })
}

/** A refusal that also says what the server holds, so the client can resume from there. */
const refusalWithRange = (req: PayloadRequest, error: CatalogueError, received: number) => {
  const response = errorResponse(req, error)
  const range = receivedRange(received)
  if (range) {
    response.headers.set('Range', range)
  }
  return response
}

/**
 * The upload has all its bytes: the part file becomes the source in one rename, the video goes
 * PROGRESSING and its transcode is queued, in one transaction, so a video is never PROGRESSING
 * without a job to move it on.
 */
const completeUpload = async (
  req: PayloadRequest,
  options: SanitizedVideoOptions,
  claims: UploadClaims,
  size: number,
): Promise<Response> => {
  const store = localStore(options.storage.directory)
  await rename(store.partPath(claims.videoId), store.sourcePath(claims.videoId))
  return startEncodingUpload(req, options, claims, size)
}

const tooLarge = (req: PayloadRequest, claims: UploadClaims) =>
  new VideoError('VIDEO_FILE_TOO_LARGE', { req, variables: { limit: claims.maxBytes } })

/**
 * The file's total size a `Content-Range` names must be the size the upload request announced, or,
 * when it announced none, a size from 1 byte up to the largest file the URL takes.
 */
const checkTotal = (req: PayloadRequest, claims: UploadClaims, total: number) => {
  if (claims.size !== null ? total !== claims.size : total === 0) {
    throw new VideoError('VIDEO_UPLOAD_SIZE_MISMATCH', { req })
  }
  if (total > claims.maxBytes) {
    throw tooLarge(req, claims)
  }
}

/**
 * `PUT {api}/{mount}/videos/:id/source?token=…`, the signed URL. It takes the file in one of two ways:
 *  - the whole body in one PUT (the documented upload), streamed to `source.part`, its byte count
 *    checked against the signed size (or, when the upload request gave none, against the URL's
 *    maximum, `maxFileSizeBytes`: reading stops at the first byte beyond it), renamed into place
 *    only when it fits, removed otherwise;
 *  - chunks, each with `Content-Range: bytes first-last/total`, appended in order: each must start
 *    where the server's bytes end; answered 308 with `Range` until the last one, then 200. A
 *    `Content-Range: bytes *\/total` PUT with no body asks where to resume (Google Cloud Storage's
 *    resumable upload protocol). Chunks keep each request well inside the 5 minutes `next start`
 *    allows one (vercel/next.js#74992), and a dropped connection or a page reload loses only the
 *    chunk in flight.
 * One request at a time writes an upload (a lock file), so two tabs cannot interleave bytes.
 */
export const receiveUploadEndpoint = (options: SanitizedVideoOptions): Endpoint =>
  backofficeEndpoint({
    handler: async (req) => {
      const claims = await authoriseUpload(req, options, readUploadClaims)
      const range = req.headers.get('content-range')
      const parsed = range === null ? null : parseUploadRange(range)
      if (range !== null && !parsed) {
        throw new VideoError('VIDEO_UPLOAD_RANGE_INVALID', { req })
      }
      if (parsed) {
        checkTotal(req, claims, parsed.total)
      }
      if (
        parsed?.kind !== 'status' &&
        mediaTypeOf(req.headers.get('content-type')) !== claims.mimeType
      ) {
        throw new VideoError('VIDEO_UPLOAD_TYPE_MISMATCH', { req })
      }
      const declaredLength = req.headers.get('content-length')
      const declared = declaredLength === null ? null : Number(declaredLength)
      if (!parsed && claims.size === null && declared !== null && declared > claims.maxBytes) {
        // Refused before a byte is read: the client said how much it would send.
        throw tooLarge(req, claims)
      }
      // Undefined only for a whole file of unannounced size sent without Content-Length.
      const expected = !parsed
        ? (claims.size ?? declared ?? undefined)
        : parsed.kind === 'chunk'
          ? parsed.last - parsed.first + 1
          : 0
      if (declared !== null && declared !== expected) {
        throw new VideoError('VIDEO_UPLOAD_SIZE_MISMATCH', { req })
      }

      const store = localStore(options.storage.directory)
      const part = store.partPath(claims.videoId)
      await mkdir(store.folder(claims.videoId), { recursive: true })
      const release = await takeFileLock(store.lockPath(claims.videoId), LOCK_STALE_MS)
      if (!release) {
        throw new VideoError('VIDEO_UPLOAD_BUSY', { req })
      }
      try {
        if (parsed?.kind === 'status') {
          const held = await sizeOf(part)
          return held === parsed.total
            ? await completeUpload(req, options, claims, held)
            : resumeIncomplete(req, held)
        }
        if (!parsed) {
          const received = await receiveBytes(req.body, part, {
            atMost: claims.maxBytes,
            expected,
            flags: 'w',
          })
          if (received.kind !== 'complete' || received.bytes === 0) {
            await rm(part, { force: true })
            throw received.kind === 'tooLarge'
              ? tooLarge(req, claims)
              : received.kind === 'interrupted'
                ? new BackofficeError('MALFORMED_REQUEST', { req })
                : new VideoError('VIDEO_UPLOAD_SIZE_MISMATCH', { req })
          }
          return await completeUpload(req, options, claims, received.bytes)
        }
        const held = await sizeOf(part)
        if (parsed.first !== held) {
          return refusalWithRange(req, new VideoError('VIDEO_UPLOAD_RANGE_INVALID', { req }), held)
        }
        const received = await receiveBytes(req.body, part, { expected, flags: 'a' })
        if (received.kind === 'wrongSize') {
          // The chunk was not what its Content-Range said: none of it is kept.
          await truncate(part, held)
          return refusalWithRange(req, new VideoError('VIDEO_UPLOAD_SIZE_MISMATCH', { req }), held)
        }
        if (received.kind === 'interrupted') {
          // What arrived before the connection dropped is the file's next bytes: kept, so the client
          // resumes after them.
          return refusalWithRange(
            req,
            new BackofficeError('MALFORMED_REQUEST', { req }),
            await sizeOf(part),
          )
        }
        return parsed.last + 1 === parsed.total
          ? await completeUpload(req, options, claims, parsed.total)
          : resumeIncomplete(req, parsed.last + 1)
      } finally {
        await release()
        // A refused first request leaves no empty folder behind (rmdir only removes an empty one).
        await rmdir(store.folder(claims.videoId)).catch(() => undefined)
      }
    },
    method: 'put',
    path: `/${options.mount}/videos/:id/source`,
  })
