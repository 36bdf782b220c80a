import type { SanitizedBackofficeOptions } from './types.js'

/**
 * The plugin's defaults, in one place. Each security number names its source so a reviewer can
 * check it (see ../shared/SECURITY-BAR.md in the project for the bar these follow).
 */
export const defaults: SanitizedBackofficeOptions = {
  enabled: true,
  lockout: {
    // NIST SP 800-63B §5.2.2 suggests waits that start at 30 seconds and grow to an hour.
    baseDelaySeconds: 30,
    maxDelaySeconds: 3600,
    // NIST SP 800-63B §5.2.2 caps consecutive failures at 100; Directus suspends after 25. With the
    // waits above, 20 failures take an attacker about 8 hours of waiting, one guess at a time.
    suspendAfter: 20,
    // Payload's own `maxLoginAttempts` default: five tries before anything slows down, enough for a
    // person with a mistyped password, far too few for guessing.
    threshold: 5,
  },
  roles: { admin: 'admin', field: 'roles' },
  translations: {},
  // OWASP ASVS 5.0 16.2.1 wants the client's address in security events; X-Forwarded-For is only
  // trustworthy when the app's own proxy writes it.
  trustProxy: false,
  usersCollection: 'users',
}
