import type { Collection, loginOperation, PayloadRequest } from 'payload'

import type { SanitizedBackofficeOptions } from '../options/types.js'
import type { SecondFactorNeed } from '../twoFactor/enforcement.js'

import { recordAuditEvent } from '../audit/recordAuditEvent.js'
import { requestText } from '../i18n/text.js'
import { sessionIdOf } from '../lib/sessionToken.js'
import { readTwoFactorContext } from '../request/context.js'
import { jsonResponse } from '../request/http.js'
import { endSessions } from '../sessions/endSessions.js'
import { openChallenge } from '../twoFactor/challenges.js'
import { twoFactorRoutes } from '../twoFactor/constants.js'
import { twoFactorCookie } from '../twoFactor/cookies.js'
import { rotateTrustedDevice } from '../twoFactor/trustedDevices.js'
import { sessionResponse } from './sessionResponse.js'

/** Where the admin shows the code prompt, or enrolment. */
export const twoFactorViewPath = (
  req: PayloadRequest,
  need: Exclude<SecondFactorNeed, 'none'>,
): string =>
  `${req.payload.config.routes.admin}${need === 'enrol' ? twoFactorRoutes.enrolment : twoFactorRoutes.challenge}`

/**
 * The answer to a correct password when a second factor is due: no session, only a challenge cookie
 * (httpOnly, SameSite, bound to this browser by being in it, and to the account server side), and
 * `redirectTo` the code prompt, or enrolment when the account must enrol first.
 */
export const challengeResponse = async (
  req: PayloadRequest,
  options: SanitizedBackofficeOptions,
  { need, userId }: { need: Exclude<SecondFactorNeed, 'none'>; userId: number | string },
): Promise<Response> => {
  const { token } = await openChallenge(req, options, userId)
  // Written on its own: the sign-in that asked for the challenge was rolled back on purpose.
  await recordAuditEvent(req, {
    actor: null,
    data: { need },
    event: 'twoFactor.challengeStarted',
    user: { id: userId },
  })
  const headers = new Headers()
  headers.append(
    'Set-Cookie',
    twoFactorCookie(req, options, 'challenge', {
      maxAgeSeconds: options.twoFactor.challengeMinutes * 60,
      token,
    }),
  )
  return jsonResponse(
    req,
    {
      message: requestText(req, 'errorMfaRequired'),
      redirectTo: twoFactorViewPath(req, need),
      secondFactor: need === 'enrol' ? 'enrolmentRequired' : 'codeRequired',
    },
    headers,
  )
}

type LoginResult = Awaited<ReturnType<typeof loginOperation>>

/**
 * The answer to a completed password sign-in. When a trusted device let it skip the code, the
 * device's token is rotated first (one use per token); if that fails because a parallel sign-in used
 * the same token, or the device was removed meanwhile, the session just made is ended and a code is
 * asked for after all.
 */
export const passwordSignInResponse = async (
  req: PayloadRequest,
  options: SanitizedBackofficeOptions,
  collection: Collection,
  result: LoginResult,
): Promise<Response> => {
  const { trustedDevice } = readTwoFactorContext(req.context)
  if (!trustedDevice) {
    return sessionResponse(req, collection, result)
  }
  const user = result.user as { id: number | string }
  const userId = user.id
  const rotated = await rotateTrustedDevice(req.payload, userId, trustedDevice)
  if (!rotated) {
    const sid = await sessionIdOf(result.token, req.payload.secret)
    if (sid) {
      await endSessions(req, { onlySid: sid, reason: 'trustedDeviceReused', userId })
    }
    return challengeResponse(req, options, { need: 'challenge', userId })
  }
  await recordAuditEvent(req, {
    actor: user,
    data: { factor: 'trustedDevice' },
    event: 'twoFactor.challengeSucceeded',
    user,
  })
  const response = sessionResponse(req, collection, result)
  response.headers.append(
    'Set-Cookie',
    twoFactorCookie(req, options, 'trustedDevice', {
      maxAgeSeconds: Math.max(1, Math.floor((rotated.expiresAt.getTime() - Date.now()) / 1000)),
      token: rotated.token,
    }),
  )
  return response
}
