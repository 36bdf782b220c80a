import type { Collection, PayloadRequest } from 'payload'

import type { SecondFactorNeed } from '../policies/twoFactor/enforcement.js'
import type { SanitizedBackofficeOptions } from '../shared/options/types.js'
import type { LoginResult } from './replayLogin.js'

import { endSessions } from '../policies/sessions/endSessions.js'
import { openChallenge } from '../policies/twoFactor/challenges.js'
import { twoFactorRoutes } from '../policies/twoFactor/constants.js'
import { twoFactorCookie } from '../policies/twoFactor/cookies.js'
import { rotateTrustedDevice } from '../policies/twoFactor/trustedDevices/trustedDevices.js'
import { recordAuditEvent } from '../shared/audit/recordAuditEvent.js'
import { requestText } from '../shared/i18n/text.js'
import { sessionIdOf } from '../shared/lib/sessionToken.js'
import { readSingleSignOnContext, readTwoFactorContext } from '../shared/request/context.js'
import { jsonResponse } from '../shared/request/http.js'
import { signInSucceeded } from './signInSucceeded.js'

/** Where the admin shows the code prompt, or enrolment. */
export const twoFactorViewPath = (
  req: PayloadRequest,
  need: Exclude<SecondFactorNeed, 'none'>,
): string =>
  `${req.payload.config.routes.admin}${need === 'enrol' ? twoFactorRoutes.enrolment : twoFactorRoutes.challenge}`

/**
 * A first factor passed and a second is due: no session, only a challenge (the token in an httpOnly,
 * SameSite cookie, bound to this browser by being in it, and to the account server side). Answers
 * the cookie and the admin page to go on to: the code prompt, or enrolment when the account must
 * enrol first.
 */
export const openSecondFactorChallenge = async (
  req: PayloadRequest,
  options: SanitizedBackofficeOptions,
  { need, userId }: { need: Exclude<SecondFactorNeed, 'none'>; userId: number | string },
): Promise<{ cookie: string; redirectTo: string }> => {
  const { token } = await openChallenge(req, options, userId, readSingleSignOnContext(req.context))
  // Written on its own: the sign-in that asked for the challenge was rolled back on purpose.
  await recordAuditEvent(req, {
    actor: null,
    data: { need },
    event: 'twoFactor.challengeStarted',
    user: { id: userId },
  })
  return {
    cookie: twoFactorCookie(req, options, 'challenge', {
      maxAgeSeconds: options.twoFactor.challengeMinutes * 60,
      token,
    }),
    redirectTo: twoFactorViewPath(req, need),
  }
}

/** The answer to a correct password when a second factor is due (see openSecondFactorChallenge). */
export const challengeResponse = async (
  req: PayloadRequest,
  options: SanitizedBackofficeOptions,
  challenge: { need: Exclude<SecondFactorNeed, 'none'>; userId: number | string },
  /** More cookies the answer sets (the browser's known-browser cookies, say). */
  cookies: string[] = [],
): Promise<Response> => {
  const { cookie, redirectTo } = await openSecondFactorChallenge(req, options, challenge)
  const headers = new Headers({ 'Set-Cookie': cookie })
  cookies.forEach((more) => headers.append('Set-Cookie', more))
  return jsonResponse(
    req,
    {
      message: requestText(req, 'errorMfaRequired'),
      redirectTo,
      secondFactor: challenge.need === 'enrol' ? 'enrolmentRequired' : 'codeRequired',
    },
    headers,
  )
}

/**
 * The answer to a completed password sign-in. When a trusted device let it skip the code, the
 * device's token is rotated first (one use per token); if that fails because a parallel sign-in used
 * the same token, or the device was removed meanwhile, the session just made is ended and a code is
 * asked for after all, and no sign-in is logged as succeeded.
 */
export const passwordSignInResponse = async (
  req: PayloadRequest,
  options: SanitizedBackofficeOptions,
  collection: Collection,
  result: LoginResult,
  audit: Record<string, unknown>,
  /** More cookies the sign-in sets (the browser's known-browser cookies, say). */
  cookies: string[] = [],
): Promise<Response> => {
  const { trustedDevice } = readTwoFactorContext(req.context)
  if (!trustedDevice) {
    return signInSucceeded(req, collection, result, { audit, cookies })
  }
  const user = result.user as { id: number | string }
  const userId = user.id
  const rotated = await rotateTrustedDevice(req.payload, userId, trustedDevice)
  if (!rotated) {
    const sid = await sessionIdOf(result.token, req.payload.secret)
    if (sid) {
      await endSessions(req, { onlySid: sid, reason: 'trustedDeviceReused', userId })
    }
    return challengeResponse(req, options, { need: 'challenge', userId }, cookies)
  }
  await recordAuditEvent(req, {
    actor: user,
    data: { factor: 'trustedDevice' },
    event: 'twoFactor.challengeSucceeded',
    user,
  })
  return signInSucceeded(req, collection, result, {
    audit,
    cookies: [
      ...cookies,
      twoFactorCookie(req, options, 'trustedDevice', {
        maxAgeSeconds: Math.max(1, Math.floor((rotated.expiresAt.getTime() - Date.now()) / 1000)),
        token: rotated.token,
      }),
    ],
  })
}
