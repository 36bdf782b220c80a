import type { AuthenticationResponseJSON } from '@simplewebauthn/server'
import type { Endpoint } from 'payload'

import * as z from 'zod'

import type { SanitizedBackofficeOptions } from '../../shared/options/types.js'

import { findChallenge } from '../../policies/twoFactor/challenges.js'
import {
  authenticationOptions,
  verifyAssertion,
} from '../../policies/twoFactor/passkeys/ceremonies.js'
import { credentialJSON } from '../../policies/twoFactor/passkeys/credentialJSON.js'
import {
  claimSignCount,
  credentialsOf,
  findPasskey,
} from '../../policies/twoFactor/passkeys/passkeyStore.js'
import { readAccount } from '../../shared/accounts/staffAccount.js'
import { backofficeEndpoint } from '../../shared/endpoint/backofficeEndpoint.js'
import { malformedBody } from '../../shared/endpoint/malformedBody.js'
import { BackofficeError } from '../../shared/errors/BackofficeError.js'
import { jsonResponse } from '../../shared/request/http.js'
import { challengeExpired } from '../challengeExpired.js'
import { settleSecondFactorAttempt } from '../settleSecondFactorAttempt.js'

/**
 * `POST /api/{users}/mfa/passkey/options`: for the browser holding a two-factor challenge cookie, the
 * options to ask its authenticator for an assertion with one of the account's passkeys.
 */
export const passkeyChallengeOptionsEndpoint = (options: SanitizedBackofficeOptions): Endpoint =>
  backofficeEndpoint({
    handler: async (req) => {
      const challenge = await findChallenge(req)
      if (!challenge) {
        throw challengeExpired(req, options)
      }
      const credentials = await credentialsOf(req.payload, challenge.userId)
      if (credentials.length === 0) {
        throw new BackofficeError('PASSKEY_NOT_REGISTERED', { req })
      }
      return jsonResponse(
        req,
        await authenticationOptions(req, options, {
          credentials,
          purpose: 'secondFactor',
          userId: challenge.userId,
        }),
      )
    },
    method: 'post',
    path: '/mfa/passkey/options',
  })

/**
 * `POST /api/{users}/mfa/passkey/authenticate` with `{ response, trustThisDevice }`: the second step
 * of a sign-in with a passkey. The same layers as a code (`settleSecondFactorAttempt`): the
 * challenge's attempt cap, the account's shared lockout and second-factor budget, one session per
 * challenge.
 * The assertion must be for one of this account's passkeys, over a challenge issued to this account,
 * from an allowed origin for this relying party, with user verification, and with a counter that
 * moved forward; a parallel replay of the same assertion loses the counter's compare-and-set.
 */
export const passkeyAuthenticateEndpoint = (options: SanitizedBackofficeOptions): Endpoint =>
  backofficeEndpoint({
    body: z.object({ response: credentialJSON, trustThisDevice: z.boolean().optional() }),
    handler: async (req, { body }) => {
      const challenge = await findChallenge(req)
      if (!challenge) {
        throw challengeExpired(req, options)
      }
      // The outline is checked; the verification below judges the rest.
      const response = body.response as unknown as AuthenticationResponseJSON
      const account = await readAccount(req, options, challenge.userId)
      if (!account) {
        throw challengeExpired(req, options)
      }
      return settleSecondFactorAttempt(req, options, {
        account,
        challenge,
        factor: 'passkey',
        refuseWrong: () => new BackofficeError('PASSKEY_INVALID', { req }),
        succeeded: (passkey) => ({
          data: { passkeyId: passkey.id },
          event: 'twoFactor.challengeSucceeded',
        }),
        trustThisDevice: body.trustThisDevice === true,
        verify: async () => {
          const passkey = await findPasskey(req.payload, response.id)
          if (!passkey || String(passkey.userId) !== String(account.id)) {
            return { correct: false, reason: 'unknownPasskey' }
          }
          try {
            const { newCounter } = await verifyAssertion(req, options, {
              passkey,
              purpose: 'secondFactor',
              response,
              userId: account.id,
            })
            if (!(await claimSignCount(req.payload, passkey.id, newCounter))) {
              return { correct: false, event: 'twoFactor.replayRejected', reason: 'signCount' }
            }
          } catch (error) {
            if (error instanceof BackofficeError) {
              return { correct: false, reason: 'assertionInvalid' }
            }
            throw error
          }
          return { correct: true, value: passkey }
        },
      })
    },
    method: 'post',
    path: '/mfa/passkey/authenticate',
    refuseBody: malformedBody,
  })
