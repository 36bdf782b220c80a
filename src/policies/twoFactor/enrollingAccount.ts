import type { PayloadRequest } from 'payload'

import type { StaffAccount } from '../../shared/accounts/staffAccount.js'
import type { SanitizedBackofficeOptions } from '../../shared/options/types.js'

import { readAccount } from '../../shared/accounts/staffAccount.js'
import { requestUser } from '../../shared/request/requestUser.js'
import { findChallenge, type OpenChallenge } from './challenges.js'
import { secondFactorNeed } from './enforcement.js'
import { hasPasskey } from './passkeys/passkeyStore.js'

/** Who is setting up a second factor: a signed-in person, or one who must enrol before any session. */
export type EnrollingAccount =
  | { account: StaffAccount; challenge: OpenChallenge; via: 'challenge' }
  | { account: StaffAccount; via: 'session' }

/**
 * The account a setup or enrolment request acts on: the signed-in user's own, or, with no session,
 * the one a challenge cookie was issued to, but only while that account must enrol (a challenge for
 * a code is no way into setup). Null when neither applies.
 */
export const enrollingAccount = async (
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
    return { account, via: 'session' }
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
