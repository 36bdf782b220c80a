import type { PayloadRequest } from 'payload'

import type { SanitizedBackofficeOptions } from '../../shared/options/types.js'
import type { TotpConfig } from './fields.js'

import { readTwoFactorCookie } from './cookies.js'
import { type SecondFactorNeed, secondFactorNeed } from './enforcement.js'
import { hasPasskey } from './passkeys/passkeyStore.js'
import { passkeyRequiredFor } from './passkeys/requirement.js'
import { findTrustedDevice, type TrustedDeviceMatch } from './trustedDevices/trustedDevices.js'

type Account = { id: number | string; totpConfig?: null | TotpConfig } & Record<string, unknown>

/**
 * Whether the account has a passkey: from its row's `passkeys` join when it was read with it (a
 * sign-in reads the account so, as committed, before checking the password: see
 * readAccountToSignIn), else asked of the database.
 */
const accountHasPasskey = async (req: PayloadRequest, account: Account): Promise<boolean> => {
  const joined = (account.totpConfig as { passkeys?: unknown } | null | undefined)?.passkeys
  if (joined && typeof joined === 'object' && Array.isArray((joined as { docs?: unknown }).docs)) {
    return (joined as { docs: unknown[] }).docs.length > 0
  }
  return hasPasskey(req.payload, account.id)
}

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
    (await accountHasPasskey(req, account))
  return secondFactorNeed(account, account.totpConfig, options, withPasskey)
}

/**
 * The trusted device this browser proves for `account`, if it may stand in for the account's second
 * factor: its device cookie's hash on this very account, not expired. Read as committed (a read never
 * waits on a sign-in's locks).
 *
 * Where the account's role requires a passkey and it has one (`passkeys.requiredForRoles`), only a
 * device trusted at a sign-in that ended with a passkey may: one trusted after a code would let a
 * phishing proxy that relayed the code (and asked to trust its own browser) skip the passkey for
 * good. Google's Advanced Protection works the same way: the security key is asked for "the first
 * time you sign in on a new device" (support.google.com/accounts/answer/7539956), never replaced by
 * a weaker factor.
 */
export const recognisedDevice = async (
  req: PayloadRequest,
  options: SanitizedBackofficeOptions,
  account: Account,
): Promise<null | TrustedDeviceMatch> => {
  const token = readTwoFactorCookie(req, 'trustedDevice')
  const device = token ? await findTrustedDevice(req.payload, account.id, token) : null
  if (
    device &&
    !device.afterPasskey &&
    passkeyRequiredFor(account, options) &&
    (await hasPasskey(req.payload, account.id))
  ) {
    return null
  }
  return device
}
