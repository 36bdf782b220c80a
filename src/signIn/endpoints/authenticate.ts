import type { Endpoint } from 'payload'

import type { SanitizedBackofficeOptions } from '../../options/types.js'

import { BackofficeError } from '../../errors/BackofficeError.js'
import { backofficeEndpoint } from '../../errors/errorResponse.js'
import { openSecret } from '../../lib/secretBox.js'
import { claimTimeStep } from '../../twoFactor/accountState.js'
import { verifyTotp } from '../../twoFactor/lib/totp.js'
import { readCodeRequest } from '../../twoFactor/readCode.js'
import { totpSecretKey } from '../../twoFactor/secretKey.js'
import { twoFactorViewPath } from '../passwordSignIn.js'
import { readCodeAttempt } from '../readCodeAttempt.js'
import { settleSecondFactorAttempt } from '../settleSecondFactorAttempt.js'

/**
 * `POST /api/{users}/mfa/totp/authenticate` with `{ code, trustThisDevice }`: the second step of a
 * sign-in, for the browser holding a challenge cookie. The attempt cap, the shared lockout, the
 * second-factor budget and the one session per challenge are `settleSecondFactorAttempt`'s; a code
 * adds its own layer: each time step is accepted once per account, so a code seen once is worthless
 * afterwards.
 */
export const authenticateEndpoint = (options: SanitizedBackofficeOptions): Endpoint =>
  backofficeEndpoint({
    handler: async (req) => {
      const { account, body, challenge, sealedSecret } = await readCodeAttempt(req, options, {
        invalidCode: 'TOTP_CODE_INVALID',
        read: readCodeRequest,
      })
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
          const secret = openSecret(
            sealedSecret,
            totpSecretKey(req.payload, options),
            String(account.id),
          )
          if (!secret) {
            throw new Error(
              'payload-backoffice: a TOTP secret could not be decrypted; was the encryption key or the Payload secret changed?',
            )
          }
          const verification = await verifyTotp(secret, body.code, Date.now())
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
  })
