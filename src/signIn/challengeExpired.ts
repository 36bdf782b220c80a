import type { PayloadRequest } from 'payload'

import type { SanitizedBackofficeOptions } from '../shared/options/types.js'

import { challengeRefusalCode } from '../policies/twoFactor/challengeRefusalCode.js'
import { twoFactorCookie } from '../policies/twoFactor/cookies.js'
import { BackofficeError } from '../shared/errors/BackofficeError.js'

/**
 * The refusal of a second step whose challenge is gone (expired, used, or out of attempts) or whose
 * account no longer signs in: the challenge cookie is cleared and the password must be given again,
 * so the lockout decides how soon the next codes can be tried. A cookie that was never a challenge
 * token of ours is refused the same way, as `MFA_TOKEN_INVALID`.
 */
export const challengeExpired = (req: PayloadRequest, options: SanitizedBackofficeOptions) =>
  new BackofficeError(challengeRefusalCode(req), {
    cookies: [twoFactorCookie(req, options, 'challenge', null)],
    redirectTo: `${req.payload.config.routes.admin}${req.payload.config.admin.routes.login}`,
    req,
  })
