import type { Endpoint, PayloadRequest } from 'payload'

import type { SanitizedBackofficeOptions } from '../../options/types.js'

import { readAccount } from '../../accounts/staffAccount.js'
import { recordAuditEvent } from '../../audit/recordAuditEvent.js'
import { BackofficeError } from '../../errors/BackofficeError.js'
import { backofficeEndpoint } from '../../errors/errorResponse.js'
import { requestText } from '../../i18n/text.js'
import { secondsUntil } from '../../lib/backoff.js'
import { attemptCredential } from '../../lockout/attemptCredential.js'
import { accountLockedUntil } from '../../lockout/attempts.js'
import { knownBrowserOf } from '../../lockout/knownBrowsers.js'
import { readTotpState } from '../../twoFactor/accountState.js'
import {
  claimChallengeAttempt,
  consumeChallenge,
  findChallenge,
  releaseChallengeAttempt,
} from '../../twoFactor/challenges.js'
import { twoFactorCookie } from '../../twoFactor/cookies.js'
import { secondFactorNeed } from '../../twoFactor/enforcement.js'
import { hasPasskey } from '../../twoFactor/passkeys/passkeyStore.js'
import { passkeyRequiredFor } from '../../twoFactor/passkeys/requirement.js'
import { sendRecoveryCodesEmail } from '../../twoFactor/recoveryCodes/emails.js'
import {
  readRecoveryCodeRequest,
  type RecoveryCodeRequest,
} from '../../twoFactor/recoveryCodes/readRecoveryCode.js'
import {
  claimRecoveryCode,
  findRecoveryCode,
  recoveryCodesStatus,
  releaseRecoveryCode,
} from '../../twoFactor/recoveryCodes/store.js'
import { completeSignIn } from '../completeSignIn.js'
import { twoFactorViewPath } from '../passwordSignIn.js'

/** As for a TOTP code: the wait, in the message and in Retry-After, and the prompt to wait on. */
const rateLimited = (req: PayloadRequest, lockedUntil: Date | null) => {
  const seconds = lockedUntil ? secondsUntil(lockedUntil, new Date()) : 1
  return new BackofficeError('TOTP_RATE_LIMITED', {
    redirectTo: twoFactorViewPath(req, 'challenge'),
    req,
    retryAfterSeconds: seconds,
    variables: { seconds },
  })
}

const readCodeOrRefusal = async (
  req: PayloadRequest,
): Promise<BackofficeError | RecoveryCodeRequest> => {
  try {
    return await readRecoveryCodeRequest(req)
  } catch (error) {
    if (error instanceof BackofficeError) {
      return error
    }
    throw error
  }
}

/**
 * `POST /api/{users}/mfa/recovery-code/authenticate` with `{ code, trustThisDevice }`: the second step
 * of a sign-in with a recovery code instead of the authenticator app, for the browser holding the
 * challenge cookie. The same layers as a TOTP code (see authenticate.ts): the challenge's attempt
 * cap, counted before the code is checked; the shared lockout and second-factor budget through
 * `attemptCredential`; one session per challenge. The code is used up by one compare-and-set, so
 * parallel requests with one code mint at most one session. The owner is emailed with how many
 * codes remain: a code used by someone else is how they learn their password and codes are known.
 */
export const authenticateRecoveryCodeEndpoint = (options: SanitizedBackofficeOptions): Endpoint =>
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
        throw body instanceof BackofficeError && body.code !== 'RECOVERY_CODE_INVALID'
          ? body
          : expired()
      }
      const account = await readAccount(req, options, challenge.userId)
      const state = account ? await readTotpState(req.payload, options, account.id) : null
      if (!account || !state) {
        throw expired()
      }
      const withPasskey = await hasPasskey(req.payload, account.id)
      if (state.status !== 'enabled') {
        // Recovery codes come with the authenticator app: a passkey-only account has none, and one
        // whose factor an approved reset removed has none left (enrolment is next).
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
        // A role that must use a phishing-resistant factor: a recovery code can be phished like a
        // code from the app, so it is refused as that code is (see authenticate.ts).
        throw new BackofficeError('PASSKEY_REQUIRED', { req })
      }
      // Nothing to guess at: told only to whoever holds the password, and not counted.
      if ((await recoveryCodesStatus(req.payload, account.id)).remaining === 0) {
        throw new BackofficeError('RECOVERY_CODES_UNAVAILABLE', { req })
      }

      if (!(await claimChallengeAttempt(req, options, challenge.id))) {
        await consumeChallenge(req, challenge.id)
        await recordAuditEvent(req, {
          actor: null,
          data: { factor: 'recoveryCode', reason: 'challengeSpent' },
          event: 'twoFactor.rateLimited',
          user: account,
        })
        throw expired()
      }
      const attempt = await attemptCredential(req, options, {
        account,
        audit: {
          actor: null,
          data: { factor: 'recoveryCode' },
          failedEvent: 'twoFactor.challengeFailed',
          lockedEvent: 'twoFactor.rateLimited',
        },
        factor: 'secondFactor',
        knownBrowser: knownBrowserOf(req, account.id),
        check: async () => {
          const match = await findRecoveryCode(req.payload, options, account.id, body.code)
          if (!match) {
            return { correct: false, reason: 'wrongCode' }
          }
          if (!(await claimRecoveryCode(req.payload, match.id))) {
            // A parallel request used this code first.
            return { correct: false, event: 'twoFactor.replayRejected', reason: 'replay' }
          }
          return {
            correct: true,
            value: {
              challengeSpent: !(await consumeChallenge(req, challenge.id)),
              codeId: match.id,
            },
          }
        },
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
        throw rateLimited(req, attempt.lockedUntil)
      }
      if (attempt.kind === 'wrong') {
        throw new BackofficeError('RECOVERY_CODE_INVALID', {
          redirectTo: twoFactorViewPath(req, 'challenge'),
          req,
        })
      }
      if (attempt.value.challengeSpent || attempt.kind === 'lockedMeanwhile') {
        // No session comes of this code: the person keeps it.
        await releaseRecoveryCode(req.payload, attempt.value.codeId)
      }
      if (attempt.value.challengeSpent) {
        throw expired()
      }
      if (attempt.kind === 'lockedMeanwhile') {
        await recordAuditEvent(req, {
          actor: null,
          data: { factor: 'recoveryCode', reason: 'locked' },
          event: 'twoFactor.rateLimited',
          user: account,
        })
        throw rateLimited(req, await accountLockedUntil(req.payload, options, account.id))
      }
      const { remaining } = await recoveryCodesStatus(req.payload, account.id)
      await recordAuditEvent(req, {
        actor: account,
        data: { factor: 'recoveryCode', remaining },
        event: 'twoFactor.recoveryCodeUsed',
        user: account,
      })
      const response = await completeSignIn(req, options, {
        factor: 'recoveryCode',
        message: requestText(req, 'recoveryCodeSignedIn', { remaining }),
        singleSignOn: challenge.singleSignOn,
        trustThisDevice: body.trustThisDevice,
        userId: account.id,
      })
      await sendRecoveryCodesEmail(req, options, account, { kind: 'used', remaining })
      return response
    },
    method: 'post',
    path: '/mfa/recovery-code/authenticate',
  })
