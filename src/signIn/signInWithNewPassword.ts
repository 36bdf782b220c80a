import type { PayloadRequest } from 'payload'

import { AuthenticationError } from 'payload'

import type { SanitizedBackofficeOptions } from '../shared/options/types.js'

import { forgetTrustedDevicesOf } from '../policies/twoFactor/trustedDevices/trustedDevices.js'
import { challengeResponse, passwordSignInResponse } from './passwordSignIn.js'
import { readAccountToSignIn } from './readAccountToSignIn.js'
import { type LoginResult, replayLogin } from './replayLogin.js'
import { SecondFactorRequired } from './SecondFactorRequired.js'

/**
 * Signs someone in right after they set their password (password reset, accepted invitation, first
 * user): through the same replay of Payload's login as the login form (replayLogin.ts), so every
 * `beforeLogin` hook (suspension, sessions and, once two-factor exists, its challenge) runs exactly
 * as for a sign-in with the login form. This is the one place such flows mint a session: a second
 * factor can never be bypassed by them (OWASP ASVS 5.0 6.4.3).
 */
export const signInWithNewPassword = async (
  req: PayloadRequest,
  options: SanitizedBackofficeOptions,
  {
    email,
    factor,
    password,
  }: { email: string; factor: 'invitation' | 'firstUser' | 'passwordReset'; password: string },
): Promise<Response> => {
  const collection = req.payload.collections[options.usersCollection]!
  if (factor === 'passwordReset') {
    // Whoever reset the password may not be the person who trusted those devices: every device
    // must pass the second factor again.
    await forgetTrustedDevicesOf(req, options, email)
  }
  const account = await readAccountToSignIn(req, options.usersCollection, {
    email: { equals: email.trim().toLowerCase() },
  })
  if (!account) {
    throw new AuthenticationError(req.t)
  }
  let result: LoginResult
  try {
    result = await replayLogin(req, collection, { account, password })
  } catch (error) {
    // A new password proves the mailbox (or the invitation), never the second factor.
    if (error instanceof SecondFactorRequired) {
      return challengeResponse(req, options, { need: error.need, userId: error.userId })
    }
    throw error
  }
  return passwordSignInResponse(req, options, collection, result, {
    factor: 'password',
    via: factor,
  })
}
