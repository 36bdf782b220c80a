import type { Endpoint } from 'payload'

import type { SanitizedBackofficeOptions } from '../../../shared/options/types.js'

import { readAccount } from '../../../shared/accounts/staffAccount.js'
import { backofficeEndpoint } from '../../../shared/endpoint/backofficeEndpoint.js'
import { BackofficeError } from '../../../shared/errors/BackofficeError.js'
import { signedInSession } from '../../../shared/request/signedInSession.js'
import { sessionConfirmed } from '../../sudo/sessionConfirmed.js'
import { proveSecondFactor, secondFactorProof } from '../proveSecondFactor.js'

/**
 * `POST /api/{users}/mfa/confirm-code` with `{ code }` or `{ recoveryCode }`: "Confirm it's you"
 * with the authenticator app's current code or one of the account's recovery codes instead of the
 * password (GitHub's sudo mode takes a password, a passkey or a two-factor code:
 * https://docs.github.com/en/authentication/keeping-your-account-and-data-secure/sudo-mode),
 * opening sudo mode for `sudo.windowMinutes` like `confirm-password`. Each is counted in the
 * account's second-factor budget (`proveSecondFactor`): the app's code is accepted once per time
 * step, a recovery code is used up; an account without the app gets TOTP_NOT_ENABLED for a `code`.
 * Audited as `password.confirmed` with `data.factor` `totp` or `recoveryCode`.
 */
export const confirmWithCodeEndpoint = (options: SanitizedBackofficeOptions): Endpoint =>
  backofficeEndpoint({
    body: secondFactorProof,
    handler: async (req, { body, viewer }) => {
      const account = await readAccount(req, options, viewer.id)
      if (!account) {
        throw new BackofficeError('AUTHENTICATION_REQUIRED', { req })
      }
      const factor = await proveSecondFactor(req, options, account, body, 'sudo')
      // `signedInSession` let only a request with a session of its own this far.
      return sessionConfirmed(req, options, { account, data: { factor }, sid: viewer._sid! })
    },
    method: 'post',
    path: '/mfa/confirm-code',
    requires: [signedInSession(options)],
  })
