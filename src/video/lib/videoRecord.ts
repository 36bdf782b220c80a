/**
 * A video as the plugin's list endpoint answers it (`videoSummary` on the server): the fields a
 * front end's video record has, the encoding's progress, stage and failure code, and `playback`, the URLs a player uses now (with a
 * fresh token for a private video), null until the video is COMPLETE.
 */
export type VideoRecord = {
  categories?: unknown[]
  id: number | string
  playback?: null | {
    data: string
    expiresAt: null | string
    master: string
    poster: string
    preview: string
  }
  previewThumbnailUrl?: null | string
  previewVideoUrl?: null | string
  slug?: null | string
  src?: { abr?: { url?: null | string } }
  status?: string
  tags?: unknown[]
  title?: string
  transcode?: {
    attempts?: number
    /** A failure code of `encodingFailures`, null unless the video is in ERROR. */
    error?: null | string
    progress?: number
    stage?: null | string
  }
  visibility?: string
}

/** The server's title limit (`titleMaxLength`): longer input is cut to it. */
export const videoTitleMaxLength = 100
