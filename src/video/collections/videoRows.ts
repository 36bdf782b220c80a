import type { Payload, PayloadRequest } from 'payload'

import { sql } from '@payloadcms/db-postgres'

import type { EncodingFailureCode } from '../lib/encodingFailures.js'
import type { EncodingStage } from '../lib/encodingStages.js'

import { sqlFor } from '../../db/sql.js'

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
     * Puts a video back in the queue's hands: one that failed, or one left PROGRESSING by a worker
     * whose lease ran out (a crash; Payload 3.90 leaves such a job marked as processing for good).
     * A video merely waiting for its first worker has never had a lease, and is not "stalled".
     */
    retry: (videoId: number | string, req?: PayloadRequest) =>
      run(
        sql`UPDATE ${videos.table}
               SET ${c('status')} = 'PROGRESSING', ${c('transcode_error')} = NULL,
                   ${c('transcode_stage')} = 'queued', ${c('transcode_progress')} = 0,
                   ${c('transcode_leaseOwner')} = NULL, ${c('transcode_leaseUntil')} = NULL,
                   ${c('updatedAt')} = now()
             WHERE ${id} = ${videoId}
               AND (${c('status')} = 'ERROR'
                    OR (${c('status')} = 'PROGRESSING' AND ${c('transcode_leaseUntil')} < now()))
             ${returningId}`,
        req,
      ),
  }
}
