import type { PayloadRequest } from 'payload'

import { parseCookies } from 'payload'

import { isWellFormedToken } from '../../shared/lib/tokens.js'
import { twoFactorCookieNames } from './constants.js'

/**
 * Why a second step without a live challenge is refused: `MFA_TOKEN_INVALID` when the request carries
 * a challenge cookie that is not one of our tokens (altered or made up: no server ever set it),
 * `MFA_SESSION_EXPIRED` when there is none or a well-formed one that is unknown, expired or used,
 * the normal end of a challenge. A client can tell a broken client or an attack from a timeout.
 */
export const challengeRefusalCode = (
  req: Pick<PayloadRequest, 'headers' | 'payload'>,
): 'MFA_SESSION_EXPIRED' | 'MFA_TOKEN_INVALID' => {
  const value = parseCookies(req.headers).get(
    twoFactorCookieNames(req.payload.config.cookiePrefix).challenge,
  )
  return value && !isWellFormedToken(value) ? 'MFA_TOKEN_INVALID' : 'MFA_SESSION_EXPIRED'
}
