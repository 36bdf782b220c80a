import type { SanitizedBackofficeOptions } from './types.js'

/**
 * The plugin's defaults, in one place. Each security number names its source so a reviewer can
 * check it (see ../shared/SECURITY-BAR.md in the project for the bar these follow).
 */
export const defaults: SanitizedBackofficeOptions = {
  audit: {
    collections: [],
    // PCI DSS v4.0.1 requirement 10.5.1: "Retain audit log history for at least 12 months, with at
    // least the most recent three months immediately available for analysis". OWASP ASVS 5.0 16.1.1
    // only asks that the retention period be documented, and names no number. 365 days is one year
    // except across a leap day; apps assessed under PCI DSS may want 366 or more.
    retentionDays: 365,
    slug: 'audit-log',
  },
  enabled: true,
  lockout: {
    // NIST SP 800-63B §5.2.2 suggests waits that start at 30 seconds and grow to an hour.
    baseDelaySeconds: 30,
    // ASVS 5.0 6.3.8: no difference between valid and invalid accounts, timing included. Directus
    // stalls every login to LOGIN_STALL_TIME (500 ms); here the slowest refusal (password hash plus
    // the audit entry) reached ~600 ms on a loaded 2-core machine, so the floor is set well above it.
    failureResponseMs: 1000,
    maxDelaySeconds: 3600,
    // NIST SP 800-63B §5.2.2 caps consecutive failures at 100; Directus suspends after 25. With the
    // waits above, 20 failures take an attacker about 8 hours of waiting, one guess at a time.
    suspendAfter: 20,
    // Payload's own `maxLoginAttempts` default: five tries before anything slows down, enough for a
    // person with a mistyped password, far too few for guessing.
    threshold: 5,
  },
  roles: { admin: 'admin', field: 'roles' },
  sessions: {
    slug: 'sessions',
    // How stale "last seen" may be, traded against one database write per session per interval.
    // It is a display value, not a timeout: sessions end when Payload's token expires
    // (`auth.tokenExpiration`, 2 hours by default, extended by each refresh), or on revocation.
    // OWASP ASVS 5.0 V7.3 asks for both an idle and an absolute timeout, chosen by risk; Payload's
    // expiry is an idle timeout only when the admin refreshes the token on activity, and there is no
    // absolute limit unless the app sets one: documented for integrators in the README.
    touchIntervalSeconds: 300,
  },
  translations: {},
  // OWASP ASVS 5.0 16.2.1 wants the client's address in security events; X-Forwarded-For is only
  // trustworthy when the app's own proxy writes it.
  trustProxy: false,
  usersCollection: 'users',
}
