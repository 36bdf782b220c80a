import type { PayloadRequest } from 'payload'

import type { SanitizedBackofficeOptions } from '../../shared/options/types.js'

import { BackofficeError } from '../../shared/errors/BackofficeError.js'
import { requestUser } from '../../shared/request/requestUser.js'
import { readProvedAt } from './sessionProof.js'

/**
 * Refuses with `REAUTHENTICATION_REQUIRED` unless the request's session proved its owner (signed in,
 * or confirmed the password) within `sudo.windowMinutes`: GitHub's "Sudo mode", OWASP ASVS 5.0 V7.5
 * (re-authentication before changing an account's email, factors or recovery). Without it a stolen
 * session alone could point the account's mail elsewhere and reset its password from there.
 *
 * A request without a user is trusted server code (the Local API) and passes. A user without a
 * session (an API key) has nothing that could have been proved, and is refused.
 */
export const requireFreshProof = async (
  req: PayloadRequest,
  options: SanitizedBackofficeOptions,
): Promise<void> => {
  if (!req.user) {
    return
  }
  const sid = requestUser(req, options.usersCollection)?._sid
  const provedAt = sid ? await readProvedAt(req, options, sid) : null
  const windowMs = options.sudo.windowMinutes * 60_000
  if (!provedAt || Date.now() - provedAt.getTime() > windowMs) {
    throw new BackofficeError('REAUTHENTICATION_REQUIRED', { req })
  }
}
