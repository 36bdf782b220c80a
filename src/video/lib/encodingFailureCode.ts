import { type EncodingFailureCode, encodingFailures } from './encodingFailures.js'

/**
 * The failure code of a stored `transcode.error`: null when there is none, the code when this
 * version knows it, and `VIDEO_ENCODING_FAILED` for anything else. Rows written by earlier versions
 * hold ffmpeg's last lines, with the server's file paths, and these must not reach staff either.
 */
export const encodingFailureCode = (value: unknown): EncodingFailureCode | null => {
  if (value === null || value === undefined || value === '') {
    return null
  }
  return typeof value === 'string' && Object.hasOwn(encodingFailures, value)
    ? (value as EncodingFailureCode)
    : 'VIDEO_ENCODING_FAILED'
}
