import type { SanitizedBackofficeOptions } from '../options/types.js'
import type { EndpointGuard } from './EndpointGuard.js'
import type { SessionUser } from './requestUser.js'

import { resolveAdministrator } from './adminTarget.js'

/**
 * Requires a signed-in administrator: anonymous requests get `AUTHENTICATION_REQUIRED` (401),
 * everyone else `INSUFFICIENT_PERMISSIONS` (403), before any input is looked at. Establishes
 * `viewer`, the administrator who acts.
 */
export const administrator =
  (options: SanitizedBackofficeOptions): EndpointGuard<{ viewer: SessionUser }> =>
  (req) => ({ viewer: resolveAdministrator(req, options) })
