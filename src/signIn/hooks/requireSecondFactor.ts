import type { CollectionBeforeLoginHook } from 'payload'

import type { SanitizedBackofficeOptions } from '../../options/types.js'
import type { TotpConfig } from '../../twoFactor/fields.js'

import { readTwoFactorContext, twoFactorContextKey } from '../../request/context.js'
import { readTwoFactorCookie } from '../../twoFactor/cookies.js'
import { secondFactorNeed } from '../../twoFactor/enforcement.js'
import { hasPasskey } from '../../twoFactor/passkeys/passkeyStore.js'
import { findTrustedDevice } from '../../twoFactor/trustedDevices.js'
import { SecondFactorRequired } from '../SecondFactorRequired.js'

/**
 * Runs in every Payload login after the password was accepted (the login form, the password-setting
 * flows, the Local API): unless this account's second factor was just verified, an account with one
 * enabled, or one that must enrol, gets no session. Throwing rolls back the session Payload had added,
 * inside its transaction, so no token, cookie or session record exists before the second factor.
 *
 * The one exception is a trusted device: a device cookie whose hash is on this very account and has not
 * expired. Its token is rotated once the session exists (see passwordSignIn.ts).
 */
export const requireSecondFactor =
  (options: SanitizedBackofficeOptions): CollectionBeforeLoginHook =>
  async ({ req, user }) => {
    const account = user as { id: number | string; totpConfig?: null | TotpConfig } & Record<
      string,
      unknown
    >
    const context = readTwoFactorContext(req.context)
    if (
      context.verifiedUserId !== undefined &&
      String(context.verifiedUserId) === String(account.id)
    ) {
      return user
    }
    // Whether a passkey is a factor matters only without an app; read as committed, outside the
    // login's transaction, like the trusted device below.
    const withPasskey =
      account.totpConfig?.status !== 'enabled' &&
      options.passkeys.enabled &&
      (await hasPasskey(req.payload, account.id))
    const need = secondFactorNeed(account, account.totpConfig, options, withPasskey)
    if (need === 'none') {
      return user
    }
    if (need === 'challenge') {
      const token = readTwoFactorCookie(req, 'trustedDevice')
      // Read as committed, outside the login's transaction (a read never waits on its locks).
      const device = token ? await findTrustedDevice(req.payload, account.id, token) : null
      if (device) {
        req.context[twoFactorContextKey] = { ...context, trustedDevice: device }
        return user
      }
    }
    throw new SecondFactorRequired(req, account.id, need)
  }
