import type { CollectionAfterDeleteHook, CollectionSlug } from 'payload'

import type { SanitizedVideoOptions } from '../options/types.js'

import { localStore } from '../storage/localStore.js'
import { s3StoreFor } from '../storage/s3Store.js'
import { runningTranscodes } from '../transcode/runningTranscodes.js'
import { transcodeTaskSlug } from '../transcode/transcodeTask.js'

/**
 * When a video is deleted, nothing of it stays: a transcode running here is killed (one running in
 * another process stops at its next progress write, which finds the row gone), its queued or
 * running jobs are cancelled, its folder (source, part file, renditions) is removed, and on S3 its
 * open multipart uploads are aborted.
 */
export const removeVideoFiles =
  (options: SanitizedVideoOptions): CollectionAfterDeleteHook =>
  async ({ id, req }) => {
    runningTranscodes.get(String(id))?.abort()
    const { docs: jobs } = await req.payload.find({
      collection: 'payload-jobs' as CollectionSlug,
      depth: 0,
      limit: 100,
      pagination: false,
      req,
      where: {
        and: [
          { taskSlug: { equals: transcodeTaskSlug } },
          { completedAt: { exists: false } },
          { hasError: { not_equals: true } },
        ],
      },
    })
    for (const job of jobs as { id: number | string; input?: { videoId?: string } }[]) {
      if (job.input?.videoId === String(id)) {
        await req.payload.jobs.cancelByID({ id: job.id, req })
      }
    }
    await localStore(options.storage.directory).removeVideo(id)
    if (options.storage.type === 's3') {
      const store = s3StoreFor(options.storage)
      // A multipart upload still open keeps its parts in the bucket (and billed) until aborted,
      // and its part URLs keep working; aborting drops both.
      try {
        for (const upload of await store.openUploads(id)) {
          await store.abortUpload(upload.key, upload.uploadId)
        }
      } catch (error) {
        req.payload.logger.warn({
          err: error,
          msg: `payload-backoffice video: could not abort the open uploads of video ${String(id)}; the bucket's AbortIncompleteMultipartUpload lifecycle rule will.`,
        })
      }
      await store.removeVideo(id)
    }
  }
