import type { CollectionSlug, Payload } from 'payload'

import type { SanitizedVideoOptions } from '../options/types.js'

import { s3StoreFor } from '../storage/s3Store.js'
import { startEncoding } from './startEncoding.js'

type WaitingVideo = {
  id: number | string
  source?: { size?: null | number }
  status?: string
  uploadNonce?: null | string
}

/**
 * With S3 the browser PUTs the file to the bucket, and S3 tells the app nothing. So the app looks:
 * when the admin asks for a waiting video (the list reloads after an upload; the field polls), or is
 * told with `POST …/videos/:id/uploaded`, a source of exactly the announced size in the bucket ends
 * the upload as the local signed URL does: PROGRESSING, transcode queued. Answers whether it did.
 */
const completeFromBucket = async (
  payload: Payload,
  options: SanitizedVideoOptions,
  video: WaitingVideo,
): Promise<boolean> => {
  const { storage } = options
  if (storage.type !== 's3' || video.status !== 'NO_FILE' || !video.uploadNonce) {
    return false
  }
  const size = await s3StoreFor(storage).sourceSize(video.id)
  if (size === 0 || size !== video.source?.size) {
    return false
  }
  return startEncoding(payload, options, { nonce: video.uploadNonce, videoId: video.id })
}

/** The videos as stored, with those just found complete in the bucket read again. */
export const withBucketUploadsCompleted = async <T extends WaitingVideo>(
  payload: Payload,
  options: SanitizedVideoOptions,
  videos: T[],
): Promise<T[]> =>
  Promise.all(
    videos.map(async (video) =>
      (await completeFromBucket(payload, options, video))
        ? ((await payload.findByID({
            collection: options.collections.videos as CollectionSlug,
            depth: 0,
            id: video.id,
          })) as unknown as T)
        : video,
    ),
  )
