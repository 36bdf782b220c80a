import type { CollectionBeforeLoginHook } from 'payload'

import type { TotpConfig } from '../../policies/twoFactor/fields.js'
import type { SanitizedBackofficeOptions } from '../../shared/options/types.js'

import { recognisedDevice, secondFactorNeedOf } from '../../policies/twoFactor/secondFactorDue.js'
import { readTwoFactorContext, twoFactorContextKey } from '../../shared/request/context.js'
import { SecondFactorRequired } from '../SecondFactorRequired.js'

/**
 * Runs in every Payload login after the password was accepted (the login form, the password-setting
 * flows, the Local API): unless this account's second factor was just verified, an account with one
 * enabled, or one that must enrol, gets no session. Throwing rolls back the session Payload had added,
 * inside its transaction, so no token, cookie or session record exists before the second factor.
 *
 * The one exception is a trusted device: a device cookie whose hash is on this very account and has not
 * expired, and, where the account's role requires a passkey, that was trusted after one
 * (`recognisedDevice`). Its token is rotated once the session exists (see passwordSignIn.ts).
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
    const need = await secondFactorNeedOf(req, options, account)
    if (need === 'none') {
      return user
    }
    if (need === 'challenge') {
      const device = await recognisedDevice(req, options, account)
      if (device) {
        req.context[twoFactorContextKey] = { ...context, trustedDevice: device }
        return user
      }
    }
    throw new SecondFactorRequired(req, account.id, need)
  }
