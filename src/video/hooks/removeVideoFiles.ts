import type { CollectionAfterDeleteHook, CollectionSlug } from 'payload'

import type { SanitizedVideoOptions } from '../options/types.js'

import { localStore } from '../storage/localStore.js'
import { s3StoreFor } from '../storage/s3Store.js'
import { runningTranscodes } from '../transcode/runningTranscodes.js'
import { transcodeTaskSlug } from '../transcode/transcodeTask.js'

/**
 * When a video is deleted, nothing of it stays: a transcode running here is killed (one running in
 * another process stops at its next progress write, which finds the row gone), its queued or
 * running jobs are cancelled, and its folder (source, part file, renditions) is removed.
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
      await s3StoreFor(options.storage).removeVideo(id)
    }
  }
