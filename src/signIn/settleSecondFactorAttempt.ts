import type { PayloadRequest } from 'payload'

import type { CredentialCheck } from '../policies/lockout/attemptCredential.js'
import type { OpenChallenge } from '../policies/twoFactor/challenges.js'
import type { StaffAccount } from '../shared/accounts/staffAccount.js'
import type { AuditEventName } from '../shared/audit/auditEvents.js'
import type { SanitizedBackofficeOptions } from '../shared/options/types.js'

import { attemptCredential } from '../policies/lockout/attemptCredential.js'
import { accountLockedUntil } from '../policies/lockout/attempts.js'
import { knownBrowserOf } from '../policies/lockout/knownBrowsers.js'
import {
  claimChallengeAttempt,
  consumeChallenge,
  releaseChallengeAttempt,
} from '../policies/twoFactor/challenges.js'
import { twoFactorCookie } from '../policies/twoFactor/cookies.js'
import { recordAuditEvent } from '../shared/audit/recordAuditEvent.js'
import { BackofficeError } from '../shared/errors/BackofficeError.js'
import { secondsUntil } from '../shared/lib/secondsUntil.js'
import { challengeExpired } from './challengeExpired.js'
import { completeSignIn } from './completeSignIn.js'
import { twoFactorViewPath } from './passwordSignIn.js'

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

/**
 * One attempt at the second step of a sign-in, whatever the factor (a code from the app, a recovery
 * code, a passkey), once the endpoint has read the request and found its challenge and account. Three
 * layers stand against guessing, the same for every factor:
 * - the challenge allows `maxAttemptsPerChallenge` attempts, counted before each is checked; once
 *   they are spent the challenge is consumed and the password must be given again;
 * - every wrong attempt counts under the account's lockout, the same `attemptCredential` as a
 *   password (Keycloak's shared counter), so the waits grow and the account is suspended in the end
 *   (NIST SP 800-63B §5.2.2); while it is locked nothing is checked at all;
 * - every wrong attempt also spends the account's second-factor budget, which no password reset
 *   refills: once spent the account is suspended until an administrator acts (ASVS 5.0 6.4.3).
 * A right one mints one session per challenge (a parallel right one finds the challenge used), trusts
 * this device when asked, and is audited; nothing else mints a session.
 */
export const settleSecondFactorAttempt = async <T>(
  req: PayloadRequest,
  options: SanitizedBackofficeOptions,
  {
    account,
    afterSignIn,
    challenge,
    factor,
    giveBack,
    refuseWrong,
    succeeded,
    trustThisDevice,
    verify,
  }: {
    account: StaffAccount
    /** What follows the new session (an email to the owner). */
    afterSignIn?: (value: T) => Promise<void>
    challenge: OpenChallenge
    factor: 'passkey' | 'recoveryCode' | 'totp' | 'trustedDevice'
    /** Undoes what a right `verify` used up when no session comes of it (a recovery code is kept). */
    giveBack?: (value: T) => Promise<void>
    /** The factor's refusal of a wrong attempt. */
    refuseWrong: () => BackofficeError
    /** The audit event of a right attempt, and the message the session's response carries. */
    succeeded: (value: T) => {
      data?: Record<string, unknown>
      event: AuditEventName
      message?: string
    }
    trustThisDevice: boolean
    /** The factor's own check: whether the attempt is right, and what it used up if so. */
    verify: CredentialCheck<T>
  },
): Promise<Response> => {
  if (!(await claimChallengeAttempt(req, options, challenge.id))) {
    // Spent: the password must be given again, and the lockout decides how soon.
    await consumeChallenge(req, challenge.id)
    await recordAuditEvent(req, {
      actor: null,
      data: { factor, reason: 'challengeSpent' },
      event: 'twoFactor.rateLimited',
      user: account,
    })
    throw challengeExpired(req, options)
  }
  const attempt = await attemptCredential(req, options, {
    account,
    audit: {
      actor: null,
      data: { factor },
      failedEvent: 'twoFactor.challengeFailed',
      lockedEvent: 'twoFactor.rateLimited',
    },
    check: async (claim) => {
      const verified = await verify(claim)
      if (!verified.correct) {
        return verified
      }
      // One challenge, one session: a parallel request with another right attempt may have used it.
      return {
        correct: true,
        value: {
          challengeSpent: !(await consumeChallenge(req, challenge.id)),
          value: verified.value,
        },
      }
    },
    factor: 'secondFactor',
    knownBrowser: knownBrowserOf(req, account.id),
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
    throw refuseWrong()
  }
  const { challengeSpent, value } = attempt.value
  if (challengeSpent || attempt.kind === 'lockedMeanwhile') {
    await giveBack?.(value)
  }
  if (challengeSpent) {
    throw challengeExpired(req, options)
  }
  if (attempt.kind === 'lockedMeanwhile') {
    // Parallel wrong guesses locked the account while this one was checked: the policy says locked.
    await recordAuditEvent(req, {
      actor: null,
      data: { factor, reason: 'locked' },
      event: 'twoFactor.rateLimited',
      user: account,
    })
    throw rateLimited(req, await accountLockedUntil(req.payload, options, account.id))
  }
  const { data, event, message } = succeeded(value)
  await recordAuditEvent(req, { actor: account, data: { factor, ...data }, event, user: account })
  const response = await completeSignIn(req, options, {
    factor,
    message,
    singleSignOn: challenge.singleSignOn,
    trustThisDevice,
    userId: account.id,
  })
  await afterSignIn?.(value)
  return response
}
