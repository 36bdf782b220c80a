import type { PayloadRequest } from 'payload'

import type { EndpointGuard } from '../../shared/request/EndpointGuard.js'
import type { SanitizedVideoOptions } from '../options/types.js'

import { VideoError } from '../errors/VideoError.js'
import { authoriseUpload, type SignedUpload } from './signedUpload.js'

/**
 * An upload URL's token as a declared guard (see `authoriseUpload`), so a request without a valid
 * token is refused before its body is read, and the claims it carries for the handler. They are
 * kept per request object, never on anything a client could set.
 */
export const signedUploadUrl = <Claims extends SignedUpload>(
  options: SanitizedVideoOptions,
  readClaims: (secret: string, token: unknown) => Claims | null,
): { claimsOf: (req: PayloadRequest) => Claims; guard: EndpointGuard } => {
  const claimsByRequest = new WeakMap<PayloadRequest, Claims>()
  return {
    claimsOf: (req) => {
      const claims = claimsByRequest.get(req)
      if (!claims) {
        throw new VideoError('VIDEO_UPLOAD_URL_INVALID', { req })
      }
      return claims
    },
    guard: async (req) => {
      claimsByRequest.set(req, await authoriseUpload(req, options, readClaims))
    },
  }
}
