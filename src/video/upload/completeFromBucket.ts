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
 * What the bucket said of a waiting video: its source completed the upload, none is there yet, or
 * one was there that the upload does not allow (removed, so the video waits for a new PUT).
 */
export type BucketUpload =
  'completed' | 'VIDEO_FILE_TOO_LARGE' | 'VIDEO_UPLOAD_SIZE_MISMATCH' | 'waiting'

/**
 * With S3 the client PUTs the file to the bucket, and S3 tells the app nothing. So the app looks
 * (HeadObject): when the admin asks for a waiting video (the list reloads after an upload; the
 * field polls), or is told with `POST …/videos/:id/uploaded`. A source of the announced size, or,
 * when the upload request announced none, of at most `maxFileSizeBytes`, ends the upload as the
 * local signed URL does: PROGRESSING, transcode queued, the size kept. A presigned PUT without a
 * signed length takes anything up to 5 GiB, so a source beyond those bounds is deleted here, before
 * any worker reads it.
 */
export const completeFromBucket = async (
  payload: Payload,
  options: SanitizedVideoOptions,
  video: WaitingVideo,
): Promise<BucketUpload> => {
  const { storage } = options
  if (storage.type !== 's3' || video.status !== 'NO_FILE' || !video.uploadNonce) {
    return 'waiting'
  }
  const store = s3StoreFor(storage)
  const size = await store.sourceSize(video.id)
  if (size === 0) {
    return 'waiting'
  }
  const announced = video.source?.size ?? null
  const refusal =
    announced !== null && size !== announced
      ? 'VIDEO_UPLOAD_SIZE_MISMATCH'
      : size > options.maxFileSizeBytes
        ? 'VIDEO_FILE_TOO_LARGE'
        : null
  if (refusal) {
    await store.removeSource(video.id)
    return refusal
  }
  return (await startEncoding(payload, options, {
    nonce: video.uploadNonce,
    size,
    videoId: video.id,
  }))
    ? 'completed'
    : 'waiting'
}

/** The videos as stored, with those just found complete in the bucket read again. */
export const withBucketUploadsCompleted = async <T extends WaitingVideo>(
  payload: Payload,
  options: SanitizedVideoOptions,
  videos: T[],
): Promise<T[]> =>
  Promise.all(
    videos.map(async (video) =>
      (await completeFromBucket(payload, options, video)) === 'completed'
        ? ((await payload.findByID({
            collection: options.collections.videos as CollectionSlug,
            depth: 0,
            id: video.id,
          })) as unknown as T)
        : video,
    ),
  )
