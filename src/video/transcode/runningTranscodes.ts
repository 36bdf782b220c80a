/**
 * The transcodes running in this process, by video id, so deleting a video stops its ffmpeg at once.
 * A transcode running in another process stops at its next progress write, which finds the row gone.
 */
export const runningTranscodes = new Map<string, AbortController>()
