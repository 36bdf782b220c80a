import type { EndpointGuard } from './EndpointGuard.js'
import type { SessionUser } from './requestUser.js'

import { signedInUser } from './signedInUser.js'

/**
 * Requires a signed-in account of the users collection (`AUTHENTICATION_REQUIRED`, 401): anonymous
 * requests and users of other auth collections are refused before anything else is looked at.
 * Establishes `viewer`, the account that asks.
 */
export const signedIn =
  ({ usersCollection }: { usersCollection: string }): EndpointGuard<{ viewer: SessionUser }> =>
  (req) => ({ viewer: signedInUser(req, usersCollection) })
