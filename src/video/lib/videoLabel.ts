import type { VideoRecord } from './videoRecord.js'

/** The translation keys of each status's tag, in the select and beside the player. */
export type VideoTagKey =
  | 'videoTagEncoding'
  | 'videoTagError'
  | 'videoTagPrivate'
  | 'videoTagPublic'
  | 'videoTagReady'
  | 'videoTagWaiting'

/**
 * The tag of a video, short enough to sit beside its title: NO_FILE "waiting...", PROGRESSING "encoding..." with its percent,
 * ERROR "error", COMPLETE "public" or "private" by visibility, anything else "ready".
 */
export const videoTagOf = (
  video: Pick<VideoRecord, 'status' | 'transcode' | 'visibility'>,
): { key: VideoTagKey; percent?: number } => {
  switch (video.status) {
    case 'COMPLETE':
      return {
        key:
          video.visibility === 'public'
            ? 'videoTagPublic'
            : video.visibility === 'private'
              ? 'videoTagPrivate'
              : 'videoTagReady',
      }
    case 'ERROR':
      return { key: 'videoTagError' }
    case 'NO_FILE':
      return { key: 'videoTagWaiting' }
    case 'PROGRESSING':
      return {
        key: 'videoTagEncoding',
        percent: Math.max(0, Math.min(100, Math.floor(video.transcode?.progress ?? 0))),
      }
    default:
      return { key: 'videoTagReady' }
  }
}

/** The select's option text: the tag in brackets, then the title (`[public] Launch film`). */
export const videoOptionLabel = (
  video: Pick<VideoRecord, 'id' | 'status' | 'title' | 'transcode' | 'visibility'>,
  translate: (key: VideoTagKey, variables?: Record<string, number>) => string,
): string => {
  const tag = videoTagOf(video)
  const text =
    tag.percent === undefined ? translate(tag.key) : translate(tag.key, { percent: tag.percent })
  return `[${text}] ${video.title || String(video.id)}`
}
