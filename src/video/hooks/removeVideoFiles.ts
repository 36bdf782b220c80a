import type { CollectionAfterDeleteHook, CollectionSlug } from 'payload'

import { setTimeout as delay } from 'node:timers/promises'

import type { SanitizedVideoOptions } from '../options/types.js'

import { localStore } from '../storage/localStore.js'
import { s3StoreFor } from '../storage/s3Store.js'
import { runningTranscodes } from '../transcode/runningTranscodes.js'
import { transcodeTaskSlug } from '../transcode/transcodeTask.js'

/** How long a delete waits for a transcode of the video in this process to stop. */
const STOP_WAIT_MS = 5000

/**
 * When a video is deleted, nothing of it stays: a transcode running here is killed (one running in
 * another process stops at its next progress write, which finds the row gone), its queued or
 * running jobs are cancelled, its folder (source, part file, renditions) is removed, and on S3 its
 * open multipart uploads are aborted.
 */
export const removeVideoFiles =
  (options: SanitizedVideoOptions): CollectionAfterDeleteHook =>
  async ({ id, req }) => {
    const running = runningTranscodes.get(String(id))
    if (running) {
      running.abort()
      // Its folder is removed below once nothing writes there. Bounded: a transcode waiting on
      // this very row (locked by the delete until it commits) stops only after the delete.
      await Promise.race([running.stopped, delay(STOP_WAIT_MS, undefined, { ref: false })])
    }
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
    try {
      await localStore(options.storage.directory).removeVideo(id)
    } catch (error) {
      // The video is gone for its editors either way; the storage reconcile job removes a folder
      // with no video the next time it runs.
      req.payload.logger.warn({
        err: error,
        msg: `payload-backoffice video: could not remove the folder of deleted video ${String(id)} yet; the storage reconcile job will.`,
      })
    }
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
