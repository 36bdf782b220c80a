import type { Payload } from 'payload'

import type { SanitizedVideoOptions } from './types.js'

/** Where the sanitized options are kept on the Payload config, for code that holds only `payload`. */
export const videoOptionsKey = 'backofficeVideo'

/** The video plugin's sanitized options, read back from a running Payload. */
export const getVideoOptions = (payload: Payload): SanitizedVideoOptions => {
  const options = (payload.config.custom as Record<string, unknown> | undefined)?.[videoOptionsKey]
  if (!options) {
    throw new Error(
      'payload-backoffice: the video plugin is not registered in this Payload config.',
    )
  }
  return options as SanitizedVideoOptions
}
