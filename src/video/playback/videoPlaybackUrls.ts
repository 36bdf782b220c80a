import type { Payload } from 'payload'

import { getVideoOptions } from '../options/getVideoOptions.js'
import { playbackUrls } from './playbackUrls.js'

/**
 * For an app's own front end: the URLs a player needs for a video (master playlist, poster, preview,
 * data.json), with a fresh token when the video is private, or null until it is COMPLETE. Call it on
 * the server, for a viewer the app has decided may watch the video; the token is never stored.
 *
 *     const video = await payload.findByID({ collection: 'videos', id })
 *     const urls = videoPlaybackUrls(payload, video)
 */
export const videoPlaybackUrls = (
  payload: Payload,
  video: { id: number | string; status?: unknown; visibility?: unknown },
) => playbackUrls(payload, getVideoOptions(payload), video)
