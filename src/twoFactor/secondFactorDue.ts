import type { PayloadRequest } from 'payload'

import type { SanitizedBackofficeOptions } from '../options/types.js'
import type { TotpConfig } from './fields.js'

import { readTwoFactorCookie } from './cookies.js'
import { type SecondFactorNeed, secondFactorNeed } from './enforcement.js'
import { hasPasskey } from './passkeys/passkeyStore.js'
import { findTrustedDevice, type TrustedDeviceMatch } from './trustedDevices.js'

type Account = { id: number | string; totpConfig?: null | TotpConfig } & Record<string, unknown>

/**
 * What stands between this account's first factor and a session (see twoFactor/enforcement.ts).
 * Whether a passkey is a factor matters only without an app, so only then is it read: as committed,
 * outside any sign-in's transaction.
 */
export const secondFactorNeedOf = async (
  req: PayloadRequest,
  options: SanitizedBackofficeOptions,
  account: Account,
): Promise<SecondFactorNeed> => {
  const withPasskey =
    account.totpConfig?.status !== 'enabled' &&
    options.passkeys.enabled &&
    (await hasPasskey(req.payload, account.id))
  return secondFactorNeed(account, account.totpConfig, options, withPasskey)
}

/**
 * The trusted device this browser proves for `accountId`: its device cookie's hash on this very
 * account, not expired. Read as committed (a read never waits on a sign-in's locks).
 */
export const recognisedDevice = async (
  req: PayloadRequest,
  accountId: number | string,
): Promise<null | TrustedDeviceMatch> => {
  const token = readTwoFactorCookie(req, 'trustedDevice')
  return token ? findTrustedDevice(req.payload, accountId, token) : null
}
