import type { PayloadRequest } from 'payload'

import type { SanitizedBackofficeOptions } from '../options/types.js'

import { recordAuditEvent } from '../audit/recordAuditEvent.js'
import { BackofficeError } from '../errors/BackofficeError.js'
import { describeUserAgent } from '../lib/describeUserAgent.js'
import { noticeNewBrowser } from '../newBrowserNotice/noticeNewBrowser.js'
import { getClientInfo } from '../request/clientInfo.js'
import { type SingleSignOnContext, singleSignOnContextKey } from '../request/context.js'
import { twoFactorCookie } from '../twoFactor/cookies.js'
import { trustDevice } from '../twoFactor/trustedDevices.js'
import { mintSession } from './mintSession.js'
import { sessionResponse } from './sessionResponse.js'

/**
 * The end of a sign-in whose second factor (a code, a recovery code, or a finished enrolment) has just passed: the
 * session through the same path as every other sign-in, the challenge cookie cleared, and, when asked
 * for, this device trusted with a fresh token in its own cookie.
 */
export const completeSignIn = async (
  req: PayloadRequest,
  options: SanitizedBackofficeOptions,
  {
    factor,
    message,
    singleSignOn,
    trustThisDevice,
    userId,
  }: {
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
  let minted: Awaited<ReturnType<typeof mintSession>>
  try {
    minted = await mintSession(req, options, userId, {
      passwordless: factor === 'passkeySignIn',
    })
  } catch (error) {
    // Suspended while the code was being typed: the beforeLogin hooks refuse, as they would a password.
    if (error instanceof BackofficeError && error.code === 'ACCOUNT_SUSPENDED') {
      throw new BackofficeError('ACCOUNT_SUSPENDED', { req, cookies: [clearChallenge] })
    }
    throw error
  }
  const { collection, result } = minted
  const user = result.user as { id: number | string }
  const auditData = singleSignOn ? { factor, provider: singleSignOn.provider } : { factor }
  await recordAuditEvent(req, {
    actor: user,
    data: auditData,
    event: 'login.succeeded',
    user,
  })

  const response = sessionResponse(req, collection, result as never, {
    ...(message ? { message } : {}),
    redirectTo: req.payload.config.routes.admin,
    success: true,
  })
  response.headers.append('Set-Cookie', clearChallenge)
  response.headers.append('Set-Cookie', await noticeNewBrowser(req, result.user, auditData))
  if (trustThisDevice) {
    const client = getClientInfo(req, options)
    const { browser, os } = describeUserAgent(client.userAgent)
    const { device, token } = await trustDevice(req.payload, options, userId, {
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
    response.headers.append(
      'Set-Cookie',
      twoFactorCookie(req, options, 'trustedDevice', {
        maxAgeSeconds: options.twoFactor.trustedDeviceDays * 86_400,
        token,
      }),
    )
  }
  return response
}
