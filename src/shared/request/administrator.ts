import type { SanitizedBackofficeOptions } from '../options/types.js'
import type { EndpointGuard } from './EndpointGuard.js'

import { resolveAdministrator } from './adminTarget.js'

/**
 * Requires a signed-in administrator: anonymous requests get `AUTHENTICATION_REQUIRED` (401),
 * everyone else `INSUFFICIENT_PERMISSIONS` (403), before any input is looked at.
 */
export const administrator =
  (options: SanitizedBackofficeOptions): EndpointGuard =>
  (req) => {
    resolveAdministrator(req, options)
  }
