import type { Endpoint } from 'payload'

import * as z from 'zod'

import type { SanitizedBackofficeOptions } from '../../shared/options/types.js'

import { assertPasswordAllowed } from '../../policies/passwordPolicy/assertPasswordAllowed.js'
import { isLocalAccount } from '../../shared/accounts/signInMethod.js'
import { backofficeEndpoint } from '../../shared/endpoint/backofficeEndpoint.js'
import { BackofficeError } from '../../shared/errors/BackofficeError.js'
import { hashToken } from '../../shared/lib/tokens.js'
import { sameSite } from '../../shared/request/sameSite.js'
import { signInWithNewPassword } from '../../signIn/signInWithNewPassword.js'
import { hasOpenInvitation } from './accounts.js'
import { completePasswordReset } from './completePasswordReset.js'
import { isResetToken } from './isResetToken.js'
import { findAccountByResetToken } from './resetTokenStore.js'

/** The token, then the password, in the order they are refused; the password's length is the policy's. */
const resetRequest = z.object({
  token: z.custom<string>(isResetToken),
  password: z.string().min(1),
})

/**
 * `POST /api/{users}/reset-password` with `token` and `password`, in place of Payload's own (which
 * compares plain-text tokens and saves the password past the collection's hooks). In order:
 * - the token's shape, then the policy for the new password (with the account's own email and name as
 *   weak words): a refused password spends nothing, and the same link can be used again;
 * - the token is spent atomically, so of two parallel resets exactly one wins; invalid, expired or
 *   already used: 400 TOKEN_INVALID_OR_EXPIRED, whichever it was;
 * - the password is saved through the Local API (hooks, audit, other sessions ended), a suspension is
 *   lifted, the lockout's counters are cleared;
 * - the person is signed in through `signInWithNewPassword`, the one place flows like this one mint a
 *   session, where a second factor will step in: a reset never bypasses it (ASVS 5.0 6.4.3).
 */
export const resetPasswordEndpoint = (options: SanitizedBackofficeOptions): Endpoint =>
  backofficeEndpoint({
    body: resetRequest,
    handler: async (req, { body: { password, token } }) => {
      // A reset acts for whoever holds the emailed token, not for a session the request may carry: as
      // anonymous, every session of the account ends and the change is not taken for an own update.
      req.user = null
      const tokenHash = hashToken(token)
      const account = await findAccountByResetToken(req, options, tokenHash)
      if (
        !account ||
        typeof account.email !== 'string' ||
        !isLocalAccount(account) ||
        hasOpenInvitation(account)
      ) {
        throw new BackofficeError('TOKEN_INVALID_OR_EXPIRED', { req })
      }

      await assertPasswordAllowed(req, options, { password, user: account })
      if (!(await completePasswordReset(req, options, { account, password, tokenHash }))) {
        throw new BackofficeError('TOKEN_INVALID_OR_EXPIRED', { req })
      }
      return signInWithNewPassword(req, options, {
        email: account.email,
        factor: 'passwordReset',
        password,
      })
    },
    method: 'post',
    path: '/reset-password',
    refuseBody: (req, field) =>
      new BackofficeError(field === 'password' ? 'PASSWORD_REQUIRED' : 'TOKEN_INVALID_OR_EXPIRED', {
        req,
      }),
    requires: [sameSite],
  })
