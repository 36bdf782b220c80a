import type { SanitizedBackofficeOptions } from './types.js'

/**
 * The plugin's defaults, in one place. Security numbers added by later capabilities carry a comment
 * naming their source (OWASP ASVS 5.0, NIST SP 800-63B, Keycloak) so a reviewer can check them.
 */
export const defaults: SanitizedBackofficeOptions = {
  enabled: true,
  translations: {},
  usersCollection: 'users',
}
