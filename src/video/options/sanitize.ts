import { tmpdir } from 'node:os'
import path from 'node:path'

import type { SanitizedVideoOptions, VideoPluginOptions } from './types.js'

import { S3_MAX_OBJECT_BYTES, S3_MAX_SINGLE_PUT_BYTES } from '../lib/multipartPlan.js'
import { videoDefaults } from './defaults.js'

/**
 * AWS: "In general, when your object size reaches 100 MB, you should consider using multipart
 * uploads instead of uploading the object in a single operation" (docs.aws.amazon.com/AmazonS3/
 * latest/userguide/mpuoverview.html).
 */
const MULTIPART_THRESHOLD_BYTES = 100 * 1024 ** 2

const positive = (value: number, name: string, max = Number.MAX_SAFE_INTEGER): number => {
  if (!Number.isFinite(value) || value <= 0 || value > max) {
    throw new Error(
      `payload-backoffice video: \`${name}\` must be a number above 0 and at most ${max} (got ${String(value)}).`,
    )
  }
  return value
}

/**
 * Fills every option with its default and rejects values that cannot work, at config time, so a
 * misconfiguration fails the build rather than an upload.
 */
export const sanitizeVideoOptions = (options: VideoPluginOptions = {}): SanitizedVideoOptions => {
  const defaults = videoDefaults()
  const mount = options.mount ?? defaults.mount
  // One path segment: it is matched as part of the endpoints' paths.
  if (!/^[a-z0-9][a-z0-9-]*$/i.test(mount)) {
    throw new Error(
      `payload-backoffice video: \`mount\` must be one path segment of letters, digits and dashes (got "${mount}").`,
    )
  }
  const renditions = options.renditions ?? defaults.renditions
  if (renditions.length === 0) {
    throw new Error('payload-backoffice video: `renditions` needs at least one rendition.')
  }
  for (const rendition of renditions) {
    if (!Number.isInteger(rendition.height) || rendition.height < 2 || rendition.height % 2 !== 0) {
      throw new Error(
        `payload-backoffice video: a rendition's height must be an even whole number (got ${String(rendition.height)}).`,
      )
    }
    positive(rendition.videoBitrateKbps, 'renditions[].videoBitrateKbps', 100_000)
  }
  const collections = { ...defaults.collections, ...options.collections }
  if (Object.values(collections).includes(mount)) {
    throw new Error(
      `payload-backoffice video: \`mount\` "${mount}" is also a collection's slug; their routes would collide.`,
    )
  }
  if (options.storage?.type === 's3' && !options.storage.bucket) {
    throw new Error('payload-backoffice video: S3 storage needs a `bucket`.')
  }
  // `true` is every 5 seconds, one transcode at a time: a queued video starts within seconds, and
  // one ffmpeg run already uses every core of the machine.
  const asked = options.autoRun ?? defaults.autoRun
  const autoRun =
    asked === false
      ? false
      : {
          cron: (asked === true ? undefined : asked.cron) ?? '*/5 * * * * *',
          limit: positive((asked === true ? undefined : asked.limit) ?? 1, 'autoRun.limit', 100),
        }
  return {
    access: options.access ?? null,
    audioBitrateKbps: positive(
      options.audioBitrateKbps ?? defaults.audioBitrateKbps,
      'audioBitrateKbps',
      512,
    ),
    autoRun,
    collections,
    enabled: options.enabled !== false,
    ffmpegPath: options.ffmpegPath ?? defaults.ffmpegPath,
    ffprobePath: options.ffprobePath ?? defaults.ffprobePath,
    leaseSeconds: positive(options.leaseSeconds ?? defaults.leaseSeconds, 'leaseSeconds', 3600),
    maxEncodeAttempts: positive(
      Math.floor(options.maxEncodeAttempts ?? defaults.maxEncodeAttempts),
      'maxEncodeAttempts',
      100,
    ),
    // Files above the multipart threshold go to S3 in parts, so the bucket's limit is the largest
    // object S3 stores, 5 TiB.
    maxFileSizeBytes: positive(
      options.maxFileSizeBytes ?? defaults.maxFileSizeBytes,
      'maxFileSizeBytes',
      options.storage?.type === 's3' ? S3_MAX_OBJECT_BYTES : Number.MAX_SAFE_INTEGER,
    ),
    mount,
    playbackTokenMinutes: positive(
      options.playbackTokenMinutes ?? defaults.playbackTokenMinutes,
      'playbackTokenMinutes',
      7 * 24 * 60,
    ),
    previewSeconds: positive(
      options.previewSeconds ?? defaults.previewSeconds,
      'previewSeconds',
      60,
    ),
    queue: options.queue ?? defaults.queue,
    reconcileCron: options.reconcileCron ?? defaults.reconcileCron,
    renditions: [...renditions].sort((a, b) => a.height - b.height),
    segmentSeconds: positive(
      options.segmentSeconds ?? defaults.segmentSeconds,
      'segmentSeconds',
      60,
    ),
    storage:
      options.storage?.type === 's3'
        ? {
            ...options.storage,
            directory: path.resolve(
              options.storage.directory ?? path.join(tmpdir(), 'payload-backoffice-video'),
            ),
            // Above 5 GiB a single PUT cannot work, so the threshold cannot be higher.
            multipartThresholdBytes: positive(
              options.storage.multipartThresholdBytes ?? MULTIPART_THRESHOLD_BYTES,
              'storage.multipartThresholdBytes',
              S3_MAX_SINGLE_PUT_BYTES,
            ),
            prefix: options.storage.prefix ?? 'videos/',
          }
        : {
            directory: path.resolve(options.storage?.directory ?? defaults.storage.directory),
            type: 'local',
          },
    takeoverCron: options.takeoverCron ?? defaults.takeoverCron,
    uploadUrlHours: positive(
      options.uploadUrlHours ?? defaults.uploadUrlHours,
      'uploadUrlHours',
      24 * 7,
    ),
  }
}
