import type { Payload } from 'payload'

import type { SanitizedVideoOptions } from '../options/types.js'

import { videoUrlsOf } from '../lib/videoUrls.js'
import { videoApiBase } from '../options/videoApiBase.js'
import { mintPlaybackToken } from './playbackToken.js'

/**
 * The URLs a player uses for a video: the stored ones for a public video; for a private one, the
 * same with a fresh token (`?token=…`), and when it expires. Null until the video is COMPLETE.
 */
export const playbackUrls = (
  payload: Payload,
  options: SanitizedVideoOptions,
  video: { id: number | string; status?: unknown; visibility?: unknown },
) => {
  if (video.status !== 'COMPLETE') {
    return null
  }
  const urls = videoUrlsOf(videoApiBase(payload, options), video.id)
  if (video.visibility === 'public') {
    return { ...urls, expiresAt: null }
  }
  const { expiresAt, token } = mintPlaybackToken(
    payload.secret,
    video.id,
    options.playbackTokenMinutes,
  )
  const withToken = (url: string) => `${url}?token=${encodeURIComponent(token)}`
  return {
    data: withToken(urls.data),
    expiresAt: new Date(expiresAt * 1000).toISOString(),
    master: withToken(urls.master),
    poster: withToken(urls.poster),
    preview: withToken(urls.preview),
  }
}
