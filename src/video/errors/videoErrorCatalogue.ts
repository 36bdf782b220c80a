import type { VideoTranslationKey } from '../translations/types.js'

/**
 * Every refusal of the video plugin: one stable UPPER_SNAKE code per failure with its HTTP status
 * and the key of its text in the `video` translation namespace. Clients and tests match on the
 * code, never on the text. Failures the video plugin shares with the back-office (an unreadable
 * request, a missing session, an internal error) keep their codes in the back-office catalogue.
 */
export const videoErrorCatalogue = {
  // Creating an upload, the signed upload target, encoding and playback.
  VIDEO_STAFF_ONLY: { status: 403, translationKey: 'errorVideoStaffOnly' },
  VIDEO_INPUT_INVALID: { status: 400, translationKey: 'errorVideoInputInvalid' },
  // RFC 9110 §15.5.16: 415 for a media type the resource does not accept.
  VIDEO_TYPE_NOT_ALLOWED: { status: 415, translationKey: 'errorVideoTypeNotAllowed' },
  VIDEO_FILE_TOO_LARGE: { status: 413, translationKey: 'errorVideoFileTooLarge' },
  VIDEO_NOT_FOUND: { status: 404, translationKey: 'errorVideoNotFound' },
  VIDEO_UPLOAD_URL_INVALID: { status: 403, translationKey: 'errorVideoUploadUrlInvalid' },
  VIDEO_UPLOAD_URL_EXPIRED: { status: 403, translationKey: 'errorVideoUploadUrlExpired' },
  // A signed upload URL is single-use: once its file is complete, it writes nothing more.
  VIDEO_UPLOAD_COMPLETED: { status: 409, translationKey: 'errorVideoUploadCompleted' },
  VIDEO_UPLOAD_SIZE_MISMATCH: { status: 400, translationKey: 'errorVideoUploadSizeMismatch' },
  VIDEO_UPLOAD_TYPE_MISMATCH: { status: 415, translationKey: 'errorVideoUploadTypeMismatch' },
  // Sent with a `Range` header saying what the server has, so the client resumes from there.
  VIDEO_UPLOAD_RANGE_INVALID: { status: 416, translationKey: 'errorVideoUploadRangeInvalid' },
  VIDEO_UPLOAD_BUSY: { status: 409, translationKey: 'errorVideoUploadBusy' },
  // S3 stores at most 5 GiB from one PUT; a larger file needs the multipart upload, asked for.
  VIDEO_UPLOAD_NEEDS_PARTS: { status: 413, translationKey: 'errorVideoUploadNeedsParts' },
  VIDEO_RETRY_NOT_ALLOWED: { status: 409, translationKey: 'errorVideoRetryNotAllowed' },
  VIDEO_PLAYBACK_DENIED: { status: 403, translationKey: 'errorVideoPlaybackDenied' },
  VIDEO_RANGE_NOT_SATISFIABLE: { status: 416, translationKey: 'errorVideoRangeNotSatisfiable' },
} as const satisfies Record<string, { status: number; translationKey: VideoTranslationKey }>

export type VideoErrorCode = keyof typeof videoErrorCatalogue
