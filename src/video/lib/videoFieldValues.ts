import type { VideoRecord } from './videoRecord.js'

/**
 * The field's `dataUrl`: the adaptive stream's URL with what follows the video id replaced by
 * `data.json` (`…/videos/12/master.m3u8` → `…/videos/12/data.json`). Null without a stream URL, or
 * when the id is not a path segment of it.
 */
export const dataUrlOf = (abrUrl: null | string | undefined, videoId: number | string) => {
  if (!abrUrl) {
    return null
  }
  const segment = `/${encodeURIComponent(String(videoId))}/`
  const at = abrUrl.lastIndexOf(segment)
  return at === -1 ? null : `${abrUrl.slice(0, at + segment.length)}data.json`
}

/** The fields the video field fills beside the id it stores, in the same group. */
export type VideoSiblingValues = {
  data: null | string
  dataUrl: null | string
  previewThumbnailUrl: null | string
  previewVideoUrl: null | string
  status: null | string
  visibility: null | string
}

/**
 * What the field writes beside the id of `video`: `dataUrl`, status, visibility, preview
 * URLs, and `data`, the record as JSON text without the preview URLs. `playback` is left out of it
 * too: a private video's token must never be stored with the document.
 */
export const videoSiblingValues = (video: VideoRecord): VideoSiblingValues => {
  const {
    playback: _playback,
    previewThumbnailUrl = null,
    previewVideoUrl = null,
    ...record
  } = video
  return {
    data: JSON.stringify(record),
    dataUrl: dataUrlOf(video.src?.abr?.url, video.id),
    previewThumbnailUrl,
    previewVideoUrl,
    status: video.status ?? null,
    visibility: video.visibility ?? null,
  }
}
