import type { PayloadRequest } from 'payload'

import type { SanitizedVideoOptions } from '../options/types.js'

import { videoFileUrl } from '../lib/videoUrls.js'
import { videoApiBase } from '../options/videoApiBase.js'
import { s3StoreFor } from '../storage/s3Store.js'
import { signUploadClaims } from './uploadTarget.js'

/**
 * The URL a new video's whole file is PUT to, with its type as Content-Type: a presigned PUT of the
 * bucket (S3), or the plugin's own signed URL (local folder), bound to this video, its upload nonce,
 * the type and the expiry. With a size, only a file of exactly that size is taken; without one, any
 * size up to `maxFileSizeBytes`, checked on the bytes received (local folder) or on the stored
 * object when the upload completes (S3, `completeFromBucket`).
 */
export const singleUploadUrl = async (
  req: PayloadRequest,
  options: SanitizedVideoOptions,
  video: { id: number | string; mimeType: string; nonce: string; size: null | number },
): Promise<string> => {
  const { storage } = options
  if (storage.type === 's3') {
    return s3StoreFor(storage).presignUpload(video.id, {
      expiresSeconds: options.uploadUrlHours * 3600,
      mimeType: video.mimeType,
      size: video.size,
    })
  }
  const token = signUploadClaims(req.payload.secret, {
    expiresAt: Math.floor(Date.now() / 1000) + Math.round(options.uploadUrlHours * 3600),
    maxBytes: video.size ?? options.maxFileSizeBytes,
    mimeType: video.mimeType,
    nonce: video.nonce,
    size: video.size,
    videoId: String(video.id),
  })
  return `${videoFileUrl(videoApiBase(req.payload, options), video.id, 'source')}?token=${token}`
}
