import type { CollectionSlug } from 'payload'

import { mkdir, rename, rm, writeFile } from 'node:fs/promises'

import type { EncodingFailureCode } from '../lib/encodingFailures.js'
import type { LeasedEncoding, Outcome } from './leasedEncoding.js'

import { type DataJsonSource, dataJsonText } from '../lib/dataJson.js'
import { probeArguments, rungsFor, transcodeArguments } from '../lib/ladder.js'
import { readProbe, type SourceProbe } from '../lib/probe.js'
import { progressFraction, progressReader } from '../lib/progress.js'
import { videoUrlsOf } from '../lib/videoUrls.js'
import { videoApiBase } from '../options/videoApiBase.js'
import { s3StoreFor } from '../storage/s3Store.js'
import { type ProcessResult, runProcess } from './runProcess.js'

/** Progress is written about once a second: often enough for a live bar, one UPDATE per second. */
const PROGRESS_WRITE_MS = 1000

/** The ladder's rungs the probe allowed, as the video records them. */
type Rungs = ReturnType<typeof rungsFor>

/**
 * The code of a failed ffprobe or ffmpeg run: a program that never started is the server's to fix,
 * anything else is `otherwise` (the file, or the encoding of it).
 */
const processFailure = (result: ProcessResult, otherwise: EncodingFailureCode) =>
  result.started ? otherwise : 'VIDEO_TOOLS_UNAVAILABLE'

/**
 * Download (with S3) and probe: the source's streams, or the outcome that ends the encoding here (a
 * source ffprobe cannot read is ERROR, with ffprobe's last lines in the server log).
 */
export const probeSource = async (
  encoding: LeasedEncoding,
): Promise<{ outcome: Outcome } | { probe: SourceProbe; rungs: Rungs }> => {
  const { controller, options, store, videoId } = encoding
  // A worker that died mid-run (its lease ran out, so this one could take it) left its half-made
  // output behind.
  await store.removeWorkDirs(videoId)
  if (options.storage.type === 's3') {
    encoding.stage = 'download'
    await s3StoreFor(options.storage).download(videoId, store.sourcePath(videoId))
    encoding.stage = 'probe'
  }
  const probed = await runProcess(options.ffprobePath, probeArguments(store.sourcePath(videoId)), {
    signal: controller.signal,
  })
  let probe: null | SourceProbe = null
  try {
    probe = probed.code === 0 ? readProbe(JSON.parse(probed.stdout)) : null
  } catch {
    probe = null
  }
  if (encoding.lost) {
    return { outcome: 'LEASE_LOST' }
  }
  if (!probe) {
    await encoding.fail(processFailure(probed, 'VIDEO_SOURCE_UNREADABLE'), {
      output: probed.errorText || 'ffprobe found no video stream in the uploaded file.',
    })
    return { outcome: 'ERROR' }
  }
  const rungs = rungsFor(probe, options.renditions)
  await encoding.rows.recordProbe(videoId, encoding.owner, {
    ...probe,
    renditions: rungs.map((rung) => rung.name),
  })
  return { probe, rungs }
}

/**
 * One ffmpeg run for the HLS ladder, the poster and the preview (see `transcodeArguments`) into the
 * work folder, its progress written as it goes: null when it succeeded, else the outcome.
 */
export const encodeLadder = async (
  encoding: LeasedEncoding,
  probe: SourceProbe,
  rungs: Rungs,
): Promise<null | Outcome> => {
  const { controller, options, store, videoId, workDir } = encoding
  await rm(workDir, { force: true, recursive: true })
  await mkdir(workDir, { recursive: true })
  encoding.stage = 'encode'
  let lastWrite = 0
  const encoded = await runProcess(
    options.ffmpegPath,
    transcodeArguments({
      audioBitrateKbps: options.audioBitrateKbps,
      input: store.sourcePath(videoId),
      outputDir: workDir,
      previewSeconds: options.previewSeconds,
      probe,
      rungs,
      segmentSeconds: options.segmentSeconds,
    }),
    {
      onStdout: progressReader((block) => {
        const fraction = progressFraction(block, probe.durationSeconds)
        if (fraction === null) {
          return
        }
        // Below 100 until the files are in place: COMPLETE is what says 100.
        encoding.percent = Math.min(99, Math.floor(fraction * 100))
        if (Date.now() - lastWrite >= PROGRESS_WRITE_MS) {
          lastWrite = Date.now()
          void encoding.renew().catch(() => undefined)
        }
      }),
      signal: controller.signal,
    },
  )
  if (encoding.lost || controller.signal.aborted) {
    return 'LEASE_LOST'
  }
  if (encoded.code !== 0) {
    await encoding.fail(processFailure(encoded, 'VIDEO_RENDITION_FAILED'), {
      output: encoded.errorText || `ffmpeg exited with code ${String(encoded.code)}.`,
    })
    return 'ERROR'
  }
  return null
}

/**
 * The encoded files put where players read them (the output folder, then the bucket with S3), with
 * the `data.json` that describes them, and the video marked COMPLETE.
 */
export const publishOutput = async (
  encoding: LeasedEncoding,
  probe: SourceProbe,
  rungs: Rungs,
): Promise<Outcome> => {
  const { options, payload, store, videoId, workDir } = encoding
  const urls = videoUrlsOf(videoApiBase(payload, options), videoId)
  const video = (await payload.findByID({
    collection: options.collections.videos as CollectionSlug,
    depth: 0,
    disableErrors: true,
    id: videoId,
  })) as DataJsonSource | null
  if (!video) {
    return 'LEASE_LOST'
  }
  // From here on the files are written where players read them: a failure is the storage's.
  encoding.stage = 'publish'
  await writeFile(
    `${workDir}/data.json`,
    dataJsonText(
      { ...video, probe: { ...probe, renditions: rungs.map((rung) => rung.name) } },
      urls,
    ),
  )
  // The finished output replaces any earlier one in one rename: players see all of it or none.
  await rm(store.outputDir(videoId), { force: true, recursive: true })
  await rename(workDir, store.outputDir(videoId))
  if (options.storage.type === 's3') {
    // The bucket is what players read from; this machine keeps nothing once it is there.
    await s3StoreFor(options.storage).publish(videoId, store.outputDir(videoId))
    await store.removeVideo(videoId)
  }
  if (!(await encoding.rows.finish(videoId, encoding.owner, urls))) {
    return 'LEASE_LOST'
  }
  encoding.metrics.videoEncodesCompleted.inc()
  encoding.metrics.videoEncodeDuration.observe((performance.now() - encoding.startedAt) / 1000)
  return 'COMPLETE'
}
