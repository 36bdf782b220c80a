import type { Endpoint } from 'payload'

import type { SanitizedBackofficeOptions } from '../../shared/options/types.js'

import { settleSuccess } from '../../policies/lockout/attempts.js'
import { clearSecondFactorGuesses } from '../../policies/lockout/secondFactorGuesses.js'
import { completeEnrolment, readTotpState } from '../../policies/twoFactor/accountState.js'
import { claimChallengeAttempt, consumeChallenge } from '../../policies/twoFactor/challenges.js'
import { codeRequest } from '../../policies/twoFactor/codeRequest.js'
import { twoFactorCookie } from '../../policies/twoFactor/cookies.js'
import { enrollingAccount } from '../../policies/twoFactor/enrollingAccount.js'
import { issueRecoveryCodes } from '../../policies/twoFactor/issueRecoveryCodes.js'
import { verifyTotp } from '../../policies/twoFactor/lib/totp.js'
import { readCodeRequest } from '../../policies/twoFactor/readCode.js'
import { openTotpSecret } from '../../policies/twoFactor/totp/openTotpSecret.js'
import { secretUnreadable } from '../../policies/twoFactor/totp/secretUnreadable.js'
import { twoFactorTurnedOn } from '../../policies/twoFactor/twoFactorTurnedOn.js'
import { recordAuditEvent } from '../../shared/audit/recordAuditEvent.js'
import { backofficeEndpoint } from '../../shared/endpoint/backofficeEndpoint.js'
import { malformedBody } from '../../shared/endpoint/malformedBody.js'
import { readDeclaredBody } from '../../shared/endpoint/readDeclaredBody.js'
import { BackofficeError } from '../../shared/errors/BackofficeError.js'
import { requestText } from '../../shared/i18n/text.js'
import { jsonResponse } from '../../shared/request/http.js'
import { completeSignIn } from '../completeSignIn.js'

/**
 * `POST /api/{users}/mfa/totp/finish-enrollment` with `{ code }`: enables the pending secret once a
 * code from it proves the authenticator app holds it. Answers `{ success, message, redirectTo,
 * recoveryCodes }`: the account's first recovery codes come in the same answer (null when it already
 * held some), so two-factor is never on without them and the setup page shows them as its last step
 * (GitHub makes saving them part of the setup), with nothing more to wait for.
 * Either way two-factor is now on (`twoFactorTurnedOn`: audited, the owner emailed, every other
 * session ended).
 * - Signed in: this session stays.
 * - Enrolling before any session (enforcement): the enrolment is the second factor, so this mints
 *   the session; the challenge's attempt cap applies to the codes tried.
 */
export const finishEnrolmentEndpoint = (options: SanitizedBackofficeOptions): Endpoint =>
  backofficeEndpoint({
    handler: async (req, { enrolling }) => {
      // Read after who asks is known (a session, or a challenge that must enrol: both looked up in
      // the database, which the handler needs anyway), so a stranger is refused before the body.
      const body = readCodeRequest(
        req,
        await readDeclaredBody(req, codeRequest, { refuse: malformedBody }),
      )
      const { account } = enrolling
      const state = await readTotpState(req.payload, options, account.id)
      if (state?.status === 'enabled') {
        throw new BackofficeError('TOTP_ALREADY_ENABLED', { req })
      }
      if (state?.status !== 'pending' || !state.sealedSecret) {
        throw new BackofficeError('TOTP_SETUP_FAILED', { req })
      }
      // Opened before an attempt is counted: a pending secret no configured key opens is refused as
      // a failed setup (starting it again replaces the secret), not as a wrong code.
      const opened = await openTotpSecret(req.payload, options, account.id, state.sealedSecret)
      if (!opened) {
        throw await secretUnreadable(req, options, { account, stage: 'enrolment' })
      }
      if (
        enrolling.via === 'challenge' &&
        !(await claimChallengeAttempt(req, options, enrolling.challenge.id))
      ) {
        await consumeChallenge(req, enrolling.challenge.id)
        throw new BackofficeError('MFA_SESSION_EXPIRED', {
          req,
          cookies: [twoFactorCookie(req, options, 'challenge', null)],
        })
      }

      const verification = await verifyTotp(opened.secret, body.code, Date.now())
      if (!verification.valid) {
        await recordAuditEvent(req, {
          actor: enrolling.via === 'session' ? account : null,
          data: { factor: 'totp', reason: 'wrongCode', stage: 'enrolment' },
          event: 'twoFactor.challengeFailed',
          user: account,
        })
        throw new BackofficeError('TOTP_CODE_INVALID', { req })
      }
      if (
        !(await completeEnrolment(req.payload, options, account.id, {
          sealedSecret: opened.sealedSecret,
          timeStep: verification.timeStep,
        }))
      ) {
        // Another setup replaced the secret meanwhile, or a parallel request enabled it.
        throw new BackofficeError('TOTP_SETUP_FAILED', { req })
      }
      // From a session, that session stays. At a sign-in's enrolment, sessions opened before the
      // factor existed (enforcement switched on later) all end, before this one is made.
      await twoFactorTurnedOn(req, options, {
        account,
        by: { factor: 'totp' },
        keepSid: enrolling.via === 'session' ? enrolling.sessionId : null,
        via: enrolling.via === 'session' ? 'account' : 'signIn',
      })
      const message = requestText(req, 'twoFactorAccountActivated')
      const issued = await issueRecoveryCodes(req, options, account, {
        notify: false,
        onlyIfNone: true,
      })
      const recoveryCodes = issued?.codes ?? null

      if (enrolling.via === 'session') {
        return jsonResponse(
          req,
          { message, recoveryCodes, redirectTo: req.payload.config.routes.admin, success: true },
          new Headers({ 'Cache-Control': 'no-store' }),
        )
      }
      if (!(await consumeChallenge(req, enrolling.challenge.id))) {
        throw new BackofficeError('MFA_SESSION_EXPIRED', {
          req,
          cookies: [twoFactorCookie(req, options, 'challenge', null)],
        })
      }
      // The sign-in is complete: earlier failures are forgotten, unless a lock is running, and so
      // are wrong codes (a code of the new authenticator was right).
      await settleSuccess(req.payload, options, account.id, -1)
      await clearSecondFactorGuesses(req, options, account.id)
      return completeSignIn(req, options, {
        body: { recoveryCodes },
        factor: 'totpEnrolment',
        message,
        singleSignOn: enrolling.via === 'challenge' ? enrolling.challenge.singleSignOn : null,
        trustThisDevice: false,
        userId: account.id,
      })
    },
    method: 'post',
    path: '/mfa/totp/finish-enrollment',
    requires: [enrollingAccount(options)],
  })
