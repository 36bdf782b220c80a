import type { Payload } from 'payload'

import type { SanitizedVideoOptions } from '../options/types.js'

import { encodingFailureCode } from '../lib/encodingFailureCode.js'
import { playbackUrls } from '../playback/playbackUrls.js'

type StoredVideo = {
  categories?: unknown
  id: number | string
  previewThumbnailUrl?: null | string
  previewVideoUrl?: null | string
  slug?: null | string
  src?: { abr?: { url?: null | string } }
  status?: string
  tags?: unknown
  title?: string
  transcode?: {
    attempts?: null | number
    error?: null | string
    progress?: null | number
    stage?: null | string
  }
  visibility?: string
}

/**
 * A video as the admin's video field and modal read it: the fields a front end's video record has
 * (id, title, slug, visibility, status, categories, tags, the preview URLs and `src.abr.url`), the
 * encoding's progress, stage and failure code (never a tool's words) for the status label and the
 * Retry button, and `playback`, the URLs a player uses now
 * (with a fresh token for a private video, so the stored URLs never need one).
 */
export const videoSummary = (
  payload: Payload,
  options: SanitizedVideoOptions,
  video: StoredVideo,
) => ({
  id: video.id,
  categories: video.categories ?? [],
  playback: playbackUrls(payload, options, video),
  previewThumbnailUrl: video.previewThumbnailUrl ?? null,
  previewVideoUrl: video.previewVideoUrl ?? null,
  slug: video.slug ?? null,
  src: { abr: { url: video.src?.abr?.url ?? null } },
  status: video.status,
  tags: video.tags ?? [],
  title: video.title,
  transcode: {
    attempts: video.transcode?.attempts ?? 0,
    error: encodingFailureCode(video.transcode?.error),
    progress: video.transcode?.progress ?? 0,
    stage: video.transcode?.stage ?? null,
  },
  visibility: video.visibility,
})
