import type { PayloadRequest } from 'payload'

import { idTypeOf } from '../../shared/request/http.js'
import { parseDocumentId } from '../../shared/request/parseDocumentId.js'
import { VideoError } from '../errors/VideoError.js'

/** The `:id` of a video route, in the collection's id type; a malformed one is a 404, never a query. */
export const videoIdParam = (req: PayloadRequest, videosSlug: string): number | string => {
  const id = parseDocumentId(req.routeParams?.id, idTypeOf(req, videosSlug))
  if (id === null) {
    throw new VideoError('VIDEO_NOT_FOUND', { req })
  }
  return id
}
