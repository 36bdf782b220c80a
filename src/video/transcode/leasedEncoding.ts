import type { Payload } from 'payload'

import { randomUUID } from 'node:crypto'
import { rm } from 'node:fs/promises'
import { hostname } from 'node:os'

import type { EncodingFailureCode } from '../lib/encodingFailures.js'
import type { EncodingStage } from '../lib/encodingStages.js'
import type { SanitizedVideoOptions } from '../options/types.js'

import { metricsOf } from '../../shared/metrics/metricsOf.js'
import { videoRows } from '../collections/videoRows.js'
import { localStore } from '../storage/localStore.js'
import { runningTranscodes } from './runningTranscodes.js'

/** What one encoding of a video ended in, as the job's output records it. */
export type Outcome = 'COMPLETE' | 'ERROR' | 'LEASE_LOST' | 'SKIPPED'

/**
 * One encoding of a video by this worker, under the video's lease: where it works, which stage it is
 * in and how far, and whether the lease is still its own. Every stage reads and moves it.
 */
export type LeasedEncoding = {
  /** Stops ffprobe or ffmpeg: the lease was lost, or the video was deleted (`runningTranscodes`). */
  readonly controller: AbortController
  /** Records a failure: its code and stage on the video; `detail` only in the server log. */
  fail: (code: EncodingFailureCode, detail: { err?: unknown; output?: string }) => Promise<void>
  lost: boolean
  readonly metrics: ReturnType<typeof metricsOf>
  readonly options: SanitizedVideoOptions
  readonly owner: string
  readonly payload: Payload
  percent: number
  /** Renews the lease with the progress so far; a renewal refused means another worker has it. */
  renew: () => Promise<void>
  readonly rows: ReturnType<typeof videoRows>
  stage: EncodingStage
  readonly startedAt: number
  readonly store: ReturnType<typeof localStore>
  readonly videoId: number | string
  readonly workDir: string
}

/**
 * Takes the video's lease for this worker and starts renewing it, or answers null when another
 * worker holds it (a job handed to two workers runs ffmpeg once). `end` must follow.
 */
export const startLeasedEncoding = async (
  payload: Payload,
  options: SanitizedVideoOptions,
  videoId: number | string,
): Promise<{ encoding: LeasedEncoding; end: () => Promise<void> } | null> => {
  const rows = videoRows(payload, options.collections.videos)
  const owner = `${hostname()}-${process.pid}-${randomUUID().slice(0, 8)}`
  if (!(await rows.takeLease(videoId, owner, options.leaseSeconds))) {
    return null
  }
  const metrics = metricsOf(payload)
  metrics.videoEncodesRunning.inc()
  const store = localStore(options.storage.directory)
  const controller = new AbortController()
  let markStopped = () => {}
  runningTranscodes.set(String(videoId), {
    abort: () => controller.abort(),
    stopped: new Promise<void>((resolve) => {
      markStopped = resolve
    }),
  })
  const encoding: LeasedEncoding = {
    controller,
    fail: async (code, detail) => {
      metrics.videoEncodesFailed.inc({ code })
      // A tool's last lines name the server's folders: operators read them, staff see the code.
      payload.logger.error({
        ...detail,
        code,
        msg: `payload-backoffice video: encoding video ${String(videoId)} failed (${code}, stage ${encoding.stage})`,
        stage: encoding.stage,
        videoId: String(videoId),
      })
      if (!encoding.lost) {
        await rows.fail(videoId, owner, { code, stage: encoding.stage })
      }
    },
    lost: false,
    metrics,
    options,
    owner,
    payload,
    percent: 0,
    renew: async () => {
      if (
        !encoding.lost &&
        !(await rows.renewLease(videoId, owner, options.leaseSeconds, {
          percent: encoding.percent,
          stage: encoding.stage,
        }))
      ) {
        encoding.lost = true
        controller.abort()
      }
    },
    rows,
    stage: 'probe',
    startedAt: performance.now(),
    store,
    videoId,
    workDir: store.workDir(videoId, owner),
  }
  // Renewed on a timer too: a long stretch without progress output must not lose the lease.
  const heartbeat = setInterval(
    () => void encoding.renew().catch(() => undefined),
    (options.leaseSeconds * 1000) / 3,
  )
  heartbeat.unref()
  const end = async () => {
    metrics.videoEncodesRunning.dec()
    clearInterval(heartbeat)
    try {
      await rm(encoding.workDir, { force: true, recursive: true })
      if (options.storage.type === 's3') {
        // The downloaded copy of the source: the bucket keeps the original.
        await store.removeVideo(videoId)
      }
    } finally {
      runningTranscodes.delete(String(videoId))
      markStopped()
    }
  }
  return { encoding, end }
}
