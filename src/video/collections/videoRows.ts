import type { Payload, PayloadRequest } from 'payload'

import { sql } from '@payloadcms/db-postgres'

import type { EncodingFailureCode } from '../lib/encodingFailures.js'
import type { EncodingStage } from '../lib/encodingStages.js'

import { sqlFor } from '../../shared/db/sql.js'

/**
 * The state changes of a video that must happen once however many requests or workers race for
 * them: each is one conditional UPDATE that PostgreSQL serialises on the row, and whoever's UPDATE
 * matched (RETURNING a row) won. Payload's Local API reads and then writes, so two callers could
 * both see "not yet done" and both do it.
 */
export const videoRows = (payload: Payload, slug: string) => {
  const videos = sqlFor(payload, slug)
  const c = videos.column
  const id = c('id')
  const returningId = sql`RETURNING ${id} AS id`
  const run = async (statement: ReturnType<typeof sql>, req?: PayloadRequest) =>
    (await videos.execute<{ id: unknown }>(statement, req)).length > 0
  /**
   * A PROGRESSING video nobody is encoding: its holder's lease ran out (the worker died, or lost
   * the database for a whole lease), or it never had one and has not changed for a lease's length
   * (a worker died between claiming its job and taking the lease).
   */
  const stalled = (leaseSeconds: number) =>
    sql`${c('status')} = 'PROGRESSING'
        AND (${c('transcode_leaseUntil')} < now()
             OR (${c('transcode_leaseUntil')} IS NULL
                 AND ${c('updatedAt')} < now() - make_interval(secs => ${leaseSeconds}::float8)))`

  return {
    /**
     * Ends an upload: the video leaves NO_FILE for PROGRESSING and forgets its upload nonce, so the
     * signed URL bound to it can never write again, and keeps the size received (an upload request
     * may leave the size out). False when it was already ended.
     */
    completeUpload: (
      videoId: number | string,
      nonce: string,
      size: null | number,
      req?: PayloadRequest,
    ) =>
      run(
        sql`UPDATE ${videos.table}
               SET ${c('status')} = 'PROGRESSING', ${c('uploadNonce')} = NULL,
                   ${c('source_size')} = COALESCE(${size}::numeric, ${c('source_size')}),
                   ${c('transcode_stage')} = 'queued', ${c('transcode_progress')} = 0,
                   ${c('updatedAt')} = now()
             WHERE ${id} = ${videoId} AND ${c('status')} = 'NO_FILE' AND ${c('uploadNonce')} = ${nonce}
             ${returningId}`,
        req,
      ),

    /**
     * Takes the lease on a video to transcode it: only a PROGRESSING video whose lease is free or
     * expired, and counts the attempt. This, not the jobs queue, guarantees one ffmpeg per video:
     * Payload 3.90 can hand one job to two workers (fixed by payloadcms/payload#17441 in 4.0), and a
     * worker that crashed leaves its video to be taken over once its lease runs out.
     */
    takeLease: (videoId: number | string, owner: string, leaseSeconds: number) =>
      run(
        sql`UPDATE ${videos.table}
               SET ${c('transcode_leaseOwner')} = ${owner},
                   ${c('transcode_leaseUntil')} = now() + make_interval(secs => ${leaseSeconds}::float8),
                   ${c('transcode_attempts')} = COALESCE(${c('transcode_attempts')}, 0) + 1,
                   ${c('transcode_stage')} = 'probe', ${c('transcode_progress')} = 0,
                   ${c('transcode_error')} = NULL, ${c('updatedAt')} = now()
             WHERE ${id} = ${videoId} AND ${c('status')} = 'PROGRESSING'
               AND (${c('transcode_leaseUntil')} IS NULL OR ${c('transcode_leaseUntil')} < now())
             ${returningId}`,
      ),

    /**
     * Renews the holder's lease and records where it is. False when the holder no longer holds it
     * (the video was deleted, or its lease ran out and another worker took it): then it must stop.
     */
    renewLease: (
      videoId: number | string,
      owner: string,
      leaseSeconds: number,
      progress: { percent: number; stage: string },
    ) =>
      run(
        sql`UPDATE ${videos.table}
               SET ${c('transcode_leaseUntil')} = now() + make_interval(secs => ${leaseSeconds}::float8),
                   ${c('transcode_stage')} = ${progress.stage},
                   ${c('transcode_progress')} = ${progress.percent}
             WHERE ${id} = ${videoId} AND ${c('transcode_leaseOwner')} = ${owner}
             ${returningId}`,
      ),

    /** The holder's probe result, kept for the admin and for `data.json`. */
    recordProbe: (videoId: number | string, owner: string, probe: object) =>
      run(
        sql`UPDATE ${videos.table} SET ${c('probe')} = ${JSON.stringify(probe)}::jsonb
             WHERE ${id} = ${videoId} AND ${c('transcode_leaseOwner')} = ${owner}
             ${returningId}`,
      ),

    /** The holder's success: COMPLETE with its URLs, lease released. */
    finish: (
      videoId: number | string,
      owner: string,
      urls: { master: string; poster: string; preview: string },
    ) =>
      run(
        sql`UPDATE ${videos.table}
               SET ${c('status')} = 'COMPLETE', ${c('src_abr_url')} = ${urls.master},
                   ${c('previewThumbnailUrl')} = ${urls.poster}, ${c('previewVideoUrl')} = ${urls.preview},
                   ${c('transcode_stage')} = 'done', ${c('transcode_progress')} = 100,
                   ${c('transcode_leaseOwner')} = NULL, ${c('transcode_leaseUntil')} = NULL,
                   ${c('updatedAt')} = now()
             WHERE ${id} = ${videoId} AND ${c('transcode_leaseOwner')} = ${owner}
             ${returningId}`,
      ),

    /**
     * The holder's failure: ERROR with its code and the stage it stopped at, lease released. A code
     * rather than ffmpeg's words: those name the server's files, and belong in the server log.
     */
    fail: (
      videoId: number | string,
      owner: string,
      failure: { code: EncodingFailureCode; stage: EncodingStage },
    ) =>
      run(
        sql`UPDATE ${videos.table}
               SET ${c('status')} = 'ERROR', ${c('transcode_error')} = ${failure.code},
                   ${c('transcode_stage')} = ${failure.stage},
                   ${c('transcode_leaseOwner')} = NULL, ${c('transcode_leaseUntil')} = NULL,
                   ${c('updatedAt')} = now()
             WHERE ${id} = ${videoId} AND ${c('transcode_leaseOwner')} = ${owner}
             ${returningId}`,
      ),

    /**
     * The ids of stalled videos (see `stalled`) that no job will pick up: none of the transcode
     * jobs for them waits to run. A job marked as processing does not count: in Payload 3.90 the
     * job of a worker that died stays so for ever, and a live worker holding one holds the lease.
     */
    stalledWithoutJob: async (
      leaseSeconds: number,
      jobs: ReturnType<typeof sqlFor>,
      taskSlug: string,
    ) =>
      (
        await videos.execute<{ id: number | string }>(
          sql`SELECT ${id} AS id FROM ${videos.table}
               WHERE ${stalled(leaseSeconds)}
                 AND NOT EXISTS (
                   SELECT 1 FROM ${jobs.table} AS waiting
                    WHERE waiting.${jobs.column('taskSlug')} = ${taskSlug}
                      AND waiting.${jobs.column('input')}->>'videoId' = ${videos.table}.${id}::text
                      AND waiting.${jobs.column('completedAt')} IS NULL
                      AND waiting.${jobs.column('hasError')} IS NOT TRUE
                      AND waiting.${jobs.column('processing')} IS NOT TRUE)
               ORDER BY ${id}
               LIMIT 100`,
        )
      ).map((row) => row.id),

    /**
     * Claims a stalled video to queue it again, with one more takeover counted, while fewer than
     * `maxTakeovers` were made. The conditions are checked again on the row as it is now, so of
     * two reconcilers (or a reconciler and a Retry) racing for it exactly one wins: the winner
     * clears the lease, which the loser's `stalled` condition then no longer matches.
     */
    claimStalled: (
      videoId: number | string,
      leaseSeconds: number,
      maxTakeovers: number,
      req?: PayloadRequest,
    ) =>
      run(
        sql`UPDATE ${videos.table}
               SET ${c('transcode_leaseOwner')} = NULL, ${c('transcode_leaseUntil')} = NULL,
                   ${c('transcode_stage')} = 'queued', ${c('transcode_progress')} = 0,
                   ${c('transcode_takeovers')} = COALESCE(${c('transcode_takeovers')}, 0) + 1,
                   ${c('updatedAt')} = now()
             WHERE ${id} = ${videoId} AND ${stalled(leaseSeconds)}
               AND COALESCE(${c('transcode_takeovers')}, 0) < ${maxTakeovers}
             ${returningId}`,
        req,
      ),

    /**
     * Gives a stalled video up once its takeovers are used up: ERROR with `VIDEO_WORKER_LOST`,
     * keeping the stage its last run reached, lease released so Retry works at once.
     */
    abandonStalled: (videoId: number | string, leaseSeconds: number, maxTakeovers: number) =>
      run(
        sql`UPDATE ${videos.table}
               SET ${c('status')} = 'ERROR', ${c('transcode_error')} = ${'VIDEO_WORKER_LOST' satisfies EncodingFailureCode},
                   ${c('transcode_leaseOwner')} = NULL, ${c('transcode_leaseUntil')} = NULL,
                   ${c('updatedAt')} = now()
             WHERE ${id} = ${videoId} AND ${stalled(leaseSeconds)}
               AND COALESCE(${c('transcode_takeovers')}, 0) >= ${maxTakeovers}
             ${returningId}`,
      ),

    /**
     * Puts a video back in the queue's hands: one that failed, or one left PROGRESSING by a worker
     * whose lease ran out (a crash; Payload 3.90 leaves such a job marked as processing for good).
     * A video merely waiting for its first worker has never had a lease, and is not "stalled".
     * A person's Retry gives the video its full `maxEncodeAttempts` again.
     */
    retry: (videoId: number | string, req?: PayloadRequest) =>
      run(
        sql`UPDATE ${videos.table}
               SET ${c('status')} = 'PROGRESSING', ${c('transcode_error')} = NULL,
                   ${c('transcode_stage')} = 'queued', ${c('transcode_progress')} = 0,
                   ${c('transcode_leaseOwner')} = NULL, ${c('transcode_leaseUntil')} = NULL,
                   ${c('transcode_takeovers')} = 0, ${c('updatedAt')} = now()
             WHERE ${id} = ${videoId}
               AND (${c('status')} = 'ERROR'
                    OR (${c('status')} = 'PROGRESSING' AND ${c('transcode_leaseUntil')} < now()))
             ${returningId}`,
        req,
      ),
  }
}
