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
import { claimTimeStep, readTotpState } from '../../twoFactor/accountState.js'
import {
  claimChallengeAttempt,
  consumeChallenge,
  findChallenge,
  releaseChallengeAttempt,
} from '../../twoFactor/challenges.js'
import { twoFactorCookie } from '../../twoFactor/cookies.js'
import { secondFactorNeed } from '../../twoFactor/enforcement.js'
import { openSecret } from '../../twoFactor/lib/secretBox.js'
import { verifyTotp } from '../../twoFactor/lib/totp.js'
import { hasPasskey } from '../../twoFactor/passkeys/passkeyStore.js'
import { passkeyRequiredFor } from '../../twoFactor/passkeys/requirement.js'
import { type CodeRequest, readCodeRequest } from '../../twoFactor/readCode.js'
import { totpSecretKey } from '../../twoFactor/secretKey.js'
import { completeSignIn } from '../completeSignIn.js'
import { twoFactorViewPath } from '../passwordSignIn.js'

/** "TOTP rate limited. Try again in {n} seconds", with the same number in Retry-After. */
const rateLimited = (req: PayloadRequest, lockedUntil: Date | null) => {
  const seconds = lockedUntil ? secondsUntil(lockedUntil, new Date()) : 1
  // The challenge stays usable once the wait is over: the prompt is where to wait.
  return new BackofficeError('TOTP_RATE_LIMITED', {
    redirectTo: twoFactorViewPath(req, 'challenge'),
    req,
    retryAfterSeconds: seconds,
    variables: { seconds },
  })
}

/** The code request, or the refusal of it, kept to be thrown once the challenge has been looked at. */
const readCodeOrRefusal = async (req: PayloadRequest): Promise<BackofficeError | CodeRequest> => {
  try {
    return await readCodeRequest(req)
  } catch (error) {
    if (error instanceof BackofficeError) {
      return error
    }
    throw error
  }
}

/**
 * `POST /api/{users}/mfa/totp/authenticate` with `{ code, trustThisDevice }`: the second step of a
 * sign-in, for the browser holding a challenge cookie. Three layers stand against guessing:
 * - the challenge allows `maxAttemptsPerChallenge` codes, counted before each is checked;
 * - every wrong code is one attempt under the account's lockout, the same `attemptCredential` as a
 *   password (Keycloak's shared counter), so the waits grow and the account is suspended in the end
 *   (NIST SP 800-63B §5.2.2); while it is locked no code is checked at all;
 * - every wrong code also spends the account's second-factor budget, which no password reset
 *   refills: at `suspendAfter` wrong codes since the last right one the account is suspended until an
 *   administrator acts, and no further code is checked (NIST SP 800-63B §5.2.2, ASVS 5.0 6.4.3);
 * - each time step is accepted once per account, so a code seen once is worthless afterwards.
 * A valid code mints the session; nothing else does.
 */
export const authenticateEndpoint = (options: SanitizedBackofficeOptions): Endpoint =>
  backofficeEndpoint({
    handler: async (req) => {
      const login = `${req.payload.config.routes.admin}${req.payload.config.admin.routes.login}`
      const expired = () =>
        new BackofficeError('MFA_SESSION_EXPIRED', {
          cookies: [twoFactorCookie(req, options, 'challenge', null)],
          redirectTo: login,
          req,
        })

      const body = await readCodeOrRefusal(req)
      const challenge = await findChallenge(req)
      if (!challenge) {
        // A malformed body is refused as such; a well-formed but impossible code is not worth
        // telling apart from an expired sign-in.
        throw body instanceof BackofficeError && body.code !== 'TOTP_CODE_INVALID'
          ? body
          : expired()
      }
      const account = await readAccount(req, options, challenge.userId)
      const state = account ? await readTotpState(req.payload, options, account.id) : null
      if (!account || !state) {
        throw expired()
      }
      const withPasskey = await hasPasskey(req.payload, account.id)
      if (state.status !== 'enabled' || !state.sealedSecret) {
        if (withPasskey) {
          throw new BackofficeError('TOTP_NOT_ENABLED', { req })
        }
        throw secondFactorNeed(account, account.totpConfig, options, withPasskey) === 'enrol'
          ? new BackofficeError('TOTP_ENROLMENT_PENDING', {
              redirectTo: twoFactorViewPath(req, 'enrol'),
              req,
            })
          : expired()
      }
      if (body instanceof BackofficeError) {
        throw body
      }
      if (withPasskey && passkeyRequiredFor(account, options)) {
        // A role that must use a phishing-resistant factor: a code, which can be phished, is refused.
        throw new BackofficeError('PASSKEY_REQUIRED', { req })
      }

      if (!(await claimChallengeAttempt(req, options, challenge.id))) {
        // Spent: the password must be given again, and the lockout decides how soon.
        await consumeChallenge(req, challenge.id)
        await recordAuditEvent(req, {
          actor: null,
          data: { factor: 'totp', reason: 'challengeSpent' },
          event: 'twoFactor.rateLimited',
          user: account,
        })
        throw expired()
      }
      const sealedSecret = state.sealedSecret
      const attempt = await attemptCredential(req, options, {
        account,
        audit: {
          actor: null,
          data: { factor: 'totp' },
          failedEvent: 'twoFactor.challengeFailed',
          lockedEvent: 'twoFactor.rateLimited',
        },
        factor: 'secondFactor',
        knownBrowser: knownBrowserOf(req, account.id),
        check: async () => {
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
          // One challenge, one session: a parallel request with another valid code may have used it.
          return {
            correct: true,
            value: { challengeSpent: !(await consumeChallenge(req, challenge.id)) },
          }
        },
      })

      if (attempt.kind === 'locked' && attempt.budget === 'secondFactor') {
        // The budget is spent: the account is suspended (or about to be, by the guess that spent it),
        // and waiting will not help. Told only to whoever holds the password, as at sign-in.
        await consumeChallenge(req, challenge.id)
        throw new BackofficeError('ACCOUNT_SUSPENDED', {
          cookies: [twoFactorCookie(req, options, 'challenge', null)],
          req,
        })
      }
      if (attempt.kind === 'locked') {
        // Not a guess: the challenge keeps this attempt for when the wait is over.
        await releaseChallengeAttempt(req, challenge.id)
        throw rateLimited(req, attempt.lockedUntil)
      }
      if (attempt.kind === 'wrong') {
        throw new BackofficeError('TOTP_CODE_INVALID', {
          redirectTo: twoFactorViewPath(req, 'challenge'),
          req,
        })
      }
      if (attempt.value.challengeSpent) {
        throw expired()
      }
      if (attempt.kind === 'lockedMeanwhile') {
        // Parallel wrong guesses locked the account while this code was checked: the policy says locked.
        await recordAuditEvent(req, {
          actor: null,
          data: { factor: 'totp', reason: 'locked' },
          event: 'twoFactor.rateLimited',
          user: account,
        })
        throw rateLimited(req, await accountLockedUntil(req.payload, options, account.id))
      }
      await recordAuditEvent(req, {
        actor: account,
        data: { factor: 'totp' },
        event: 'twoFactor.challengeSucceeded',
        user: account,
      })
      return completeSignIn(req, options, {
        factor: 'totp',
        singleSignOn: challenge.singleSignOn,
        trustThisDevice: body.trustThisDevice,
        userId: account.id,
      })
    },
    method: 'post',
    path: '/mfa/totp/authenticate',
  })
