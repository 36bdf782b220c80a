import type { Endpoint, PayloadRequest } from 'payload'

import type { SanitizedBackofficeOptions } from '../../options/types.js'
import type { TotpConfig } from '../../twoFactor/fields.js'

import { recordAuditEvent } from '../../audit/recordAuditEvent.js'
import { secondsUntil } from '../../lib/backoff.js'
import {
  accountLockedUntil,
  claimAccountAttempt,
  settleFailure,
  settleSuccess,
} from '../../lockout/attempts.js'
import { suspendAccount } from '../../suspension/suspendAccount.js'
import { claimTimeStep, readTotpState } from '../../twoFactor/accountState.js'
import {
  claimChallengeAttempt,
  consumeChallenge,
  findChallenge,
  releaseChallengeAttempt,
} from '../../twoFactor/challenges.js'
import { completeSignIn } from '../completeSignIn.js'
import { twoFactorCookie } from '../../twoFactor/cookies.js'
import { secondFactorNeed } from '../../twoFactor/enforcement.js'
import { openSecret } from '../../twoFactor/lib/secretBox.js'
import { verifyTotp } from '../../twoFactor/lib/totp.js'
import { twoFactorViewPath } from '../passwordSignIn.js'
import { readCodeRequest } from '../../twoFactor/readCode.js'
import { refusal } from '../../twoFactor/refusal.js'
import { totpSecretKey } from '../../twoFactor/secretKey.js'

type Account = {
  id: number | string
  security?: { status?: string }
  totpConfig?: null | TotpConfig
} & Record<string, unknown>

/**
 * `POST /api/{users}/mfa/totp/authenticate` with `{ code, trustThisDevice }`: the second step of a
 * sign-in, for the browser holding a challenge cookie. Three layers stand against guessing:
 * - the challenge allows `maxAttemptsPerChallenge` codes, counted before each is checked;
 * - every wrong code counts toward the account's lockout, with passwords (Keycloak's shared
 *   counter), so the waits grow and the account is suspended in the end (NIST SP 800-63B §5.2.2);
 *   while it is locked no code is checked at all;
 * - each time step is accepted once per account, so a code seen once is worthless afterwards.
 * A valid code mints the session; nothing else does.
 */
export const authenticateEndpoint = (options: SanitizedBackofficeOptions): Endpoint => ({
  handler: async (req) => {
    const login = `${req.payload.config.routes.admin}${req.payload.config.admin.routes.login}`
    const expired = () =>
      refusal(req, 'MFA_SESSION_EXPIRED', {
        cookies: [twoFactorCookie(req, options, 'challenge', null)],
        redirectTo: login,
      })

    const body = await readCodeRequest(req)
    const challenge = await findChallenge(req)
    if (!challenge) {
      return typeof body === 'string' && body !== 'TOTP_CODE_INVALID'
        ? refusal(req, body)
        : expired()
    }
    const account = (await req.payload.db.findOne({
      collection: options.usersCollection,
      where: { id: { equals: challenge.userId } },
    })) as Account | null
    const state = account ? await readTotpState(req.payload, options, account.id) : null
    if (!account || !state) {
      return expired()
    }
    if (state.status !== 'enabled' || !state.sealedSecret) {
      return secondFactorNeed(account, account.totpConfig, options) === 'enrol'
        ? refusal(req, 'TOTP_ENROLMENT_PENDING', { redirectTo: twoFactorViewPath(req, 'enrol') })
        : expired()
    }
    if (typeof body === 'string') {
      return refusal(req, body)
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
      return expired()
    }
    const claim = await claimAccountAttempt(req.payload, options, account.id)
    if (claim.locked) {
      await releaseChallengeAttempt(req, challenge.id)
      await recordAuditEvent(req, {
        actor: null,
        data: { factor: 'totp', reason: 'locked' },
        event: 'twoFactor.rateLimited',
        user: account,
      })
      return rateLimited(req, claim.lockedUntil)
    }

    const secret = openSecret(
      state.sealedSecret,
      totpSecretKey(req.payload, options),
      String(account.id),
    )
    if (!secret) {
      throw new Error(
        'payload-backoffice: a TOTP secret could not be decrypted; was the encryption key or the Payload secret changed?',
      )
    }
    const verification = await verifyTotp(secret, body.code, Date.now())
    const replay =
      verification.valid &&
      !(await claimTimeStep(req.payload, options, account.id, verification.timeStep))
    if (!verification.valid || replay) {
      await settleFailure(req.payload, options, account.id, claim.claimedAt)
      await recordAuditEvent(req, {
        actor: null,
        data: {
          consecutiveFailures: claim.failures,
          factor: 'totp',
          reason: replay ? 'replay' : 'wrongCode',
        },
        event: replay ? 'twoFactor.replayRejected' : 'twoFactor.challengeFailed',
        user: account,
      })
      if (claim.failures >= options.lockout.threshold) {
        await recordAuditEvent(req, {
          actor: null,
          data: { consecutiveFailures: claim.failures },
          event: 'account.locked',
          user: account,
        })
      }
      if (
        claim.failures >= options.lockout.suspendAfter &&
        account.security?.status !== 'suspended'
      ) {
        await suspendAccount(req, options, { reason: 'excessiveFailures', userId: account.id })
      }
      return refusal(req, 'TOTP_CODE_INVALID', { redirectTo: twoFactorViewPath(req, 'challenge') })
    }

    // One challenge, one session: a parallel request with another valid code may have used it.
    if (!(await consumeChallenge(req, challenge.id))) {
      return expired()
    }
    if (!(await settleSuccess(req.payload, options, account.id, claim.failures))) {
      // Parallel wrong guesses locked the account while this code was checked: the policy says locked.
      await recordAuditEvent(req, {
        actor: null,
        data: { factor: 'totp', reason: 'locked' },
        event: 'twoFactor.rateLimited',
        user: account,
      })
      return rateLimited(req, await accountLockedUntil(req.payload, options, account.id))
    }
    await recordAuditEvent(req, {
      actor: account,
      data: { factor: 'totp' },
      event: 'twoFactor.challengeSucceeded',
      user: account,
    })
    return completeSignIn(req, options, {
      factor: 'totp',
      trustThisDevice: body.trustThisDevice,
      userId: account.id,
    })
  },
  method: 'post',
  path: '/mfa/totp/authenticate',
})

/** "TOTP rate limited. Try again in {n} seconds", with the same number in Retry-After. */
const rateLimited = (req: PayloadRequest, lockedUntil: Date | null) => {
  const seconds = lockedUntil ? secondsUntil(lockedUntil, new Date()) : 1
  // The challenge stays usable once the wait is over: the prompt is where to wait.
  return refusal(req, 'TOTP_RATE_LIMITED', {
    redirectTo: twoFactorViewPath(req, 'challenge'),
    retryAfterSeconds: seconds,
    variables: { seconds },
  })
}
