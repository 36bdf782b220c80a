import type { EndpointGuard } from './EndpointGuard.js'

import { requestUser, type SessionUser } from './requestUser.js'

/**
 * Refuses nothing: for an endpoint open to everyone that acts on the signed-in account when there
 * is one (a single sign-on link or confirmation, beside a plain sign-in). Establishes `viewer`, the
 * signed-in account of the users collection, or null.
 */
export const maybeSignedIn =
  ({
    usersCollection,
  }: {
    usersCollection: string
  }): EndpointGuard<{ viewer: null | SessionUser }> =>
  (req) => ({ viewer: requestUser(req, usersCollection) })
