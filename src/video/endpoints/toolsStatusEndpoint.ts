import type { Endpoint, PayloadRequest } from 'payload'

import type { SanitizedVideoOptions } from '../options/types.js'

import { backofficeEndpoint } from '../../shared/endpoint/backofficeEndpoint.js'
import { jsonResponse } from '../../shared/request/http.js'
import { toolsCheckOf } from '../transcode/checkTools.js'
import { staffOnly } from './staffOnly.js'

/**
 * `GET {api}/{mount}/status`: whether this app can encode (ffmpeg and ffprobe found, with libx264,
 * aac and HLS), for the admin's banner, and the slugs of the category and tag collections, which
 * the upload modal creates entries in through Payload's REST API. The video field learns the plugin
 * is configured from any answer at all: without the plugin, the route does not exist.
 */
export const toolsStatusEndpoint = (
  options: SanitizedVideoOptions,
  isStaff: (args: { req: PayloadRequest }) => Promise<boolean>,
): Endpoint =>
  backofficeEndpoint({
    handler: async (req) => {
      const tools = await toolsCheckOf(req.payload, options)
      const { categories, tags } = options.collections
      return jsonResponse(req, { collections: { categories, tags }, mount: options.mount, tools })
    },
    method: 'get',
    path: `/${options.mount}/status`,
    requires: [staffOnly(isStaff)],
  })
