import type { PayloadRequest } from 'payload'

import type { SanitizedVideoOptions } from '../options/types.js'

import { partBytesFor, partCountOf } from '../lib/multipartPlan.js'
import { videoFileUrl } from '../lib/videoUrls.js'
import { videoApiBase } from '../options/videoApiBase.js'
import { s3StoreFor } from '../storage/s3Store.js'
import { signMultipartClaims } from './multipartTarget.js'

type S3Storage = Extract<SanitizedVideoOptions['storage'], { type: 's3' }>

/**
 * Opens the S3 multipart upload of a new video's source and answers the upload request with it:
 * `signedUrl` is then the plugin's `…/videos/:id/multipart?token=…`, which signs part URLs in
 * batches and completes the upload (a client that PUTs a whole file there gets a 404, never a
 * half-stored file); `multipart` says how to cut the file. The token is bound to the video, its
 * upload nonce, the S3 upload id, the size and the expiry, like the single upload's.
 */
export const startMultipartUpload = async (
  req: PayloadRequest,
  options: SanitizedVideoOptions,
  storage: S3Storage,
  video: { id: number | string; mimeType: string; nonce: string; size: number },
) => {
  const uploadId = await s3StoreFor(storage).createMultipartUpload(video.id, video.mimeType)
  const partBytes = partBytesFor(video.size)
  const token = signMultipartClaims(req.payload.secret, {
    expiresAt: Math.floor(Date.now() / 1000) + Math.round(options.uploadUrlHours * 3600),
    nonce: video.nonce,
    partBytes,
    size: video.size,
    uploadId,
    videoId: String(video.id),
  })
  return {
    multipart: { partBytes, parts: partCountOf(video.size, partBytes) },
    signedUrl: `${videoFileUrl(videoApiBase(req.payload, options), video.id, 'multipart')}?token=${token}`,
    videoId: video.id,
  }
}
