import type { Endpoint } from 'payload'

import type { SanitizedBackofficeOptions } from '../../shared/options/types.js'

import { freshProof } from '../../policies/sudo/freshProof.js'
import { resetSecondFactorNow } from '../../policies/twoFactor/resetRequests/resetSecondFactorNow.js'
import { backofficeEndpoint } from '../../shared/endpoint/backofficeEndpoint.js'
import { requestText } from '../../shared/i18n/text.js'
import { administeredAccount } from '../../shared/request/administeredAccount.js'
import { administrator } from '../../shared/request/administrator.js'
import { jsonResponse } from '../../shared/request/http.js'

/**
 * `POST /api/<users>/:id/reset-two-factor`: an administrator in sudo mode resets another account's
 * two-factor authentication from its security panel, as approving its reset request would (and
 * approving it when one is pending): the app, every passkey, the recovery codes and the trusted
 * devices go, every session ends, it is audited as `twoFactor.resetApproved` and the owner is
 * emailed. Never on one's own account (RESET_REQUEST_OWN_ACCOUNT, as for a review: OWASP ASVS 5.0
 * 6.4.4). A second click finds nothing left: TWO_FACTOR_NOTHING_TO_RESET.
 */
export const resetTwoFactorEndpoint = (options: SanitizedBackofficeOptions): Endpoint =>
  backofficeEndpoint({
    handler: async (req, { target: account, viewer }) => {
      await resetSecondFactorNow(req, options, {
        actorId: viewer.id,
        comment: null,
        data: { via: 'securityPanel' },
        refuseWhenNothing: true,
        userId: account.id,
      })
      return jsonResponse(req, { message: requestText(req, 'resetTwoFactorSuccess') })
    },
    method: 'post',
    path: '/:id/reset-two-factor',
    requires: [
      administrator(options),
      freshProof(options),
      administeredAccount(options, { refuseOwn: 'RESET_REQUEST_OWN_ACCOUNT' }),
    ],
  })
