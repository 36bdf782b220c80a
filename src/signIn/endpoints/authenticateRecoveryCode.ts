import type { Endpoint } from 'payload'

import type { SanitizedBackofficeOptions } from '../../shared/options/types.js'

import { sendRecoveryCodesEmail } from '../../policies/twoFactor/recoveryCodes/emails.js'
import { readRecoveryCodeRequest } from '../../policies/twoFactor/recoveryCodes/readRecoveryCode.js'
import { recoveryCodeRequest } from '../../policies/twoFactor/recoveryCodes/recoveryCodeRequest.js'
import {
  claimRecoveryCode,
  findRecoveryCode,
  recoveryCodesStatus,
  releaseRecoveryCode,
} from '../../policies/twoFactor/recoveryCodes/store.js'
import { backofficeEndpoint } from '../../shared/endpoint/backofficeEndpoint.js'
import { malformedBody } from '../../shared/endpoint/malformedBody.js'
import { BackofficeError } from '../../shared/errors/BackofficeError.js'
import { requestText } from '../../shared/i18n/text.js'
import { twoFactorViewPath } from '../passwordSignIn.js'
import { readCodeAttempt } from '../readCodeAttempt.js'
import { settleSecondFactorAttempt } from '../settleSecondFactorAttempt.js'

/**
 * `POST /api/{users}/mfa/recovery-code/authenticate` with `{ code, trustThisDevice }`: the second step
 * of a sign-in with a recovery code instead of the authenticator app, for the browser holding the
 * challenge cookie. The same layers as every second factor (`settleSecondFactorAttempt`): the
 * challenge's attempt cap, the shared lockout and second-factor budget, one session per challenge,
 * and a code that mints no session is given back. The code is used up by one compare-and-set, so
 * parallel requests with one code mint at most one session. The owner is emailed with how many
 * codes remain: a code used by someone else is how they learn their password and codes are known.
 */
export const authenticateRecoveryCodeEndpoint = (options: SanitizedBackofficeOptions): Endpoint =>
  backofficeEndpoint({
    body: recoveryCodeRequest,
    handler: async (req, { body: submitted }) => {
      const { account, body, challenge } = await readCodeAttempt(req, options, {
        invalidCode: 'RECOVERY_CODE_INVALID',
        read: () => readRecoveryCodeRequest(req, submitted),
        standsInForPasskey: true,
      })
      // Nothing to guess at: told only to whoever holds the password, and not counted.
      if ((await recoveryCodesStatus(req.payload, account.id)).remaining === 0) {
        throw new BackofficeError('RECOVERY_CODES_UNAVAILABLE', { req })
      }

      return settleSecondFactorAttempt(req, options, {
        account,
        afterSignIn: ({ remaining }) =>
          sendRecoveryCodesEmail(req, options, account, { kind: 'used', remaining }),
        challenge,
        factor: 'recoveryCode',
        // No session comes of this code: the person keeps it.
        giveBack: ({ codeId }) => releaseRecoveryCode(req.payload, codeId),
        refuseWrong: () =>
          new BackofficeError('RECOVERY_CODE_INVALID', {
            redirectTo: twoFactorViewPath(req, 'challenge'),
            req,
          }),
        succeeded: ({ remaining }) => ({
          data: { remaining },
          event: 'twoFactor.recoveryCodeUsed',
          message: requestText(req, 'recoveryCodeSignedIn', { remaining }),
        }),
        trustThisDevice: body.trustThisDevice,
        verify: async () => {
          const match = await findRecoveryCode(req.payload, options, account.id, body.code)
          if (!match) {
            return { correct: false, reason: 'wrongCode' }
          }
          if (!(await claimRecoveryCode(req.payload, match.id))) {
            // A parallel request used this code first.
            return { correct: false, event: 'twoFactor.replayRejected', reason: 'replay' }
          }
          const { remaining } = await recoveryCodesStatus(req.payload, account.id)
          return { correct: true, value: { codeId: match.id, remaining } }
        },
      })
    },
    method: 'post',
    path: '/mfa/recovery-code/authenticate',
    refuseBody: malformedBody,
  })
