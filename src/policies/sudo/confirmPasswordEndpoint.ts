import type { Endpoint, PayloadRequest } from 'payload'

import * as z from 'zod'

import type { SanitizedBackofficeOptions } from '../../shared/options/types.js'
import type { SessionUser } from '../../shared/request/requestUser.js'

import { readAccount } from '../../shared/accounts/staffAccount.js'
import { backofficeEndpoint } from '../../shared/endpoint/backofficeEndpoint.js'
import { BackofficeError } from '../../shared/errors/BackofficeError.js'
import { secondsUntil } from '../../shared/lib/secondsUntil.js'
import { passwordField } from '../../shared/request/passwordField.js'
import { passwordRefusal } from '../../shared/request/passwordRefusal.js'
import { signedInSession } from '../../shared/request/signedInSession.js'
import { attemptCredential } from '../lockout/attemptCredential.js'
import { knownBrowserOf } from '../lockout/knownBrowsers.js'
import { matchesStoredPassword } from '../passwords/matchesStoredPassword.js'
import { sessionConfirmed } from './sessionConfirmed.js'

const confirmRequest = z.object({ password: passwordField })

const confirmPassword = async (
  req: PayloadRequest,
  options: SanitizedBackofficeOptions,
  {
    password,
    sessionId,
    viewer,
  }: { sessionId: string; viewer: SessionUser } & z.output<typeof confirmRequest>,
): Promise<Response> => {
  const account = await readAccount(req, options, viewer.id)
  if (!account) {
    throw new BackofficeError('AUTHENTICATION_REQUIRED', { req })
  }
  // An account signed in elsewhere (SSO) has no password here to confirm: it proves itself by
  // signing in again.
  if (account.identityProvider && account.identityProvider !== 'local') {
    throw new BackofficeError('WRONG_SIGN_IN_METHOD', { req })
  }

  const attempt = await attemptCredential(req, options, {
    account,
    audit: { actor: viewer, data: { factor: 'password' }, failedEvent: 'password.confirmFailed' },
    knownBrowser: knownBrowserOf(req, account.id),
    check: async () =>
      (await matchesStoredPassword(account, password))
        ? { correct: true, value: null }
        : { correct: false, reason: 'wrongPassword' },
  })
  if (attempt.kind === 'locked' || attempt.kind === 'lockedMeanwhile') {
    const lockedUntil = attempt.kind === 'locked' ? attempt.lockedUntil : null
    throw new BackofficeError('LOGIN_TEMPORARILY_BLOCKED', {
      req,
      ...(lockedUntil ? { retryAfterSeconds: secondsUntil(lockedUntil, new Date()) } : {}),
    })
  }
  if (attempt.kind === 'wrong') {
    throw new BackofficeError('CURRENT_PASSWORD_INCORRECT', { req })
  }
  return sessionConfirmed(req, options, { account, sid: sessionId })
}

/**
 * `POST /api/{users}/confirm-password` with `{ password }`: the signed-in user proves, again, that
 * the session is theirs, and for `sudo.windowMinutes` may make the changes that need it (GitHub's
 * "Sudo mode"). The password is one guess under the lockout, exactly like change password: a stolen
 * session must not become an unthrottled password oracle (NIST SP 800-63B 5.2.2).
 */
export const confirmPasswordEndpoint = (options: SanitizedBackofficeOptions): Endpoint =>
  backofficeEndpoint({
    body: confirmRequest,
    handler: (req, { body, sessionId, viewer }) =>
      confirmPassword(req, options, { ...body, sessionId, viewer }),
    method: 'post',
    path: '/confirm-password',
    refuseBody: (req, _field, issue) => passwordRefusal(req, issue),
    requires: [signedInSession(options)],
  })
