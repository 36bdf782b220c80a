/** Why an upload from the Upload Video modal failed, in the terms the person is told. */
export type UploadFailureReason = 'network' | 'notVideo' | 'sessionEnded' | 'tooLarge' | 'unknown'

/**
 * Reads a failed call of the upload (the upload request, or the PUT of the file) into the reason the
 * modal gives: no answer at all (status 0) is the network; 401 is a session that has ended (signed
 * out, expired or revoked meanwhile); the catalogue codes for a file above the size limit and for a
 * type that is not video are the file itself. Anything else is a failure the person cannot fix.
 */
export const uploadFailureReason = ({
  code,
  status,
}: {
  code?: null | string
  status: number
}): UploadFailureReason => {
  if (status === 0) {
    return 'network'
  }
  if (status === 401) {
    return 'sessionEnded'
  }
  if (code === 'VIDEO_FILE_TOO_LARGE') {
    return 'tooLarge'
  }
  if (code === 'VIDEO_TYPE_NOT_ALLOWED' || code === 'VIDEO_UPLOAD_TYPE_MISMATCH') {
    return 'notVideo'
  }
  return 'unknown'
}
