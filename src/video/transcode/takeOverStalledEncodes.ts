import type { Payload } from 'payload'

import { sql } from '@payloadcms/db-postgres'
import { createLocalReq } from 'payload'

import type { SanitizedVideoOptions } from '../options/types.js'

import { inTransaction } from '../../shared/db/inTransaction.js'
import { sqlFor } from '../../shared/db/sql.js'
import { metricsOf } from '../../shared/metrics/metricsOf.js'
import { videoRows } from '../collections/videoRows.js'
import { transcodeTaskSlug } from './transcodeTask.js'

/**
 * Finds the encodes whose worker died and queues each again, so a video never stays PROGRESSING
 * with nobody at work on it. Payload 3.90 recovers no job from a dead worker: its job stays marked
 * as processing, or is gone altogether when a second worker handed the same job skipped it (the
 * lease was taken) and deleted it. What says a worker is alive is its lease on the video, renewed
 * every third of `leaseSeconds` while it works, so a live encode however slow is never taken over.
 *
 * Each video is claimed by one conditional UPDATE and its job queued in the same transaction:
 * reconcilers on several workers never queue a video twice, and a claim that fails to queue rolls
 * back. After `maxEncodeAttempts` runs the video ends in ERROR (`VIDEO_WORKER_LOST`) instead: a
 * source that kills its worker every time would otherwise take the workers down for ever.
 */
export const takeOverStalledEncodes = async (
  payload: Payload,
  options: SanitizedVideoOptions,
): Promise<{ abandoned: string[]; requeued: string[] }> => {
  const rows = videoRows(payload, options.collections.videos)
  const jobs = sqlFor(payload, 'payload-jobs')
  const jobColumn = jobs.column
  // The first run is not a takeover: `maxEncodeAttempts` runs are the first and this many more.
  const maxTakeovers = options.maxEncodeAttempts - 1
  const requeued: string[] = []
  const abandoned: string[] = []
  for (const videoId of await rows.stalledWithoutJob(
    options.leaseSeconds,
    jobs,
    transcodeTaskSlug,
  )) {
    const req = await createLocalReq({}, payload)
    const claimed = await inTransaction(req, async () => {
      if (!(await rows.claimStalled(videoId, options.leaseSeconds, maxTakeovers, req))) {
        return false
      }
      // The dead worker's job, if Payload still has it, says so instead of "processing" for ever.
      await jobs.execute(
        sql`UPDATE ${jobs.table}
               SET ${jobColumn('processing')} = false, ${jobColumn('hasError')} = true,
                   ${jobColumn('error')} = ${JSON.stringify({ message: 'payload-backoffice video: the worker running this job stopped answering; the video was queued again.' })}::jsonb,
                   ${jobColumn('updatedAt')} = now()
             WHERE ${jobColumn('taskSlug')} = ${transcodeTaskSlug}
               AND ${jobColumn('input')}->>'videoId' = ${String(videoId)}
               AND ${jobColumn('completedAt')} IS NULL AND ${jobColumn('processing')} = true`,
        req,
      )
      await payload.jobs.queue({
        input: { videoId: String(videoId) },
        queue: options.queue,
        req,
        task: transcodeTaskSlug,
      } as never)
      return true
    })
    if (claimed) {
      metricsOf(payload).videoEncodesQueued.inc()
      requeued.push(String(videoId))
    } else if (await rows.abandonStalled(videoId, options.leaseSeconds, maxTakeovers)) {
      abandoned.push(String(videoId))
    }
  }
  if (requeued.length > 0) {
    payload.logger.warn(
      `payload-backoffice video: the workers encoding these videos stopped answering; they were queued again: ${requeued.join(', ')}.`,
    )
  }
  if (abandoned.length > 0) {
    payload.logger.error(
      `payload-backoffice video: these videos lost their worker on each of ${String(options.maxEncodeAttempts)} attempts and are now in ERROR (VIDEO_WORKER_LOST): ${abandoned.join(', ')}.`,
    )
  }
  return { abandoned, requeued }
}
