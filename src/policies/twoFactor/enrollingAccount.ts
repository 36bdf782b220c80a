import type { PayloadRequest } from 'payload'

import type { StaffAccount } from '../../shared/accounts/staffAccount.js'
import type { SanitizedBackofficeOptions } from '../../shared/options/types.js'
import type { EndpointGuard } from '../../shared/request/EndpointGuard.js'

import { readAccount } from '../../shared/accounts/staffAccount.js'
import { BackofficeError } from '../../shared/errors/BackofficeError.js'
import { requestUser } from '../../shared/request/requestUser.js'
import { findChallenge, type OpenChallenge } from './challenges.js'
import { secondFactorNeed } from './enforcement.js'
import { hasPasskey } from './passkeys/passkeyStore.js'

/** Who is setting up a second factor: a signed-in person, or one who must enrol before any session. */
export type EnrollingAccount =
  | { account: StaffAccount; challenge: OpenChallenge; via: 'challenge' }
  | { account: StaffAccount; sessionId: null | string; via: 'session' }

/**
 * The account a setup or enrolment request acts on: the signed-in user's own, or, with no session,
 * the one a challenge cookie was issued to, but only while that account must enrol (a challenge for
 * a code is no way into setup). Null when neither applies.
 */
const findEnrollingAccount = async (
  req: PayloadRequest,
  options: SanitizedBackofficeOptions,
): Promise<EnrollingAccount | null> => {
  const viewer = requestUser(req, options.usersCollection)
  const challenge = viewer ? null : await findChallenge(req)
  const userId = viewer?.id ?? challenge?.userId
  if (userId === undefined) {
    return null
  }
  const account = await readAccount(req, options, userId)
  if (!account) {
    return null
  }
  if (viewer) {
    return { account, sessionId: viewer._sid ?? null, via: 'session' }
  }
  return challenge &&
    secondFactorNeed(
      account,
      account.totpConfig,
      options,
      await hasPasskey(req.payload, account.id),
    ) === 'enrol'
    ? { account, challenge, via: 'challenge' }
    : null
}

/**
 * Requires someone setting up a second factor (see `findEnrollingAccount`), else
 * `AUTHENTICATION_REQUIRED` (401). Establishes `enrolling`: the account, and whether it came from
 * a session (with that session's id) or from a sign-in's challenge.
 */
export const enrollingAccount =
  (options: SanitizedBackofficeOptions): EndpointGuard<{ enrolling: EnrollingAccount }> =>
  async (req) => {
    const found = await findEnrollingAccount(req, options)
    if (!found) {
      throw new BackofficeError('AUTHENTICATION_REQUIRED', { req })
    }
    return { enrolling: found }
  }
