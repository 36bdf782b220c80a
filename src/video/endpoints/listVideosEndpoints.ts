import type { CollectionSlug, Endpoint, PayloadRequest } from 'payload'

import type { SanitizedVideoOptions } from '../options/types.js'

import { backofficeEndpoint } from '../../shared/endpoint/backofficeEndpoint.js'
import { jsonResponse } from '../../shared/request/http.js'
import { VideoError } from '../errors/VideoError.js'
import { completeFromBucket, withBucketUploadsCompleted } from '../upload/completeFromBucket.js'
import { staffOnly } from './staffOnly.js'
import { videoIdParam } from './videoIdParam.js'
import { videoSummary } from './videoSummary.js'

const MAX_LIMIT = 100

const wholeNumberParam = (req: PayloadRequest, name: string, fallback: number, max: number) => {
  const raw = req.searchParams.get(name)
  if (raw === null) {
    return fallback
  }
  const value = Number(raw)
  if (!Number.isInteger(value) || value < 1 || value > max) {
    throw new VideoError('VIDEO_INPUT_INVALID', { req, variables: { field: name } })
  }
  return value
}

/** The video the path's `:id` names, with its hidden fields, or VIDEO_NOT_FOUND. */
const videoOfPath = async (req: PayloadRequest, options: SanitizedVideoOptions) => {
  const video = await req.payload.findByID({
    collection: options.collections.videos as CollectionSlug,
    depth: 0,
    disableErrors: true,
    id: videoIdParam(req, options.collections.videos),
    showHiddenFields: true,
  })
  if (!video) {
    throw new VideoError('VIDEO_NOT_FOUND', { req })
  }
  return video
}

/** The longest search the list takes: a title is at most 100 characters. */
const MAX_SEARCH = 100

/**
 * `GET {api}/{mount}/videos`, the list the video field's select reads page by page, newest first
 * (`limit` up to 100, `page`, and `search`: the titles holding every word of it), and `GET {api}/{mount}/videos/:id`, one video, which the field polls while it encodes.
 */
export const listVideosEndpoints = (
  options: SanitizedVideoOptions,
  isStaff: (args: { req: PayloadRequest }) => Promise<boolean>,
): Endpoint[] => [
  backofficeEndpoint({
    handler: async (req) => {
      const limit = wholeNumberParam(req, 'limit', MAX_LIMIT, MAX_LIMIT)
      const page = wholeNumberParam(req, 'page', 1, 1_000_000)
      const search = (req.searchParams.get('search') ?? '').trim()
      if (search.length > MAX_SEARCH) {
        throw new VideoError('VIDEO_INPUT_INVALID', { req, variables: { field: 'search' } })
      }
      const found = await req.payload.find({
        collection: options.collections.videos as CollectionSlug,
        depth: 0,
        limit,
        page,
        showHiddenFields: true,
        sort: '-createdAt',
        // Payload's `like` matches each word anywhere in the title, case-insensitively.
        where: search ? { title: { like: search } } : undefined,
      })
      const videos = await withBucketUploadsCompleted(req.payload, options, found.docs as never[])
      return jsonResponse(req, {
        ...found,
        docs: videos.map((video) => videoSummary(req.payload, options, video)),
      })
    },
    method: 'get',
    path: `/${options.mount}/videos`,
    requires: [staffOnly(isStaff)],
  }),
  backofficeEndpoint({
    handler: async (req) => {
      const video = await videoOfPath(req, options)
      const [current] = await withBucketUploadsCompleted(req.payload, options, [video as never])
      return jsonResponse(req, videoSummary(req.payload, options, current!))
    },
    method: 'get',
    path: `/${options.mount}/videos/:id`,
    requires: [staffOnly(isStaff)],
  }),
  // With S3, the client may say it has finished its PUT to the bucket (the list and the single
  // video notice it too); on disk the signed URL already knows. Answers the video as it is now, or
  // why the file in the bucket was refused and removed (too large, not the announced size).
  backofficeEndpoint({
    handler: async (req) => {
      const video = await videoOfPath(req, options)
      const found = await completeFromBucket(req.payload, options, video as never)
      if (found === 'VIDEO_FILE_TOO_LARGE' || found === 'VIDEO_UPLOAD_SIZE_MISMATCH') {
        throw new VideoError(found, {
          req,
          variables: { limit: options.maxFileSizeBytes },
        })
      }
      const current =
        found === 'completed'
          ? await req.payload.findByID({
              collection: options.collections.videos as CollectionSlug,
              depth: 0,
              id: video.id,
            })
          : video
      return jsonResponse(req, videoSummary(req.payload, options, current as never))
    },
    method: 'post',
    path: `/${options.mount}/videos/:id/uploaded`,
    requires: [staffOnly(isStaff)],
  }),
]
