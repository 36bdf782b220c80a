import type { Endpoint } from 'payload'

import type { SanitizedBackofficeOptions } from '../../shared/options/types.js'

import { claimTimeStep } from '../../policies/twoFactor/accountState.js'
import { codeRequest } from '../../policies/twoFactor/codeRequest.js'
import { verifyTotp } from '../../policies/twoFactor/lib/totp.js'
import { readCodeRequest } from '../../policies/twoFactor/readCode.js'
import { openTotpSecret } from '../../policies/twoFactor/totp/openTotpSecret.js'
import { secretUnreadable } from '../../policies/twoFactor/totp/secretUnreadable.js'
import { backofficeEndpoint } from '../../shared/endpoint/backofficeEndpoint.js'
import { malformedBody } from '../../shared/endpoint/malformedBody.js'
import { BackofficeError } from '../../shared/errors/BackofficeError.js'
import { twoFactorViewPath } from '../passwordSignIn.js'
import { readCodeAttempt } from '../readCodeAttempt.js'
import { settleSecondFactorAttempt } from '../settleSecondFactorAttempt.js'

/**
 * `POST /api/{users}/mfa/totp/authenticate` with `{ code, trustThisDevice }`: the second step of a
 * sign-in, for the browser holding a challenge cookie. The attempt cap, the shared lockout, the
 * second-factor budget and the one session per challenge are `settleSecondFactorAttempt`'s; a code
 * adds its own layer: each time step is accepted once per account, so a code seen once is worthless
 * afterwards. The secret is opened before the attempt is counted: one no configured key opens (a
 * key rotated without keeping the earlier one) is the operator's fault, not a guess, so it is
 * refused with `TWO_FACTOR_SECRET_UNREADABLE` and spends neither the challenge nor the lockout.
 */
export const authenticateEndpoint = (options: SanitizedBackofficeOptions): Endpoint =>
  backofficeEndpoint({
    body: codeRequest,
    handler: async (req, { body: submitted }) => {
      const { account, body, challenge, sealedSecret } = await readCodeAttempt(req, options, {
        invalidCode: 'TOTP_CODE_INVALID',
        read: () => readCodeRequest(req, submitted),
      })
      // Never null here (only a recovery code stands in for a passkey); unreadable if it were.
      const opened = sealedSecret
        ? await openTotpSecret(req.payload, options, account.id, sealedSecret)
        : null
      if (!opened) {
        throw await secretUnreadable(req, options, { account, stage: 'signIn' })
      }
      return settleSecondFactorAttempt(req, options, {
        account,
        challenge,
        factor: 'totp',
        refuseWrong: () =>
          new BackofficeError('TOTP_CODE_INVALID', {
            redirectTo: twoFactorViewPath(req, 'challenge'),
            req,
          }),
        succeeded: () => ({ event: 'twoFactor.challengeSucceeded' }),
        trustThisDevice: body.trustThisDevice,
        verify: async () => {
          const verification = await verifyTotp(opened.secret, body.code, Date.now())
          if (!verification.valid) {
            return { correct: false, reason: 'wrongCode' }
          }
          if (!(await claimTimeStep(req.payload, options, account.id, verification.timeStep))) {
            return { correct: false, event: 'twoFactor.replayRejected', reason: 'replay' }
          }
          return { correct: true, value: undefined }
        },
      })
    },
    method: 'post',
    path: '/mfa/totp/authenticate',
    refuseBody: malformedBody,
  })
