import type { SanitizedBackofficeOptions } from '../../../shared/options/types.js'

/**
 * Whether the account's roles require a phishing-resistant factor (the `passkeys.requiredForRoles`
 * option): once such an account has a passkey, only the passkey finishes its sign-in.
 */
export const passkeyRequiredFor = (
  user: Record<string, unknown>,
  options: SanitizedBackofficeOptions,
): boolean => {
  const { enabled, requiredForRoles } = options.passkeys
  if (!enabled || requiredForRoles.length === 0) {
    return false
  }
  const held = user[options.roles.field]
  const roles = Array.isArray(held) ? held : [held]
  return roles.some((role) => typeof role === 'string' && requiredForRoles.includes(role))
}
