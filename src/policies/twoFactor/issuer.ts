import type { SanitizedConfig } from 'payload'

import type { SanitizedBackofficeOptions } from '../../shared/options/types.js'

/**
 * The name authenticator apps list the account under: the `issuer` option, else the admin's title
 * suffix without its separator (Payload's default suffix is "- Payload"), else "Payload". Colons are
 * dropped: the otpauth label uses one to separate issuer and account.
 */
export const totpIssuer = (
  config: SanitizedConfig,
  options: SanitizedBackofficeOptions,
): string => {
  if (options.twoFactor.issuer) {
    return options.twoFactor.issuer
  }
  const suffix = (config.admin?.meta?.titleSuffix ?? '')
    .replace(/:/g, '')
    .replace(/^[^\p{L}\p{N}]+/u, '')
    .trim()
  return suffix || 'Payload'
}
