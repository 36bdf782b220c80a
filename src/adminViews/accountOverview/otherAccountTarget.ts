import type { PayloadRequest } from 'payload'

import type { BackofficeErrorCode } from '../../shared/errors/catalogue.js'
import type { SanitizedBackofficeOptions } from '../../shared/options/types.js'

import { BackofficeError } from '../../shared/errors/BackofficeError.js'
import { resolveAdminTarget } from '../../shared/request/adminTarget.js'

/**
 * `resolveAdminTarget` for the security panel's actions, which are for someone else's account: on
 * their own, an administrator is refused with `ownAccount` (OWN_ACCOUNT_ACTION unless the action has
 * a code of its own), since each would let one person decide alone what another must review
 * (NIST SP 800-53 AC-5, separation of duties).
 */
export const resolveOtherAccount = async (
  req: PayloadRequest,
  options: SanitizedBackofficeOptions,
  ownAccount: BackofficeErrorCode = 'OWN_ACCOUNT_ACTION',
) => {
  const target = await resolveAdminTarget(req, options)
  if (String(target.account.id) === String(target.viewer.id)) {
    throw new BackofficeError(ownAccount, { req })
  }
  return target
}
