import type { PayloadRequest } from 'payload'

import { AuthenticationError } from 'payload'

import type { SanitizedBackofficeOptions } from '../shared/options/types.js'

import { twoFactorCookie } from '../policies/twoFactor/cookies.js'
import { trustDevice } from '../policies/twoFactor/trustedDevices/trustedDevices.js'
import { recordAuditEvent } from '../shared/audit/recordAuditEvent.js'
import { BackofficeError } from '../shared/errors/BackofficeError.js'
import { describeUserAgent } from '../shared/lib/describeUserAgent.js'
import { getClientInfo } from '../shared/request/clientInfo.js'
import {
  type SingleSignOnContext,
  singleSignOnContextKey,
  twoFactorContextKey,
} from '../shared/request/context.js'
import { readAccountToSignIn } from './readAccountToSignIn.js'
import { type LoginResult, replayLogin } from './replayLogin.js'
import { signInSucceeded } from './signInSucceeded.js'

/**
 * The end of a sign-in whose second factor (a code, a recovery code, a passkey, a finished
 * enrolment) or passkey alone has just passed: the session through the same replay of Payload's
 * login as every other sign-in (its `beforeLogin` hooks told that the second factor is done), the
 * challenge cookie cleared, and, when asked for, this device trusted with a fresh token in its own
 * cookie.
 */
export const completeSignIn = async (
  req: PayloadRequest,
  options: SanitizedBackofficeOptions,
  {
    body,
    cookies: moreCookies = [],
    factor,
    message,
    singleSignOn,
    trustThisDevice,
    userId,
  }: {
    /** More for the answer (the recovery codes a finished enrolment issued); never cached then. */
    body?: Record<string, unknown>
    /** More cookies the sign-in sets (a spent passkey challenge cleared, say). */
    cookies?: string[]
    /** `passkeySignIn`: a passkey alone, with no password before it. */
    factor:
      'passkey' | 'passkeySignIn' | 'recoveryCode' | 'totp' | 'totpEnrolment' | 'trustedDevice'
    message?: string
    /** The challenge's first factor was this single sign-on (see request/context.ts). */
    singleSignOn: null | SingleSignOnContext
    trustThisDevice: boolean
    userId: number | string
  },
): Promise<Response> => {
  const clearChallenge = twoFactorCookie(req, options, 'challenge', null)
  if (singleSignOn) {
    req.context[singleSignOnContextKey] = singleSignOn
  }
  const { payload } = req
  const collection = payload.collections[options.usersCollection]!
  const account = await readAccountToSignIn(req, options.usersCollection, {
    id: { equals: userId },
  })
  if (!account) {
    // Deleted while the code was being typed: nobody to sign in.
    throw new AuthenticationError(req.t)
  }
  // Tells the two-factor `beforeLogin` hook that this account's second factor is done.
  req.context[twoFactorContextKey] = {
    verifiedUserId: userId,
    ...(factor === 'passkeySignIn' ? { passwordless: true } : {}),
  }
  let result: LoginResult
  try {
    result = await replayLogin(req, collection, { account })
  } catch (error) {
    // Suspended while the code was being typed: the beforeLogin hooks refuse, as they would a password.
    if (error instanceof BackofficeError && error.code === 'ACCOUNT_SUSPENDED') {
      throw new BackofficeError('ACCOUNT_SUSPENDED', { req, cookies: [clearChallenge] })
    }
    throw error
  }
  const user = result.user as { id: number | string }
  // Every cookie of this sign-in goes to its one ending: the cleared challenge, the caller's, and
  // the trusted device's when asked for (trusted once the session exists, before it is answered).
  const cookies = [clearChallenge, ...moreCookies]
  if (trustThisDevice) {
    const client = getClientInfo(req, options)
    const { browser, os } = describeUserAgent(client.userAgent)
    const { device, token } = await trustDevice(payload, options, userId, {
      afterPasskey: factor === 'passkey',
      browser,
      os,
    })
    await recordAuditEvent(req, {
      actor: user,
      data: { browser, deviceId: device.id, os },
      event: 'twoFactor.deviceTrusted',
      user,
    })
    cookies.push(
      twoFactorCookie(req, options, 'trustedDevice', {
        maxAgeSeconds: options.twoFactor.trustedDeviceDays * 86_400,
        token,
      }),
    )
  }
  return signInSucceeded(req, collection, result, {
    audit: singleSignOn ? { factor, provider: singleSignOn.provider } : { factor },
    body: {
      ...body,
      ...(message ? { message } : {}),
      redirectTo: payload.config.routes.admin,
      success: true,
    },
    cookies,
    noStore: body !== undefined,
  })
}
