import type { Payload, TaskConfig } from 'payload'

import { JobCancelledError } from 'payload'

import type { EncodingFailureCode } from '../lib/encodingFailures.js'
import type { SanitizedVideoOptions } from '../options/types.js'

import { encodeLadder, probeSource, publishOutput } from './encodingStages.js'
import { type Outcome, startLeasedEncoding } from './leasedEncoding.js'

export const transcodeTaskSlug = 'backofficeVideoTranscode'

/**
 * Encodes one video: probe, then one ffmpeg run for the HLS ladder, the poster and the preview, then
 * publish and COMPLETE (the stages are in `encodingStages.ts`). It runs only under the video's lease
 * (`leasedEncoding.ts`), so a job handed to two workers runs ffmpeg once. A source ffprobe or ffmpeg
 * cannot read ends in ERROR with a failure code and its stage (what staff see), their last lines go
 * to the server log (what operators need), and the job itself succeeds: running it again would fail
 * the same way (the retry endpoint starts a new attempt when someone decides to).
 */
const transcodeVideo = async (
  payload: Payload,
  options: SanitizedVideoOptions,
  videoId: number | string,
): Promise<Outcome> => {
  const leased = await startLeasedEncoding(payload, options, videoId)
  if (!leased) {
    return 'SKIPPED'
  }
  const { encoding, end } = leased
  try {
    const probed = await probeSource(encoding)
    if ('outcome' in probed) {
      return probed.outcome
    }
    return (
      (await encodeLadder(encoding, probed.probe, probed.rungs)) ??
      (await publishOutput(encoding, probed.probe, probed.rungs))
    )
  } catch (error) {
    // Not the source's fault (a full disk, the bucket or the database unreachable): the video says
    // so, and its lease is released at once, so Retry works now rather than after the lease runs
    // out. A Payload retry of the job would only find the lease taken and skip.
    const code: EncodingFailureCode =
      encoding.stage === 'download'
        ? 'VIDEO_SOURCE_UNAVAILABLE'
        : encoding.stage === 'publish'
          ? 'VIDEO_STORAGE_FAILED'
          : 'VIDEO_ENCODING_INTERRUPTED'
    await encoding.fail(code, { err: error }).catch(() => undefined)
    return encoding.lost ? 'LEASE_LOST' : 'ERROR'
  } finally {
    await end()
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
