import type { CollectionSlug, Endpoint, PayloadRequest } from 'payload'

import type { SanitizedVideoOptions } from '../options/types.js'

import { inTransaction } from '../../shared/db/inTransaction.js'
import { backofficeEndpoint } from '../../shared/endpoint/backofficeEndpoint.js'
import { metricsOf } from '../../shared/metrics/metricsOf.js'
import { jsonResponse } from '../../shared/request/http.js'
import { videoRows } from '../collections/videoRows.js'
import { VideoError } from '../errors/VideoError.js'
import { localStore, sizeOf } from '../storage/localStore.js'
import { s3StoreFor } from '../storage/s3Store.js'
import { transcodeTaskSlug } from '../transcode/transcodeTask.js'
import { staffOnly } from './staffOnly.js'
import { videoIdParam } from './videoIdParam.js'

/**
 * `POST {api}/{mount}/videos/:id/retry`, the Retry action: a video whose encoding failed (or whose
 * worker died, its lease run out) goes back to PROGRESSING with a new job, from the source it kept.
 */
export const retryEndpoint = (
  options: SanitizedVideoOptions,
  isStaff: (args: { req: PayloadRequest }) => Promise<boolean>,
): Endpoint =>
  backofficeEndpoint({
    handler: async (req) => {
      const id = videoIdParam(req, options.collections.videos)
      const video = await req.payload.findByID({
        collection: options.collections.videos as CollectionSlug,
        depth: 0,
        disableErrors: true,
        id,
      })
      if (!video) {
        throw new VideoError('VIDEO_NOT_FOUND', { req })
      }
      const { storage } = options
      const sourceSize =
        storage.type === 's3'
          ? await s3StoreFor(storage).sourceSize(id)
          : await sizeOf(localStore(storage.directory).sourcePath(id))
      if (sourceSize === 0) {
        throw new VideoError('VIDEO_RETRY_NOT_ALLOWED', { req })
      }
      const retried = await inTransaction(req, async () => {
        if (!(await videoRows(req.payload, options.collections.videos).retry(id, req))) {
          return false
        }
        await req.payload.jobs.queue({
          input: { videoId: String(id) },
          queue: options.queue,
          req,
          task: transcodeTaskSlug,
        } as never)
        return true
      })
      if (!retried) {
        throw new VideoError('VIDEO_RETRY_NOT_ALLOWED', { req })
      }
      metricsOf(req.payload).videoEncodesQueued.inc()
      return jsonResponse(req, { status: 'PROGRESSING', videoId: id })
    },
    method: 'post',
    path: `/${options.mount}/videos/:id/retry`,
    requires: [staffOnly(isStaff)],
  })
