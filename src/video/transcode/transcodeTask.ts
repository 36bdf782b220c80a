import type { CollectionSlug, Payload, TaskConfig } from 'payload'

import { randomUUID } from 'node:crypto'
import { mkdir, rename, rm, writeFile } from 'node:fs/promises'
import { hostname } from 'node:os'
import { JobCancelledError } from 'payload'

import type { EncodingFailureCode } from '../lib/encodingFailures.js'
import type { EncodingStage } from '../lib/encodingStages.js'
import type { SanitizedVideoOptions } from '../options/types.js'

import { metricsOf } from '../../shared/metrics/metricsOf.js'
import { videoRows } from '../collections/videoRows.js'
import { type DataJsonSource, dataJsonText } from '../lib/dataJson.js'
import { probeArguments, rungsFor, transcodeArguments } from '../lib/ladder.js'
import { readProbe, type SourceProbe } from '../lib/probe.js'
import { progressFraction, progressReader } from '../lib/progress.js'
import { videoUrlsOf } from '../lib/videoUrls.js'
import { videoApiBase } from '../options/videoApiBase.js'
import { localStore } from '../storage/localStore.js'
import { s3StoreFor } from '../storage/s3Store.js'
import { runningTranscodes } from './runningTranscodes.js'
import { type ProcessResult, runProcess } from './runProcess.js'

export const transcodeTaskSlug = 'backofficeVideoTranscode'

type Outcome = 'COMPLETE' | 'ERROR' | 'LEASE_LOST' | 'SKIPPED'

/** Progress is written about once a second: often enough for a live bar, one UPDATE per second. */
const PROGRESS_WRITE_MS = 1000

/**
 * The code of a failed ffprobe or ffmpeg run: a program that never started is the server's to fix,
 * anything else is `otherwise` (the file, or the encoding of it).
 */
const processFailure = (result: ProcessResult, otherwise: EncodingFailureCode) =>
  result.started ? otherwise : 'VIDEO_TOOLS_UNAVAILABLE'

/**
 * Encodes one video: probe, then one ffmpeg run for the HLS ladder, the poster and the preview (see
 * `transcodeArguments`), then COMPLETE. It runs only under the video's lease, so a job handed to two
 * workers runs ffmpeg once. A source ffprobe or ffmpeg cannot read ends in ERROR with a failure code
 * and its stage (what staff see), their last lines go to the server log (what operators need), and
 * the job itself succeeds: running it again would fail the same way (the retry endpoint starts a new
 * attempt when someone decides to).
 */
const transcodeVideo = async (
  payload: Payload,
  options: SanitizedVideoOptions,
  videoId: number | string,
): Promise<Outcome> => {
  const rows = videoRows(payload, options.collections.videos)
  const owner = `${hostname()}-${process.pid}-${randomUUID().slice(0, 8)}`
  if (!(await rows.takeLease(videoId, owner, options.leaseSeconds))) {
    return 'SKIPPED'
  }
  const metrics = metricsOf(payload)
  const startedAt = performance.now()
  metrics.videoEncodesRunning.inc()
  const store = localStore(options.storage.directory)
  const workDir = store.workDir(videoId, owner)
  const controller = new AbortController()
  let markStopped = () => {}
  runningTranscodes.set(String(videoId), {
    abort: () => controller.abort(),
    stopped: new Promise<void>((resolve) => {
      markStopped = resolve
    }),
  })
  let stage: EncodingStage = 'probe'
  let percent = 0
  let lost = false
  const renew = async () => {
    if (
      !lost &&
      !(await rows.renewLease(videoId, owner, options.leaseSeconds, { percent, stage }))
    ) {
      lost = true
      controller.abort()
    }
  }
  // Renewed on a timer too: a long stretch without progress output must not lose the lease.
  const heartbeat = setInterval(
    () => void renew().catch(() => undefined),
    (options.leaseSeconds * 1000) / 3,
  )
  heartbeat.unref()
  /**
   * Records a failure: its code and stage on the video, for staff; `detail` (a tool's last lines,
   * which name the server's folders) only in the server log, with the video's id, for operators.
   */
  const fail = async (code: EncodingFailureCode, detail: { err?: unknown; output?: string }) => {
    metrics.videoEncodesFailed.inc({ code })
    payload.logger.error({
      ...detail,
      code,
      msg: `payload-backoffice video: encoding video ${String(videoId)} failed (${code}, stage ${stage})`,
      stage,
      videoId: String(videoId),
    })
    if (!lost) {
      await rows.fail(videoId, owner, { code, stage })
    }
  }
  try {
    // A worker that died mid-run (its lease ran out, so this one could take it) left its half-made
    // output behind.
    await store.removeWorkDirs(videoId)
    if (options.storage.type === 's3') {
      stage = 'download'
      await s3StoreFor(options.storage).download(videoId, store.sourcePath(videoId))
      stage = 'probe'
    }
    const probed = await runProcess(
      options.ffprobePath,
      probeArguments(store.sourcePath(videoId)),
      {
        signal: controller.signal,
      },
    )
    let probe: null | SourceProbe = null
    try {
      probe = probed.code === 0 ? readProbe(JSON.parse(probed.stdout)) : null
    } catch {
      probe = null
    }
    if (lost) {
      return 'LEASE_LOST'
    }
    if (!probe) {
      await fail(processFailure(probed, 'VIDEO_SOURCE_UNREADABLE'), {
        output: probed.errorText || 'ffprobe found no video stream in the uploaded file.',
      })
      return 'ERROR'
    }
    const rungs = rungsFor(probe, options.renditions)
    await rows.recordProbe(videoId, owner, { ...probe, renditions: rungs.map((rung) => rung.name) })
    await rm(workDir, { force: true, recursive: true })
    await mkdir(workDir, { recursive: true })
    stage = 'encode'
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
          percent = Math.min(99, Math.floor(fraction * 100))
          if (Date.now() - lastWrite >= PROGRESS_WRITE_MS) {
            lastWrite = Date.now()
            void renew().catch(() => undefined)
          }
        }),
        signal: controller.signal,
      },
    )
    if (lost || controller.signal.aborted) {
      return 'LEASE_LOST'
    }
    if (encoded.code !== 0) {
      await fail(processFailure(encoded, 'VIDEO_RENDITION_FAILED'), {
        output: encoded.errorText || `ffmpeg exited with code ${String(encoded.code)}.`,
      })
      return 'ERROR'
    }
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
    stage = 'publish'
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
    if (!(await rows.finish(videoId, owner, urls))) {
      return 'LEASE_LOST'
    }
    metrics.videoEncodesCompleted.inc()
    metrics.videoEncodeDuration.observe((performance.now() - startedAt) / 1000)
    return 'COMPLETE'
  } catch (error) {
    // Not the source's fault (a full disk, the bucket or the database unreachable): the video says
    // so, and its lease is released at once, so Retry works now rather than after the lease runs
    // out. A Payload retry of the job would only find the lease taken and skip.
    const code: EncodingFailureCode =
      stage === 'download'
        ? 'VIDEO_SOURCE_UNAVAILABLE'
        : stage === 'publish'
          ? 'VIDEO_STORAGE_FAILED'
          : 'VIDEO_ENCODING_INTERRUPTED'
    await fail(code, { err: error }).catch(() => undefined)
    return lost ? 'LEASE_LOST' : 'ERROR'
  } finally {
    metrics.videoEncodesRunning.dec()
    clearInterval(heartbeat)
    try {
      await rm(workDir, { force: true, recursive: true })
      if (options.storage.type === 's3') {
        // The downloaded copy of the source: the bucket keeps the original.
        await store.removeVideo(videoId)
      }
    } finally {
      runningTranscodes.delete(String(videoId))
      markStopped()
    }
  }
}

/** Whether Payload's row of a job is gone: a second worker handed the same job finished it first. */
const jobWasDeleted = async (payload: Payload, jobId: number | string) =>
  (await payload.count({ collection: 'payload-jobs', where: { id: { equals: jobId } } }))
    .totalDocs === 0

/**
 * The Payload jobs task. It is registered even when the plugin is disabled, so the jobs collection's
 * schema (its task-slug enum) does not depend on `enabled`.
 */
export const transcodeTask = (
  options: SanitizedVideoOptions,
): TaskConfig<{ input: { videoId: string }; output: { outcome: string } }> => ({
  slug: transcodeTaskSlug,
  handler: async ({ input, job, req }) => {
    const outcome = await transcodeVideo(req.payload, options, input.videoId)
    // Payload 3.90 can hand this job to two workers (see `takeLease`). The one that returns first
    // completes the job and, by default (`jobs.deleteJobOnComplete`), deletes it; the other's
    // closing log write then fails, and Payload's error handling reads the missing row back and
    // crashes the worker (payload/dist/queues/utilities/updateJob.js, `jobAfterRead(null)`). A
    // cancelled job is written without being read back (payload/dist/queues/operations/runJobs):
    // the job is over, its video says how. This closes the usual case, both workers started
    // together and the one that skips finished seconds earlier; a deletion in the moment between
    // this check and Payload's write is still Payload's to survive.
    if (job && (await jobWasDeleted(req.payload, job.id))) {
      throw new JobCancelledError(
        `payload-backoffice video: job ${String(job.id)} for video ${input.videoId} was finished by another worker (${outcome})`,
      )
    }
    return { output: { outcome } }
  },
  inputSchema: [{ name: 'videoId', type: 'text', required: true }],
  outputSchema: [{ name: 'outcome', type: 'text', required: true }],
  // Every failure is recorded on the video, whose Retry starts a new attempt; what still escapes
  // (the database unreachable while recording one) is worth one more try of the job.
  retries: 1,
})
