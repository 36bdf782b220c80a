import { randomBytes } from 'node:crypto'

import { signClaims, verifyClaims } from '../lib/signedClaims.js'

/** Domain separation of the upload URL's MAC from every other use of the app's secret. */
const PURPOSE = 'payload-backoffice:video-upload'

/**
 * What a signed upload URL allows: a file of this type into this video, until then, of exactly
 * `size` bytes when the upload request gave one, else of any size up to `maxBytes`.
 */
export type UploadClaims = {
  expiresAt: number
  /** The largest file the URL takes: the size given, else the plugin's `maxFileSizeBytes`. */
  maxBytes: number
  mimeType: string
  /** The upload's nonce, stored on the video until the upload completes. */
  nonce: string
  /** The exact size announced, or null when the request left it out. */
  size: null | number
  videoId: string
}

/** A fresh nonce: 128 bits, so a URL cannot be guessed from another one. */
export const newUploadNonce = () => randomBytes(16).toString('base64url')

export const signUploadClaims = (secret: string, claims: UploadClaims): string =>
  signClaims(secret, PURPOSE, {
    e: claims.expiresAt,
    m: claims.maxBytes,
    n: claims.nonce,
    s: claims.size,
    t: claims.mimeType,
    v: claims.videoId,
  })

/** The claims of an upload token this server signed, else null (tampered, truncated, foreign). */
export const readUploadClaims = (secret: string, token: unknown): null | UploadClaims => {
  const claims = verifyClaims(secret, PURPOSE, token)
  if (
    !claims ||
    typeof claims.e !== 'number' ||
    typeof claims.n !== 'string' ||
    (typeof claims.s !== 'number' && claims.s !== null) ||
    (typeof claims.m !== 'number' && typeof claims.s !== 'number') ||
    typeof claims.t !== 'string' ||
    typeof claims.v !== 'string'
  ) {
    return null
  }
  return {
    expiresAt: claims.e,
    // URLs signed before `m` existed always carried a size, which is then their bound.
    maxBytes: typeof claims.m === 'number' ? claims.m : (claims.s as number),
    mimeType: claims.t,
    nonce: claims.n,
    size: claims.s as null | number,
    videoId: claims.v,
  }
}
