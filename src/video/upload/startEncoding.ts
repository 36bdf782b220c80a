import type { Payload, PayloadRequest } from 'payload'

import type { SanitizedVideoOptions } from '../options/types.js'

import { inTransaction } from '../../shared/db/inTransaction.js'
import { metricsOf } from '../../shared/metrics/metricsOf.js'
import { videoRows } from '../collections/videoRows.js'
import { transcodeTaskSlug } from '../transcode/transcodeTask.js'

/**
 * An upload has all its bytes, wherever they went (the folder, a single PUT to the bucket, a
 * multipart upload, an import): the video goes PROGRESSING and its transcode is queued, in the
 * request's transaction when there is one, so a video is never PROGRESSING without a job to move it
 * on. Only while the video still waits for this very upload (`nonce`, cleared here): false when it
 * was completed already, by a used URL or a parallel request, and then nothing is queued.
 */
export const startEncoding = async (
  payload: Payload,
  options: SanitizedVideoOptions,
  {
    nonce,
    req,
    size = null,
    videoId,
  }: {
    nonce: string
    req?: PayloadRequest
    /** Bytes received, stored on the video; null keeps the size the upload request announced. */
    size?: null | number
    videoId: number | string
  },
): Promise<boolean> => {
  const start = async () => {
    if (
      !(await videoRows(payload, options.collections.videos).completeUpload(
        videoId,
        nonce,
        size,
        req,
      ))
    ) {
      return false
    }
    await payload.jobs.queue({
      input: { videoId: String(videoId) },
      queue: options.queue,
      req,
      task: transcodeTaskSlug,
    } as never)
    return true
  }
  const queued = await (req ? inTransaction(req, start) : start())
  if (queued) {
    metricsOf(payload).videoEncodesQueued.inc()
  }
  return queued
}
