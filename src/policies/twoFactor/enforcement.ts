import type { SanitizedBackofficeOptions } from '../../shared/options/types.js'
import type { TotpConfig } from './fields.js'

/** What stands between a correct password and a session: nothing, a code, or enrolment first. */
export type SecondFactorNeed = 'challenge' | 'enrol' | 'none'

/** Whether the enforcement option makes a second factor compulsory for this account. */
export const mustUseSecondFactor = (
  user: Record<string, unknown>,
  options: SanitizedBackofficeOptions,
): boolean => {
  const { enforcement } = options.twoFactor
  if (enforcement === 'optional') {
    return false
  }
  if (enforcement === 'required') {
    return true
  }
  const held = user[options.roles.field]
  const roles = Array.isArray(held) ? held : [held]
  return roles.some((role) => typeof role === 'string' && enforcement.roles.includes(role))
}

/**
 * An enabled second factor (an authenticator app, or a passkey) is always asked for. Without one, enrolment comes first when it is
 * compulsory, or when an approved reset request removed the account's factor (set up again at the next
 * sign-in, even where two-factor is optional: the person asked for it to be replaced).
 */
export const secondFactorNeed = (
  user: Record<string, unknown>,
  totpConfig: null | Pick<TotpConfig, 'setupRequired' | 'status'> | undefined,
  options: SanitizedBackofficeOptions,
  /** Whether the account has a passkey (see passkeys/passkeyStore.ts `hasPasskey`). */
  hasPasskey: boolean,
): SecondFactorNeed => {
  if (totpConfig?.status === 'enabled' || (hasPasskey && options.passkeys.enabled)) {
    return 'challenge'
  }
  return totpConfig?.setupRequired === true || mustUseSecondFactor(user, options) ? 'enrol' : 'none'
}
