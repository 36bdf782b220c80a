import { signClaims, verifyClaims } from '../lib/signedClaims.js'

/**
 * Domain separation of the multipart URL's MAC from every other use of the app's secret, the
 * single-URL upload's included: a token for one never works as the other.
 */
const PURPOSE = 'payload-backoffice:video-multipart'

/**
 * What a multipart upload URL allows: parts of `partBytes` adding up to `size` bytes, into this
 * video's S3 multipart upload `uploadId`, until `expiresAt`, while the video still waits for the
 * upload bound to `nonce`.
 */
export type MultipartClaims = {
  expiresAt: number
  nonce: string
  partBytes: number
  size: number
  uploadId: string
  videoId: string
}

export const signMultipartClaims = (secret: string, claims: MultipartClaims): string =>
  signClaims(secret, PURPOSE, {
    e: claims.expiresAt,
    n: claims.nonce,
    p: claims.partBytes,
    s: claims.size,
    u: claims.uploadId,
    v: claims.videoId,
  })

/** The claims of a multipart token this server signed, else null (tampered, truncated, foreign). */
export const readMultipartClaims = (secret: string, token: unknown): MultipartClaims | null => {
  const claims = verifyClaims(secret, PURPOSE, token)
  if (
    !claims ||
    typeof claims.e !== 'number' ||
    typeof claims.n !== 'string' ||
    typeof claims.p !== 'number' ||
    typeof claims.s !== 'number' ||
    typeof claims.u !== 'string' ||
    typeof claims.v !== 'string'
  ) {
    return null
  }
  return {
    expiresAt: claims.e,
    nonce: claims.n,
    partBytes: claims.p,
    size: claims.s,
    uploadId: claims.u,
    videoId: claims.v,
  }
}
