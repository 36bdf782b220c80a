import type { Payload } from 'payload'

import type { SanitizedVideoOptions } from './types.js'

/**
 * The URL the plugin's endpoints live under: the app's `serverURL` (empty gives URLs relative to the
 * admin's origin), its API route and the plugin's mount, `https://cms.example.com/api/video`.
 */
export const videoApiBase = (payload: Payload, options: Pick<SanitizedVideoOptions, 'mount'>) =>
  `${payload.config.serverURL ?? ''}${payload.config.routes.api}/${options.mount}`
