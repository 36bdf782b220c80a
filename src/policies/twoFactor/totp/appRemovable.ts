import type { SanitizedBackofficeOptions } from '../../../shared/options/types.js'

import { mustUseSecondFactor } from '../enforcement.js'

/**
 * Whether an account may turn its authenticator app off itself: when `twoFactor.enforcement` does
 * not require a second factor of it, or a passkey remains to be one (the account stays protected,
 * as GitHub lets "Disable" through only where the organisation's policy allows).
 */
export const appRemovable = (
  account: Record<string, unknown>,
  options: SanitizedBackofficeOptions,
  passkeyLeft: boolean,
): boolean => passkeyLeft || !mustUseSecondFactor(account, options)
