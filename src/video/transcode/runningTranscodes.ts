/** A transcode running in this process: how to stop it, and when it has stopped. */
export type RunningTranscode = {
  abort: () => void
  /** Settles once its ffmpeg has exited and its work folder is removed. */
  stopped: Promise<void>
}

/**
 * The transcodes running in this process, by video id, so deleting a video stops its ffmpeg at once
 * and removes the folder only once nothing writes there any more. A transcode running in another
 * process stops at its next progress write, which finds the row gone.
 */
export const runningTranscodes = new Map<string, RunningTranscode>()
