import type { Endpoint } from 'payload'

import type { SanitizedBackofficeOptions } from '../../shared/options/types.js'

import { findChallenge } from '../../policies/twoFactor/challenges.js'
import { readTwoFactorCookie, twoFactorCookie } from '../../policies/twoFactor/cookies.js'
import { recognisedDevice, secondFactorNeedOf } from '../../policies/twoFactor/secondFactorDue.js'
import {
  restoreTrustedDeviceToken,
  rotateTrustedDevice,
} from '../../policies/twoFactor/trustedDevices/trustedDevices.js'
import { readAccount } from '../../shared/accounts/staffAccount.js'
import { backofficeEndpoint } from '../../shared/endpoint/backofficeEndpoint.js'
import { BackofficeError } from '../../shared/errors/BackofficeError.js'
import { assertEmptyBody } from '../../shared/request/http.js'
import { challengeExpired } from '../challengeExpired.js'
import { settleSecondFactorAttempt } from '../settleSecondFactorAttempt.js'

type RotatedToken = { expiresAt: Date; token: string }

/**
 * `POST /api/{users}/mfa/trusted-device`, no body: the second step of a sign-in settled by this
 * browser's trusted device, for the sign-ins that cannot see its cookie when they start. A password
 * sign-in can (it is posted to the users API, the cookie's path); a single sign-on cannot: its
 * callback is another path, and it arrives as a navigation from the provider's site, on which a
 * SameSite=Strict cookie is never sent (RFC 6265bis §5.6.7.1). So the prompt it lands on asks here,
 * from this site, once `GET /mfa/factors` said the device is recognised.
 *
 * Only where the challenge is a second factor the account already has (never an enrolment), and only
 * with the device cookie of that very account, under the same rule as a password sign-in: a passkey
 * that the account's role requires is skipped only by a device trusted after one (`recognisedDevice`). The device's token is rotated on use, as at a password
 * sign-in; the attempt goes through `settleSecondFactorAttempt` like any factor (the challenge's cap,
 * the lockout, one session per challenge).
 */
export const trustedDeviceSecondFactorEndpoint = (options: SanitizedBackofficeOptions): Endpoint =>
  backofficeEndpoint({
    handler: async (req) => {
      await assertEmptyBody(req)
      const challenge = await findChallenge(req)
      if (!challenge) {
        throw challengeExpired(req, options)
      }
      const account = await readAccount(req, options, challenge.userId)
      if (!account) {
        throw challengeExpired(req, options)
      }
      const notRecognised = () => new BackofficeError('TRUSTED_DEVICE_NOT_RECOGNISED', { req })
      // No device cookie at all is no guess: refused before anything is counted.
      if (
        !readTwoFactorCookie(req, 'trustedDevice') ||
        (await secondFactorNeedOf(req, options, account)) !== 'challenge'
      ) {
        throw notRecognised()
      }
      // The rotated token, once the session exists: the browser's cookie is replaced with it.
      let issued: null | RotatedToken = null
      const response = await settleSecondFactorAttempt(req, options, {
        account,
        afterSignIn: ({ rotated }) => {
          issued = rotated
          return Promise.resolve()
        },
        challenge,
        factor: 'trustedDevice',
        giveBack: ({ device, rotated }) =>
          restoreTrustedDeviceToken(req.payload, device, rotated.token),
        refuseWrong: notRecognised,
        succeeded: ({ device }) => ({
          data: { deviceId: device.id },
          event: 'twoFactor.challengeSucceeded',
        }),
        trustThisDevice: false,
        verify: async () => {
          const device = await recognisedDevice(req, options, account)
          if (!device) {
            return { correct: false, reason: 'deviceNotRecognised' }
          }
          // One use per token: a parallel sign-in with a copy of the same cookie finds it rotated.
          const rotated = await rotateTrustedDevice(req.payload, account.id, device)
          return rotated
            ? { correct: true, value: { device, rotated } }
            : { correct: false, event: 'twoFactor.replayRejected', reason: 'deviceTokenReused' }
        },
      })
      const rotated = issued as null | RotatedToken
      if (rotated) {
        response.headers.append(
          'Set-Cookie',
          twoFactorCookie(req, options, 'trustedDevice', {
            maxAgeSeconds: Math.max(
              1,
              Math.floor((rotated.expiresAt.getTime() - Date.now()) / 1000),
            ),
            token: rotated.token,
          }),
        )
      }
      return response
    },
    method: 'post',
    path: '/mfa/trusted-device',
  })
