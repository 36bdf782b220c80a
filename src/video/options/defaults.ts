import path from 'node:path'

import type { SanitizedVideoOptions } from './types.js'

/** The video plugin's defaults, in one place, each with the reason for its number. */
export const videoDefaults = (): SanitizedVideoOptions => ({
  // null: staff, that is signed-in users of the admin's user collection (see `staffAccess`).
  access: null,
  // Apple's HLS authoring specification lists 128 kbit/s stereo AAC-LC among its audio variants.
  audioBitrateKbps: 128,
  // Off: a web process serves requests, and an ffmpeg run takes every core it is given. Workers
  // (`payload jobs:run --queue video`) run the queue, or the integrator turns this on.
  autoRun: false,
  collections: { categories: 'video-categories', tags: 'video-tags', videos: 'videos' },
  enabled: true,
  ffmpegPath: 'ffmpeg',
  ffprobePath: 'ffprobe',
  // A worker renews its hold every 20 s; one that died frees the video a minute later.
  leaseSeconds: 60,
  // A video that kills its worker every time (a source that exhausts memory) stops after three
  // runs; a worker lost to a deploy or a crash costs one of them.
  maxEncodeAttempts: 3,
  // 10 GiB: about an hour of 1080p camera footage. S3 takes 5 GB in one PUT, far more in parts.
  maxFileSizeBytes: 10 * 1024 ** 3,
  mount: 'video',
  // Long enough to watch a feature-length video without the player's requests expiring midway;
  // short enough that a shared link stops working the same day.
  playbackTokenMinutes: 240,
  previewSeconds: 6,
  queue: 'video',
  // Daily, at an hour of little traffic.
  reconcileCron: '0 4 * * *',
  // Apple's HLS authoring specification's ladder (its 2.x table) at 360, 720 and 1080 lines, rounded.
  renditions: [
    { height: 360, videoBitrateKbps: 800 },
    { height: 720, videoBitrateKbps: 2800 },
    { height: 1080, videoBitrateKbps: 5000 },
  ],
  // Apple's HLS authoring specification: "Target durations SHOULD be 6 seconds".
  segmentSeconds: 6,
  storage: { directory: path.resolve(process.cwd(), 'video-files'), type: 'local' },
  // Twice a minute: a dead worker's video is queued again at most 30 s after its lease runs out,
  // for one indexed query per run.
  takeoverCron: '*/30 * * * * *',
  // Google Cloud Storage's resumable sessions last a week; a day covers a large file on a slow line.
  uploadUrlHours: 24,
})
