import type { StaffAccount } from '../accounts/staffAccount.js'
import type { BackofficeErrorCode } from '../errors/catalogue.js'
import type { SanitizedBackofficeOptions } from '../options/types.js'
import type { EndpointGuard } from './EndpointGuard.js'
import type { SessionUser } from './requestUser.js'

import { BackofficeError } from '../errors/BackofficeError.js'
import { resolveAdminTarget } from './adminTarget.js'

/**
 * Requires an administrator acting on an existing account that the path names (`/:id/...`), with
 * no body: signed in (401), an administrator (403, before any input is looked at), a well-formed id
 * (`MALFORMED_REQUEST`), no body, an existing account (`USER_NOT_FOUND`). Establishes `viewer` and
 * `target`, the account acted on. Declared after `freshProof` where the proof is asked first, so an
 * unproved request learns nothing of which accounts exist.
 *
 * With `refuseOwn`, the action is for someone else's account only: on their own, an administrator
 * is refused with that code, since the action would let one person decide alone what another must
 * review (NIST SP 800-53 AC-5, separation of duties).
 */
export const administeredAccount =
  (
    options: SanitizedBackofficeOptions,
    { refuseOwn }: { refuseOwn?: BackofficeErrorCode } = {},
  ): EndpointGuard<{ target: StaffAccount; viewer: SessionUser }> =>
  async (req) => {
    const { account, viewer } = await resolveAdminTarget(req, options)
    if (refuseOwn && String(account.id) === String(viewer.id)) {
      throw new BackofficeError(refuseOwn, { req })
    }
    return { target: account, viewer }
  }
