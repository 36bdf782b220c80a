import type { Endpoint, PayloadRequest } from 'payload'

import type { SanitizedVideoOptions } from '../options/types.js'

import { backofficeEndpoint } from '../../errors/errorResponse.js'
import { jsonResponse } from '../../request/http.js'
import { readBody } from '../../request/readBody.js'
import { VideoError } from '../errors/VideoError.js'
import { partCountOf, partLengthOf } from '../lib/multipartPlan.js'
import { s3StoreFor } from '../storage/s3Store.js'
import { type MultipartClaims, readMultipartClaims } from '../upload/multipartTarget.js'
import { authoriseUpload, startEncodingUpload } from './signedUpload.js'

type S3Storage = Extract<SanitizedVideoOptions['storage'], { type: 's3' }>

/** Part URLs signed per request: a browser sending a few parts at once asks again every 20. */
const MAX_PARTS_PER_REQUEST = 100

/** A completion lists up to 10,000 parts of about 60 bytes of JSON each. */
const MAX_BODY_BYTES = 1024 * 1024

/** An ETag as S3 sends it: an opaque quoted string, an MD5 in hex for most parts. */
const ETAG = /^"?[\w-]{1,128}"?$/

const isPartNumber = (value: unknown, parts: number): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= parts

/** Presigned UploadPart URLs for the part numbers asked, each bound to its exact length. */
const signParts = async (
  req: PayloadRequest,
  storage: S3Storage,
  claims: MultipartClaims,
  partNumbers: unknown,
): Promise<Response> => {
  const parts = partCountOf(claims.size, claims.partBytes)
  if (
    !Array.isArray(partNumbers) ||
    partNumbers.length === 0 ||
    partNumbers.length > MAX_PARTS_PER_REQUEST
  ) {
    throw new VideoError('VIDEO_INPUT_INVALID', { req, variables: { field: 'partNumbers' } })
  }
  if (!partNumbers.every((partNumber) => isPartNumber(partNumber, parts))) {
    throw new VideoError('VIDEO_UPLOAD_RANGE_INVALID', { req })
  }
  const store = s3StoreFor(storage)
  const expiresSeconds = claims.expiresAt - Math.floor(Date.now() / 1000)
  const urls = await Promise.all(
    [...new Set(partNumbers as number[])].map(async (partNumber) => ({
      partNumber,
      url: await store.presignPart(claims.videoId, {
        contentLength: partLengthOf(claims.size, claims.partBytes, partNumber),
        expiresSeconds,
        partNumber,
        uploadId: claims.uploadId,
      }),
    })),
  )
  return jsonResponse(req, { partBytes: claims.partBytes, parts, urls })
}

/**
 * Completes the upload from the ETags the browser read from each part's answer. The list must name
 * every part from 1 to the last exactly once (fewer parts cannot add up to the announced size, and
 * each part's length was signed into its URL); the bucket checks each ETag against the part it
 * holds. The stored object's size is checked once more before the video moves on, as the single
 * PUT's path (`completeFromBucket`) does.
 */
const complete = async (
  req: PayloadRequest,
  options: SanitizedVideoOptions,
  storage: S3Storage,
  claims: MultipartClaims,
  listed: unknown,
): Promise<Response> => {
  const parts = partCountOf(claims.size, claims.partBytes)
  if (
    !Array.isArray(listed) ||
    listed.length > parts ||
    !listed.every(
      (part) =>
        typeof part === 'object' &&
        part !== null &&
        typeof (part as { etag?: unknown }).etag === 'string' &&
        ETAG.test((part as { etag: string }).etag),
    )
  ) {
    throw new VideoError('VIDEO_INPUT_INVALID', { req, variables: { field: 'parts' } })
  }
  const given = listed as { etag: string; partNumber: unknown }[]
  if (!given.every((part) => isPartNumber(part.partNumber, parts))) {
    throw new VideoError('VIDEO_UPLOAD_RANGE_INVALID', { req })
  }
  const byNumber = new Map(given.map((part) => [part.partNumber as number, part.etag]))
  if (byNumber.size !== parts) {
    throw new VideoError('VIDEO_UPLOAD_SIZE_MISMATCH', { req })
  }
  const store = s3StoreFor(storage)
  const ordered = [...byNumber].sort(([a], [b]) => a - b)
  if (
    !(await store.completeMultipartUpload(
      claims.videoId,
      claims.uploadId,
      ordered.map(([partNumber, etag]) => ({ etag, partNumber })),
    ))
  ) {
    throw new VideoError('VIDEO_UPLOAD_SIZE_MISMATCH', { req })
  }
  // Defence in depth: a store that does not check the signed part lengths (s3rver does not verify
  // SigV4) could assemble another size. Such a source is removed; the video waits for a new upload.
  if ((await store.sourceSize(claims.videoId)) !== claims.size) {
    await store.removeSource(claims.videoId)
    throw new VideoError('VIDEO_UPLOAD_SIZE_MISMATCH', { req })
  }
  return startEncodingUpload(req, options, claims)
}

/**
 * `POST {api}/{mount}/videos/:id/multipart?token=…`, the `signedUrl` of an S3 multipart upload. The
 * token is the credential, as for the local upload URL. Two requests:
 *  - `{ partNumbers: [1, 2, …] }` (at most 100): answers `{ partBytes, parts, urls: [{ partNumber,
 *    url }] }`, presigned UploadPart URLs the browser PUTs each part to, straight to the bucket;
 *  - `{ parts: [{ partNumber, etag }, …] }`, every part with the `ETag` the bucket answered it with:
 *    completes the upload; the video goes PROGRESSING and its transcode is queued.
 * A refused request changes nothing: the upload stays open for a corrected one.
 */
export const multipartUploadEndpoint = (options: SanitizedVideoOptions): Endpoint =>
  backofficeEndpoint({
    handler: async (req) => {
      const { storage } = options
      if (storage.type !== 's3') {
        throw new VideoError('VIDEO_UPLOAD_URL_INVALID', { req })
      }
      const claims = await authoriseUpload(req, options, readMultipartClaims)
      const body = await readBody(req, { maxBytes: MAX_BODY_BYTES })
      if (body.parts !== undefined) {
        return complete(req, options, storage, claims, body.parts)
      }
      return signParts(req, storage, claims, body.partNumbers)
    },
    method: 'post',
    path: `/${options.mount}/videos/:id/multipart`,
  })
