import { randomBytes } from 'node:crypto'

import { signClaims, verifyClaims } from '../lib/signedClaims.js'

/** Domain separation of the upload URL's MAC from every other use of the app's secret. */
const PURPOSE = 'payload-backoffice:video-upload'

/** What a signed upload URL allows: this many bytes of this type into this video, until then. */
export type UploadClaims = {
  expiresAt: number
  mimeType: string
  /** The upload's nonce, stored on the video until the upload completes. */
  nonce: string
  size: number
  videoId: string
}

/** A fresh nonce: 128 bits, so a URL cannot be guessed from another one. */
export const newUploadNonce = () => randomBytes(16).toString('base64url')

export const signUploadClaims = (secret: string, claims: UploadClaims): string =>
  signClaims(secret, PURPOSE, {
    e: claims.expiresAt,
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
    typeof claims.s !== 'number' ||
    typeof claims.t !== 'string' ||
    typeof claims.v !== 'string'
  ) {
    return null
  }
  return {
    expiresAt: claims.e,
    mimeType: claims.t,
    nonce: claims.n,
    size: claims.s,
    videoId: claims.v,
  }
}
