import type { Endpoint, PayloadRequest } from 'payload'

import { headersWithCors } from 'payload'
import * as z from 'zod'

import type { SanitizedBackofficeOptions } from '../../shared/options/types.js'
import type { SessionUser } from '../../shared/request/requestUser.js'

import { attemptCredential } from '../../policies/lockout/attemptCredential.js'
import { knownBrowserOf } from '../../policies/lockout/knownBrowsers.js'
import { assertPasswordAllowed } from '../../policies/passwordPolicy/assertPasswordAllowed.js'
import { matchesStoredPassword } from '../../policies/passwords/matchesStoredPassword.js'
import { sendPasswordChangedEmail } from '../../policies/passwords/sendPasswordChangedEmail.js'
import { readAccount } from '../../shared/accounts/staffAccount.js'
import { backofficeEndpoint } from '../../shared/endpoint/backofficeEndpoint.js'
import { BackofficeError } from '../../shared/errors/BackofficeError.js'
import { requestText } from '../../shared/i18n/text.js'
import { secondsUntil } from '../../shared/lib/secondsUntil.js'
import { passwordField } from '../../shared/request/passwordField.js'
import { passwordRefusal } from '../../shared/request/passwordRefusal.js'
import { signedIn } from '../../shared/request/signedIn.js'
import { currentPasswordVerifiedKey } from './refuseOwnPasswordUpdate.js'

/** Both passwords, each refused as `passwordRefusal` says (the current one is checked first). */
const changeRequest = z.object({ currentPassword: passwordField, password: passwordField })

/** 403 "temporarily blocked", with when to try again when the lock's end is known. */
const blocked = (req: PayloadRequest, lockedUntil: Date | null): BackofficeError =>
  new BackofficeError('LOGIN_TEMPORARILY_BLOCKED', {
    req,
    ...(lockedUntil ? { retryAfterSeconds: secondsUntil(lockedUntil, new Date()) } : {}),
  })

const changeOwnPassword = async (
  req: PayloadRequest,
  options: SanitizedBackofficeOptions,
  { currentPassword, password, viewer }: { viewer: SessionUser } & z.output<typeof changeRequest>,
): Promise<Response> => {
  const { payload } = req
  const account = await readAccount(req, options, viewer.id)
  if (!account) {
    throw new BackofficeError('AUTHENTICATION_REQUIRED', { req })
  }
  if (account.identityProvider && account.identityProvider !== 'local') {
    throw new BackofficeError('PASSWORD_CHANGE_LOCAL_ONLY', { req })
  }

  const attempt = await attemptCredential(req, options, {
    account,
    audit: { actor: viewer, data: { factor: 'password' }, failedEvent: 'password.changeFailed' },
    knownBrowser: knownBrowserOf(req, account.id),
    check: async () =>
      (await matchesStoredPassword(account, currentPassword))
        ? { correct: true, value: null }
        : { correct: false, reason: 'wrongPassword' },
  })
  if (attempt.kind === 'locked' || attempt.kind === 'lockedMeanwhile') {
    throw blocked(req, attempt.kind === 'locked' ? attempt.lockedUntil : null)
  }
  if (attempt.kind === 'wrong') {
    throw new BackofficeError('CURRENT_PASSWORD_INCORRECT', { req })
  }
  // The current password is proven, so comparing the two strings is comparing against the stored hash.
  if (password === currentPassword) {
    throw new BackofficeError('PASSWORD_UNCHANGED', { req })
  }
  await assertPasswordAllowed(req, options, { password, user: account })

  req.context[currentPasswordVerifiedKey] = true
  try {
    await payload.update({
      id: account.id,
      collection: options.usersCollection,
      data: { password },
      depth: 0,
      overrideAccess: true,
      req,
    })
  } finally {
    delete req.context[currentPasswordVerifiedKey]
  }
  await sendPasswordChangedEmail(req, options, account)

  return Response.json(
    { message: requestText(req, 'changePasswordSuccess') },
    { headers: headersWithCors({ headers: new Headers(), req }) },
  )
}

/**
 * `POST /api/{users}/change-password` with `currentPassword` and `password`: the signed-in user's own
 * password, for local accounts only. The current password is checked as one guess under the lockout,
 * exactly like a sign-in (a stolen session must not become an unthrottled password oracle); then the
 * policy, then the update, whose hooks end every other session and audit `password.changed`; the
 * owner is told by email.
 */
export const changePasswordEndpoint = (options: SanitizedBackofficeOptions): Endpoint =>
  backofficeEndpoint({
    body: changeRequest,
    handler: (req, { body, viewer }) => changeOwnPassword(req, options, { ...body, viewer }),
    method: 'post',
    path: '/change-password',
    refuseBody: (req, _field, issue) => passwordRefusal(req, issue),
    requires: [signedIn(options)],
  })
