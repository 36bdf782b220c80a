import type { CollectionSlug, PayloadRequest } from 'payload'

import type { SanitizedVideoOptions } from '../options/types.js'

import { jsonResponse } from '../../shared/request/http.js'
import { VideoError } from '../errors/VideoError.js'
import { startEncoding } from '../upload/startEncoding.js'

export type SignedUpload = { expiresAt: number; nonce: string; videoId: string }

/**
 * Checks an upload URL's token (`?token=`, read by `readClaims`: the local upload's or a multipart
 * upload's) and the video it names: signed by this server for this video, not expired, and the video
 * still waiting for this very upload. Its nonce is cleared when the upload completes, so a used URL
 * never writes, signs parts or completes again.
 */
export const authoriseUpload = async <T extends SignedUpload>(
  req: PayloadRequest,
  options: SanitizedVideoOptions,
  readClaims: (secret: string, token: unknown) => null | T,
): Promise<T> => {
  const claims = readClaims(req.payload.secret, req.searchParams.get('token'))
  if (!claims || claims.videoId !== String(req.routeParams?.id)) {
    throw new VideoError('VIDEO_UPLOAD_URL_INVALID', { req })
  }
  if (claims.expiresAt <= Math.floor(Date.now() / 1000)) {
    throw new VideoError('VIDEO_UPLOAD_URL_EXPIRED', { req })
  }
  const video = (await req.payload.findByID({
    collection: options.collections.videos as CollectionSlug,
    depth: 0,
    disableErrors: true,
    id: claims.videoId,
    showHiddenFields: true,
  })) as null | { status?: string; uploadNonce?: null | string }
  if (!video) {
    throw new VideoError('VIDEO_UPLOAD_URL_INVALID', { req })
  }
  if (video.status !== 'NO_FILE' || video.uploadNonce !== claims.nonce) {
    throw new VideoError('VIDEO_UPLOAD_COMPLETED', { req })
  }
  return claims
}

/**
 * The answer to an upload URL's last request, once the source is in place: the video goes
 * PROGRESSING with its transcode queued (`startEncoding`), or, when a parallel request or a used URL
 * got there first, VIDEO_UPLOAD_COMPLETED. `size`: the bytes received, kept on the video.
 */
export const startEncodingUpload = async (
  req: PayloadRequest,
  options: SanitizedVideoOptions,
  { nonce, videoId }: SignedUpload,
  size: null | number = null,
): Promise<Response> => {
  if (!(await startEncoding(req.payload, options, { nonce, req, size, videoId }))) {
    throw new VideoError('VIDEO_UPLOAD_COMPLETED', { req })
  }
  return jsonResponse(req, { status: 'PROGRESSING', videoId })
}
