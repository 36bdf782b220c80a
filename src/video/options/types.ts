import type { PayloadRequest } from 'payload'

import type { Rendition } from '../lib/ladder.js'

/** Where uploaded sources and transcoded files live: the app's disk. */
export type LocalStorageOptions = {
  /**
   * Folder on the app's disk, created when missing. Every video gets a folder of its own in it.
   * Workers on other machines need the same folder (a shared volume), or S3.
   * @default '<working directory>/video-files'
   */
  directory?: string
  /** @default 'local' */
  type?: 'local'
}

/**
 * Where uploaded sources and transcoded files live: an S3 bucket (or an S3-compatible store). The
 * browser uploads straight to the bucket with a presigned PUT; workers on any machine download the
 * source, encode it locally and upload the output. Needs `@aws-sdk/client-s3` and
 * `@aws-sdk/s3-request-presigner` installed beside the plugin. The bucket needs a CORS rule allowing
 * PUT with the Content-Type header from the admin's origin, and exposing the `ETag` header (the
 * browser reports each part's ETag to complete a multipart upload).
 */
export type S3StorageOptions = {
  bucket: string
  /** The S3 client's settings: region, credentials, and for other stores `endpoint` and `forcePathStyle`. */
  config: {
    credentials?: { accessKeyId: string; secretAccessKey: string; sessionToken?: string }
    endpoint?: string
    forcePathStyle?: boolean
    region?: string
  }
  /**
   * Local folder where a worker keeps a source and its output while it encodes them.
   * @default '<system temporary folder>/payload-backoffice-video'
   */
  directory?: string
  /**
   * Files larger than this go to the bucket as an S3 multipart upload: the browser PUTs parts of
   * 8 MiB (more for files above 80 GiB) straight to the bucket, a few at once, retrying a failed
   * part alone. At most 5 GiB, the largest single PUT S3 takes.
   * @default 104857600 (100 MiB)
   */
  multipartThresholdBytes?: number
  /**
   * Prefix of every key, so the bucket can hold other things.
   * @default 'videos/'
   */
  prefix?: string
  type: 's3'
}

export type VideoStorageOptions = LocalStorageOptions | S3StorageOptions

/** How a web process runs the transcode queue itself (Payload's `jobs.autoRun`), when asked to. */
export type VideoAutoRunOptions = {
  /**
   * How often the app looks for queued transcodes (Payload's cron syntax, seconds first).
   * @default '*\/5 * * * * *'
   */
  cron?: string
  /**
   * Transcodes one app process runs at a time. ffmpeg uses every core it gets.
   * @default 1
   */
  limit?: number
}

export type VideoPluginOptions = {
  /**
   * Who may create, list, retry and delete videos, and read categories and tags. The default: any
   * signed-in user of the admin's user collection (`admin.user`), the app's staff.
   * @default ({ req }) => req.user?.collection === config.admin.user
   */
  access?: (args: { req: PayloadRequest }) => boolean | Promise<boolean>
  /**
   * AAC bitrate of every rendition, in kbit/s.
   * @default 128
   */
  audioBitrateKbps?: number
  /**
   * Whether every process serving the app (each `next start`) also runs the video queue: ffmpeg
   * then competes with requests for the CPU. `true` (every 5 seconds, one transcode at a time) or
   * your own cron and limit suit a single-server app and development; left off, run dedicated
   * `payload jobs:run --queue video --cron '*\/5 * * * * *' --handle-schedules` workers.
   * @default false
   */
  autoRun?: boolean | VideoAutoRunOptions
  /** Slugs of the plugin's collections. */
  collections?: {
    /** @default 'video-categories' */
    categories?: string
    /** @default 'video-tags' */
    tags?: string
    /** @default 'videos' */
    videos?: string
  }
  /**
   * `false` keeps the collections (so the database schema stays the same) but adds no endpoints,
   * hooks, task runner or start-up check.
   * @default true
   */
  enabled?: boolean
  /**
   * The ffmpeg executable, a name on the PATH or a full path.
   * @default 'ffmpeg'
   */
  ffmpegPath?: string
  /**
   * The ffprobe executable, a name on the PATH or a full path.
   * @default 'ffprobe'
   */
  ffprobePath?: string
  /**
   * How long a worker holds a video while transcoding it before another worker may take it over,
   * in seconds. The holder renews it every third of this; a crashed worker's video is free again
   * after it.
   * @default 60
   */
  leaseSeconds?: number
  /**
   * How many times workers start encoding one video before a video whose worker keeps dying
   * (killed, out of memory, the machine gone) ends in ERROR with `VIDEO_WORKER_LOST`. A Retry by
   * staff starts the count again.
   * @default 3
   */
  maxEncodeAttempts?: number
  /**
   * The largest source accepted, in bytes. With S3 at most 5 TiB, the largest object S3 stores.
   * @default 10737418240 (10 GiB)
   */
  maxFileSizeBytes?: number
  /**
   * Path segment under the API route where the endpoints live: `/api/{mount}/videos/upload`.
   * @default 'video'
   */
  mount?: string
  /**
   * How long a private video's playback token lasts, in minutes.
   * @default 240
   */
  playbackTokenMinutes?: number
  /**
   * Length of the silent MP4 preview, in seconds.
   * @default 6
   */
  previewSeconds?: number
  /**
   * When the daily check of storage against the database runs (Payload's cron syntax): it removes
   * folders of videos that no longer exist and part files of expired uploads, and reports videos
   * whose files are missing.
   * @default '0 4 * * *'
   */
  reconcileCron?: string
  /**
   * Jobs queue of the transcode task.
   * @default 'video'
   */
  queue?: string
  /**
   * The ladder: each height up to the source's own is encoded.
   * @default [{ height: 360, videoBitrateKbps: 800 }, { height: 720, videoBitrateKbps: 2800 }, { height: 1080, videoBitrateKbps: 5000 }]
   */
  renditions?: Rendition[]
  /**
   * Target length of an HLS segment, in seconds.
   * @default 6
   */
  segmentSeconds?: number
  /**
   * Where videos are kept: the app's disk, or an S3 bucket.
   * @default { type: 'local', directory: '<working directory>/video-files' }
   */
  storage?: VideoStorageOptions
  /**
   * How often the queue looks for encodes whose worker died (its lease ran out and no job is
   * left to resume it) and queues them again (Payload's cron syntax, seconds first).
   * @default '*\/30 * * * * *'
   */
  takeoverCron?: string
  /**
   * How long a signed upload URL stays usable, in hours: long enough to upload a large file in
   * chunks, resuming after a dropped connection.
   * @default 24
   */
  uploadUrlHours?: number
}

export type SanitizedVideoOptions = {
  access: NonNullable<VideoPluginOptions['access']> | null
  audioBitrateKbps: number
  autoRun: false | Required<VideoAutoRunOptions>
  collections: Required<NonNullable<VideoPluginOptions['collections']>>
  enabled: boolean
  ffmpegPath: string
  ffprobePath: string
  leaseSeconds: number
  maxEncodeAttempts: number
  maxFileSizeBytes: number
  mount: string
  playbackTokenMinutes: number
  previewSeconds: number
  queue: string
  reconcileCron: string
  renditions: Rendition[]
  segmentSeconds: number
  storage:
    | ({ directory: string; multipartThresholdBytes: number; prefix: string } & Omit<
        S3StorageOptions,
        'directory' | 'multipartThresholdBytes' | 'prefix'
      >)
    | { directory: string; type: 'local' }
  takeoverCron: string
  uploadUrlHours: number
}
