import type { Endpoint, PayloadRequest } from 'payload'

import * as z from 'zod'

import type { SanitizedVideoOptions } from '../options/types.js'

import { backofficeEndpoint } from '../../shared/endpoint/backofficeEndpoint.js'
import { jsonResponse } from '../../shared/request/http.js'
import { VideoError } from '../errors/VideoError.js'
import { partCountOf, partLengthOf, S3_MAX_PARTS } from '../lib/multipartPlan.js'
import { s3StoreFor } from '../storage/s3Store.js'
import { type MultipartClaims, readMultipartClaims } from '../upload/multipartTarget.js'
import { startEncodingUpload } from './signedUpload.js'
import { signedUploadUrl } from './signedUploadUrl.js'

type S3Storage = Extract<SanitizedVideoOptions['storage'], { type: 's3' }>

/** Part URLs signed per request: a browser sending a few parts at once asks again every 20. */
const MAX_PARTS_PER_REQUEST = 100

/** A completion lists up to 10,000 parts of about 60 bytes of JSON each. */
const MAX_BODY_BYTES = 1024 * 1024

/** An ETag as S3 sends it: an opaque quoted string, an MD5 in hex for most parts. */
const ETAG = /^"?[\w-]{1,128}"?$/

/** A part number's type; whether the upload has that part depends on its claims (below). */
const partNumber = z.number().int().min(1)

/**
 * Either request's body. A field of the wrong shape is VIDEO_INPUT_INVALID, naming it; a part
 * number that is not a positive integer VIDEO_UPLOAD_RANGE_INVALID, as one beyond the last part.
 */
const multipartRequest = z.object({
  partNumbers: z.array(partNumber).min(1).max(MAX_PARTS_PER_REQUEST).optional(),
  parts: z
    .array(z.object({ etag: z.string().regex(ETAG), partNumber }))
    .max(S3_MAX_PARTS)
    .optional(),
})

const inUpload = (partNumbers: readonly number[], parts: number): boolean =>
  partNumbers.every((partNumber) => partNumber <= parts)

const invalid = (req: PayloadRequest, field: string) =>
  new VideoError('VIDEO_INPUT_INVALID', { req, variables: { field } })

/** Presigned UploadPart URLs for the part numbers asked, each bound to its exact length. */
const signParts = async (
  req: PayloadRequest,
  storage: S3Storage,
  claims: MultipartClaims,
  partNumbers: readonly number[],
): Promise<Response> => {
  const parts = partCountOf(claims.size, claims.partBytes)
  if (!inUpload(partNumbers, parts)) {
    throw new VideoError('VIDEO_UPLOAD_RANGE_INVALID', { req })
  }
  const store = s3StoreFor(storage)
  const expiresSeconds = claims.expiresAt - Math.floor(Date.now() / 1000)
  const urls = await Promise.all(
    [...new Set(partNumbers)].map(async (partNumber) => ({
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
  listed: readonly { etag: string; partNumber: number }[],
): Promise<Response> => {
  const parts = partCountOf(claims.size, claims.partBytes)
  if (listed.length > parts) {
    throw invalid(req, 'parts')
  }
  if (
    !inUpload(
      listed.map((part) => part.partNumber),
      parts,
    )
  ) {
    throw new VideoError('VIDEO_UPLOAD_RANGE_INVALID', { req })
  }
  const byNumber = new Map(listed.map((part) => [part.partNumber, part.etag]))
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
 * A refused request changes nothing: the upload stays open for a corrected one. The token is
 * checked before the body is read.
 */
export const multipartUploadEndpoint = (options: SanitizedVideoOptions): Endpoint => {
  const uploadUrl = signedUploadUrl(options, readMultipartClaims)
  return backofficeEndpoint({
    body: multipartRequest,
    bodyMaxBytes: MAX_BODY_BYTES,
    handler: (req, { body }) => {
      const { storage } = options
      // Only S3 signs multipart tokens; one left from before a change of storage leads nowhere.
      if (storage.type !== 's3') {
        throw new VideoError('VIDEO_UPLOAD_URL_INVALID', { req })
      }
      const claims = uploadUrl.claimsOf(req)
      if (body.parts) {
        return complete(req, options, storage, claims, body.parts)
      }
      if (!body.partNumbers) {
        throw invalid(req, 'partNumbers')
      }
      return signParts(req, storage, claims, body.partNumbers)
    },
    method: 'post',
    path: `/${options.mount}/videos/:id/multipart`,
    // `partNumbers.3` or `parts.3.partNumber`: a part number of the wrong type.
    refuseBody: (req, field) =>
      /^(partNumbers\.\d+|parts\.\d+\.partNumber)$/.test(field)
        ? new VideoError('VIDEO_UPLOAD_RANGE_INVALID', { req })
        : invalid(req, field.split('.', 1)[0] ?? field),
    requires: [uploadUrl.guard],
  })
}
