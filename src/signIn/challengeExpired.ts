import type { PayloadRequest } from 'payload'

import type { SanitizedBackofficeOptions } from '../options/types.js'

import { BackofficeError } from '../errors/BackofficeError.js'
import { challengeRefusalCode } from '../twoFactor/challengeRefusalCode.js'
import { twoFactorCookie } from '../twoFactor/cookies.js'

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
