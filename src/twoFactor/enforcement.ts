import type { SanitizedBackofficeOptions } from '../options/types.js'
import type { TotpStatus } from './fields.js'

/** What stands between a correct password and a session: nothing, a code, or enrolment first. */
export type SecondFactorNeed = 'challenge' | 'enrol' | 'none'

/** Whether the enforcement option makes a second factor compulsory for this account. */
export const mustUseSecondFactor = (user: Record<string, unknown>, options: SanitizedBackofficeOptions): boolean => {
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

/** An enabled second factor is always asked for; without one, enrolment only when it is compulsory. */
export const secondFactorNeed = (
  user: Record<string, unknown>,
  status: null | TotpStatus | undefined,
  options: SanitizedBackofficeOptions,
): SecondFactorNeed => {
  if (status === 'enabled') {
    return 'challenge'
  }
  return mustUseSecondFactor(user, options) ? 'enrol' : 'none'
}
