import type { CollectionSlug, Endpoint, PayloadRequest } from 'payload'

import type { SanitizedVideoOptions } from '../options/types.js'

import { backofficeEndpoint } from '../../shared/endpoint/backofficeEndpoint.js'
import { jsonResponse } from '../../shared/request/http.js'
import { VideoError } from '../errors/VideoError.js'
import { staffOnly } from './staffOnly.js'

/**
 * The slugs asked for with `where[slug][in]` (a comma-separated list or an array, as Payload's REST
 * API takes them) or `where[slug][equals]`; undefined for no filter. Any other filter is refused
 * rather than ignored, so a client never mistakes an unfiltered list for an answer.
 */
const requestedSlugs = (req: PayloadRequest): string[] | undefined => {
  const where = req.query?.where as Record<string, unknown> | undefined
  if (where === undefined) {
    return undefined
  }
  const slug = (where as { slug?: Record<string, unknown> }).slug
  const keys = Object.keys(where)
  const operators = slug && typeof slug === 'object' ? Object.keys(slug) : []
  const value = slug?.in ?? slug?.equals
  const list = typeof value === 'string' ? value.split(',') : Array.isArray(value) ? value : null
  if (keys.length !== 1 || operators.length !== 1 || !list || list.length > 100) {
    throw new VideoError('VIDEO_INPUT_INVALID', { req, variables: { field: 'where' } })
  }
  return list.map((item) => String(item).trim()).filter(Boolean)
}

/**
 * `GET {api}/{mount}/categories` and `/tags`: the upload modal turns the slugs it offers into ids
 * with `where[slug][in]=a,b` (depth 0: the modal needs only the ids). Answers Payload's list shape, `{ docs, … }`.
 */
export const taxonomyEndpoint = (
  options: SanitizedVideoOptions,
  isStaff: (args: { req: PayloadRequest }) => Promise<boolean>,
  { collection, path }: { collection: string; path: string },
): Endpoint =>
  backofficeEndpoint({
    handler: async (req) => {
      const slugs = requestedSlugs(req)
      const found = await req.payload.find({
        collection: collection as CollectionSlug,
        depth: 0,
        limit: 100,
        sort: 'name',
        where: slugs ? { slug: { in: slugs } } : undefined,
      })
      return jsonResponse(req, found)
    },
    method: 'get',
    path: `/${options.mount}/${path}`,
    requires: [staffOnly(isStaff)],
  })
