import type { EndpointGuard } from './EndpointGuard.js'
import type { SessionUser } from './requestUser.js'

import { BackofficeError } from '../errors/BackofficeError.js'
import { signedInUser } from './signedInUser.js'

/**
 * Requires a signed-in account of the users collection with a session of its own (Payload's `sid`
 * in the token): what is proved for a session (sudo mode) needs one to attach to. Anonymous
 * requests, users of other collections and API-key requests get `AUTHENTICATION_REQUIRED` (401).
 * Establishes `viewer` and `sessionId`, the session the request's token belongs to.
 */
export const signedInSession =
  ({
    usersCollection,
  }: {
    usersCollection: string
  }): EndpointGuard<{ sessionId: string; viewer: SessionUser }> =>
  (req) => {
    const viewer = signedInUser(req, usersCollection)
    if (!viewer._sid) {
      throw new BackofficeError('AUTHENTICATION_REQUIRED', { req })
    }
    return { sessionId: viewer._sid, viewer }
  }
