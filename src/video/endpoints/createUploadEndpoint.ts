import type { CollectionSlug, Endpoint, PayloadRequest } from 'payload'

import * as z from 'zod'

import type { SanitizedVideoOptions } from '../options/types.js'

import { backofficeEndpoint } from '../../shared/endpoint/backofficeEndpoint.js'
import { idTypeOf, jsonResponse } from '../../shared/request/http.js'
import { parseDocumentId } from '../../shared/request/parseDocumentId.js'
import { titleMaxLength } from '../collections/videosCollection.js'
import { VideoError } from '../errors/VideoError.js'
import { S3_MAX_SINGLE_PUT_BYTES } from '../lib/multipartPlan.js'
import { singleUploadUrl } from '../upload/singleUploadUrl.js'
import { startMultipartUpload } from '../upload/startMultipartUpload.js'
import { newUploadNonce } from '../upload/uploadTarget.js'
import { staffOnly } from './staffOnly.js'

const invalid = (req: PayloadRequest, field: string) =>
  new VideoError('VIDEO_INPUT_INVALID', { req, variables: { field } })

/**
 * Ids of categories or tags as sent (numbers, or their text), each of which must exist, in the type
 * the collection uses: `"3"` and `3` name the same category, and Payload's relationship validation
 * refuses the text form where ids are numbers.
 */
const existingIds = async (
  req: PayloadRequest,
  collection: string,
  field: string,
  value: null | readonly unknown[] | undefined,
): Promise<(number | string)[]> => {
  if (!value) {
    return []
  }
  const idType = idTypeOf(req, collection)
  const parsed = value.map((id) =>
    parseDocumentId(typeof id === 'number' ? String(id) : id, idType),
  )
  if (parsed.some((id) => id === null)) {
    throw invalid(req, field)
  }
  const ids = [...new Set(parsed as (number | string)[])]
  if (ids.length === 0) {
    return []
  }
  const { totalDocs } = await req.payload.count({
    collection: collection as CollectionSlug,
    where: { id: { in: ids } },
  })
  if (totalDocs !== ids.length) {
    throw invalid(req, field)
  }
  return ids
}

/**
 * The upload request, checked before anything is created. Fields are listed in the order they are
 * reported: the first wrong one is named. Ids of categories and tags are checked against their
 * collections below, which a schema cannot do.
 */
const uploadRequest = z.object({
  title: z.string().trim().min(1),
  slug: z.string().optional(),
  visibility: z
    .enum(['public', 'private'])
    .nullish()
    .transform((visibility) => visibility ?? 'private'),
  extension: z
    .string()
    .transform((extension) => extension.replace(/^\./, ''))
    .pipe(z.string().regex(/^[a-z0-9]{1,10}$/i)),
  mimeType: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^video\/[\w.+-]{1,100}$/),
  // `int()` also keeps the size to safe integers.
  size: z
    .number()
    .int()
    .positive()
    .nullish()
    .transform((size) => size ?? null),
  multipart: z.boolean().optional(),
  categories: z.array(z.unknown()).max(100).nullish(),
  tags: z.array(z.unknown()).max(100).nullish(),
})

/**
 * `PUT {api}/{mount}/videos/upload`: the upload request (title, slug, visibility, extension,
 * mimeType, optional categories and tags). It creates the video (NO_FILE) and answers
 * `{ videoId, signedUrl }`, the URL the whole file is PUT to with its type, into this video, until
 * it expires, once: on every storage and at every size, so a client needs nothing else. `size` is
 * optional: given, only a file of exactly that size is taken; left out, any size up to
 * `maxFileSizeBytes`, checked when the upload completes. Every check runs before the video is
 * created, so refused input leaves nothing behind.
 *
 * With S3, a client that sends `multipart: true` and a size above
 * `storage.multipartThresholdBytes` gets a multipart upload instead (see `startMultipartUpload`),
 * as the admin's modal does: parts are retried one by one, and files above the 5 GiB one PUT
 * stores can be sent at all. Without it, such a file is refused with VIDEO_UPLOAD_NEEDS_PARTS.
 */
export const createUploadEndpoint = (
  options: SanitizedVideoOptions,
  isStaff: (args: { req: PayloadRequest }) => Promise<boolean>,
): Endpoint =>
  backofficeEndpoint({
    body: uploadRequest,
    handler: async (req, { body }) => {
      const { extension, mimeType, size, title, visibility } = body
      if (size !== null && size > options.maxFileSizeBytes) {
        throw new VideoError('VIDEO_FILE_TOO_LARGE', {
          req,
          variables: { limit: options.maxFileSizeBytes },
        })
      }
      // Parts are cut from the size: a multipart upload cannot start without it.
      if (body.multipart === true && size === null) {
        throw invalid(req, 'size')
      }
      const { storage } = options
      const inParts =
        storage.type === 's3' &&
        body.multipart === true &&
        size !== null &&
        size > storage.multipartThresholdBytes
      if (storage.type === 's3' && !inParts && size !== null && size > S3_MAX_SINGLE_PUT_BYTES) {
        throw new VideoError('VIDEO_UPLOAD_NEEDS_PARTS', {
          req,
          variables: { limit: S3_MAX_SINGLE_PUT_BYTES },
        })
      }
      const categories = await existingIds(
        req,
        options.collections.categories,
        'categories',
        body.categories,
      )
      const tags = await existingIds(req, options.collections.tags, 'tags', body.tags)

      const nonce = newUploadNonce()
      const video = await req.payload.create({
        collection: options.collections.videos as CollectionSlug,
        data: {
          categories,
          slug: body.slug,
          source: { extension: extension.toLowerCase(), mimeType, size },
          status: 'NO_FILE',
          tags,
          title: title.slice(0, titleMaxLength),
          uploadNonce: nonce,
          visibility,
        } as never,
        depth: 0,
        req,
      })
      if (inParts) {
        return jsonResponse(
          req,
          await startMultipartUpload(req, options, storage, {
            id: video.id,
            mimeType,
            nonce,
            size,
          }),
        )
      }
      const signedUrl = await singleUploadUrl(req, options, {
        id: video.id,
        mimeType,
        nonce,
        size,
      })
      return jsonResponse(req, { signedUrl, videoId: video.id })
    },
    method: 'put',
    path: `/${options.mount}/videos/upload`,
    // The type has its own code (the admin's modal names it); any other field is named in
    // VIDEO_INPUT_INVALID.
    refuseBody: (req, field) =>
      field === 'mimeType'
        ? new VideoError('VIDEO_TYPE_NOT_ALLOWED', { req })
        : invalid(req, field),
    requires: [staffOnly(isStaff)],
  })
