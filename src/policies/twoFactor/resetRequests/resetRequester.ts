import type { SanitizedBackofficeOptions } from '../../../shared/options/types.js'
import type { EndpointGuard } from '../../../shared/request/EndpointGuard.js'

import { BackofficeError } from '../../../shared/errors/BackofficeError.js'
import { requestUser } from '../../../shared/request/requestUser.js'
import { findChallenge } from '../challenges.js'

/**
 * Requires someone past the password (a challenge cookie: password given, code lost) or signed in,
 * else `MFA_SESSION_EXPIRED`: a reset request is never anonymous, so nobody can file one for another
 * account. Establishes `requesterId`, the account asking.
 */
export const resetRequester =
  (options: SanitizedBackofficeOptions): EndpointGuard<{ requesterId: number | string }> =>
  async (req) => {
    const requesterId =
      requestUser(req, options.usersCollection)?.id ?? (await findChallenge(req))?.userId ?? null
    if (requesterId === null) {
      throw new BackofficeError('MFA_SESSION_EXPIRED', { req })
    }
    return { requesterId }
  }
