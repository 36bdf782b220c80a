import type { VideoTranslationKey } from '../translations/types.js'

/**
 * Why an encoding failed, one stable code per failure, as the video's `transcode.error` stores it.
 * Staff read the code's translated text; what ffprobe or ffmpeg said, with the server's file paths,
 * goes to the server log only (OWASP ASVS 5.0 16.5.1: errors shown to users carry no internal
 * detail). The stage the encoding was at is stored beside the code, in `transcode.stage`
 * (`encodingStages`).
 */
export const encodingFailures = {
  /** The source could not be fetched from the bucket (S3) before probing. */
  VIDEO_SOURCE_UNAVAILABLE: 'videoFailureSourceUnavailable',
  /** ffprobe found no video stream in the upload: it is not a video, or a broken one. */
  VIDEO_SOURCE_UNREADABLE: 'videoFailureSourceUnreadable',
  /** ffprobe or ffmpeg could not be started (not installed, wrong path in the options). */
  VIDEO_TOOLS_UNAVAILABLE: 'videoFailureToolsUnavailable',
  /** ffmpeg read the source but stopped with an error while encoding the renditions. */
  VIDEO_RENDITION_FAILED: 'videoFailureRenditionFailed',
  /** The encoded files could not be written to the output folder or uploaded to the bucket. */
  VIDEO_STORAGE_FAILED: 'videoFailureStorageFailed',
  /** Anything else that stopped the attempt (the database unreachable, a full disk). */
  VIDEO_ENCODING_INTERRUPTED: 'videoFailureInterrupted',
  /**
   * The workers that took the video on kept disappearing mid-run (killed, out of memory, their
   * machine gone) until `maxEncodeAttempts` runs were used up.
   */
  VIDEO_WORKER_LOST: 'videoFailureWorkerLost',
  /** A value this version does not know, such as the free text earlier versions stored. */
  VIDEO_ENCODING_FAILED: 'videoFailureUnknown',
} as const satisfies Record<string, VideoTranslationKey>

export type EncodingFailureCode = keyof typeof encodingFailures
