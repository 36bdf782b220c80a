import type { AuthenticationResponseJSON } from '@simplewebauthn/server'
import type { Endpoint, PayloadRequest } from 'payload'

import type { SanitizedBackofficeOptions } from '../../options/types.js'

import { readAccount } from '../../accounts/staffAccount.js'
import { recordAuditEvent } from '../../audit/recordAuditEvent.js'
import { BackofficeError } from '../../errors/BackofficeError.js'
import { backofficeEndpoint } from '../../errors/errorResponse.js'
import { secondsUntil } from '../../lib/backoff.js'
import { attemptCredential } from '../../lockout/attemptCredential.js'
import { accountLockedUntil } from '../../lockout/attempts.js'
import { knownBrowserOf } from '../../lockout/knownBrowsers.js'
import { jsonResponse } from '../../request/http.js'
import { readBody } from '../../request/readBody.js'
import {
  claimChallengeAttempt,
  consumeChallenge,
  findChallenge,
  releaseChallengeAttempt,
} from '../../twoFactor/challenges.js'
import { twoFactorCookie } from '../../twoFactor/cookies.js'
import {
  authenticationOptions,
  readCredentialJSON,
  verifyAssertion,
} from '../../twoFactor/passkeys/ceremonies.js'
import {
  claimSignCount,
  credentialsOf,
  findPasskey,
} from '../../twoFactor/passkeys/passkeyStore.js'
import { completeSignIn } from '../completeSignIn.js'
import { twoFactorViewPath } from '../passwordSignIn.js'

const expiredChallenge = (req: PayloadRequest, options: SanitizedBackofficeOptions) =>
  new BackofficeError('MFA_SESSION_EXPIRED', {
    cookies: [twoFactorCookie(req, options, 'challenge', null)],
    redirectTo: `${req.payload.config.routes.admin}${req.payload.config.admin.routes.login}`,
    req,
  })

/**
 * `POST /api/{users}/mfa/passkey/options`: for the browser holding a two-factor challenge cookie, the
 * options to ask its authenticator for an assertion with one of the account's passkeys.
 */
export const passkeyChallengeOptionsEndpoint = (options: SanitizedBackofficeOptions): Endpoint =>
  backofficeEndpoint({
    handler: async (req) => {
      const challenge = await findChallenge(req)
      if (!challenge) {
        throw expiredChallenge(req, options)
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
 * of a sign-in with a passkey. The same layers as a code (see authenticate.ts): the challenge's
 * attempt cap, the account's shared lockout and second-factor budget, one session per challenge.
 * The assertion must be for one of this account's passkeys, over a challenge issued to this account,
 * from an allowed origin for this relying party, with user verification, and with a counter that
 * moved forward; a parallel replay of the same assertion loses the counter's compare-and-set.
 */
export const passkeyAuthenticateEndpoint = (options: SanitizedBackofficeOptions): Endpoint =>
  backofficeEndpoint({
    handler: async (req) => {
      const body = await readBody(req)
      const challenge = await findChallenge(req)
      if (!challenge) {
        throw expiredChallenge(req, options)
      }
      const response = readCredentialJSON<AuthenticationResponseJSON>(req, body.response)
      if (body.trustThisDevice !== undefined && typeof body.trustThisDevice !== 'boolean') {
        throw new BackofficeError('MALFORMED_REQUEST', { req })
      }
      const account = await readAccount(req, options, challenge.userId)
      if (!account) {
        throw expiredChallenge(req, options)
      }
      if (!(await claimChallengeAttempt(req, options, challenge.id))) {
        await consumeChallenge(req, challenge.id)
        await recordAuditEvent(req, {
          actor: null,
          data: { factor: 'passkey', reason: 'challengeSpent' },
          event: 'twoFactor.rateLimited',
          user: account,
        })
        throw expiredChallenge(req, options)
      }
      const attempt = await attemptCredential(req, options, {
        account,
        audit: {
          actor: null,
          data: { factor: 'passkey' },
          failedEvent: 'twoFactor.challengeFailed',
          lockedEvent: 'twoFactor.rateLimited',
        },
        check: async () => {
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
          return {
            correct: true,
            value: { challengeSpent: !(await consumeChallenge(req, challenge.id)), passkey },
          }
        },
        factor: 'secondFactor',
        knownBrowser: knownBrowserOf(req, account.id),
      })

      if (attempt.kind === 'locked' && attempt.budget === 'secondFactor') {
        await consumeChallenge(req, challenge.id)
        throw new BackofficeError('ACCOUNT_SUSPENDED', {
          cookies: [twoFactorCookie(req, options, 'challenge', null)],
          req,
        })
      }
      if (attempt.kind === 'locked') {
        await releaseChallengeAttempt(req, challenge.id)
        const seconds = attempt.lockedUntil ? secondsUntil(attempt.lockedUntil, new Date()) : 1
        throw new BackofficeError('TOTP_RATE_LIMITED', {
          redirectTo: twoFactorViewPath(req, 'challenge'),
          req,
          retryAfterSeconds: seconds,
          variables: { seconds },
        })
      }
      if (attempt.kind === 'wrong') {
        throw new BackofficeError('PASSKEY_INVALID', { req })
      }
      if (attempt.value.challengeSpent) {
        throw expiredChallenge(req, options)
      }
      if (attempt.kind === 'lockedMeanwhile') {
        const lockedUntil = await accountLockedUntil(req.payload, options, account.id)
        const seconds = lockedUntil ? secondsUntil(lockedUntil, new Date()) : 1
        throw new BackofficeError('TOTP_RATE_LIMITED', {
          req,
          retryAfterSeconds: seconds,
          variables: { seconds },
        })
      }
      await recordAuditEvent(req, {
        actor: account,
        data: { factor: 'passkey', passkeyId: attempt.value.passkey.id },
        event: 'twoFactor.challengeSucceeded',
        user: account,
      })
      return completeSignIn(req, options, {
        factor: 'passkey',
        singleSignOn: challenge.singleSignOn,
        trustThisDevice: body.trustThisDevice === true,
        userId: account.id,
      })
    },
    method: 'post',
    path: '/mfa/passkey/authenticate',
  })
