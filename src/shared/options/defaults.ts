import type { SanitizedBackofficeOptions } from './types.js'

/**
 * The plugin's defaults, in one place. Each security number names its source so a reviewer can
 * check it (OWASP ASVS 5.0, NIST SP 800-63B, or the RFC named).
 */
export const defaults: SanitizedBackofficeOptions = {
  apiKeys: {
    // A key is one secret that signs its holder in with no second factor and lasts until removed.
    // NIST SP 800-63B §4.2 asks two factors at AAL2 and re-authentication every 12 hours (§4.2.3),
    // neither of which a key can give; OWASP ASVS 5.0 V6 wants every way into an account held to the
    // same strength, and V7 (7.4.2, 7.4.3) that access ends with suspension and credential changes.
    // Keycloak puts no keys on people's accounts (machines get service-account clients), and Directus
    // documents its never-expiring static tokens as "less secure", for server-to-server use. So staff
    // accounts get none until the integrator opts in.
    enabled: false,
  },
  audit: {
    collections: [],
    // OWASP ASVS 5.0 16.4.3 asks that logs go to a logically separate system; one log line per entry
    // lets any log shipper carry them there, at no cost to apps that ship nothing.
    log: true,
    // PCI DSS v4.0.1 requirement 10.5.1: "Retain audit log history for at least 12 months, with at
    // least the most recent three months immediately available for analysis". OWASP ASVS 5.0 16.1.1
    // only asks that the retention period be documented, and names no number. 365 days is one year
    // except across a leap day; apps assessed under PCI DSS may want 366 or more.
    retentionDays: 365,
    slug: 'audit-log',
  },
  // On, as GitHub, Google and Microsoft tell of sign-ins from new devices (ASVS 5.0 6.3.5).
  emails: { defaultLanguage: 'en', newBrowserNotice: true },
  enabled: true,
  invitations: {
    // Directus' invite links last 7 days; Keycloak's "execute actions" email lasts 12 hours. An
    // invitation goes to someone who may be away: 7 days, single-use, stored only as a hash (ASVS 5.0 6.4.1).
    expiryDays: 7,
  },
  lockout: {
    // NIST SP 800-63B §5.2.2 suggests waits that start at 30 seconds and grow to an hour.
    baseDelaySeconds: 30,
    // One address spraying many accounts (OWASP Credential Stuffing Prevention Cheat Sheet, rate
    // limiting by IP). 100 failures in 10 minutes is far above what an office behind one address
    // mistypes, and caps a single source at 14,400 guesses a day instead of whatever it can send.
    clientFailureLimit: 100,
    clientWindowSeconds: 600,
    // ASVS 5.0 6.3.8: no difference between valid and invalid accounts, timing included. Directus
    // stalls every login to LOGIN_STALL_TIME (500 ms); here the slowest refusal (password hash plus
    // the audit entry) reached ~600 ms on a loaded 2-core machine, so the floor is set well above it.
    failureResponseMs: 1000,
    maxDelaySeconds: 3600,
    // NIST SP 800-63B §5.2.2 caps consecutive failures at 100; Directus suspends after 25. With the
    // waits above, 20 failures take an attacker about 8 hours of waiting, one guess at a time. It is
    // also the budget of wrong second-factor codes, which a password reset does not refill: a reset
    // proves the mailbox, never the second factor (ASVS 5.0 6.4.3).
    suspendAfter: 20,
    // Payload's own `maxLoginAttempts` default: five tries before anything slows down, enough for a
    // person with a mistyped password, far too few for guessing.
    threshold: 5,
  },
  // Off until a token is set: the metrics say how many sign-ins fail, which is nobody else's business.
  metrics: { token: null },
  passwordPolicy: {
    breachedPasswords: {
      // ASVS 5.0 6.2.12 (level 2) asks for a breached-password check; it sends a hash prefix to a
      // third party, so integrators opt in.
      enabled: false,
      rangeUrl: 'https://api.pwnedpasswords.com/range/',
      timeoutMs: 3000,
    },
    // ASVS 5.0 6.2.5 and NIST SP 800-63B §3.1.1.2: no composition rules by default.
    characterClassMinimums: { lowercase: 0, number: 0, special: 0, uppercase: 0 },
    // ASVS 5.0 6.2.9 asks to accept at least 64 characters; 256 leaves room for passphrases while
    // bounding the hashing work per request. Never truncated (6.2.8).
    maxLength: 256,
    minCharacterClasses: 0,
    // ASVS 5.0 6.2.1 sets 8 as the floor and NIST SP 800-63B-4 §3.1.1.2 asks 15 where the password is
    // the only factor, 8 with a second one. Better Auth's default is 8 and Directus has none; 12, with
    // the strength score below, keeps passphrases easy and short guessable words out.
    minLength: 12,
    // zxcvbn score 3 ("secure"): at least 1e8 guesses, safe against online attacks and slow offline
    // hashing (ASVS 5.0 6.2.4 and 6.2.12 ask for checks against common and contextual passwords).
    minScore: 3,
  },
  passwordReset: {
    // ASVS 5.0 6.4.1: recovery tokens short-lived; Payload's own default is 1 hour, Keycloak's 5 minutes
    // for the action token. An hour lets an email arrive and be read, and the token is single-use.
    expiryHours: 1,
  },
  // None until Payload's secret is rotated; only the current secret ever signs or encrypts.
  previousSecrets: [],
  roles: { admin: 'admin', administratorEmails: [], field: 'roles' },
  sessions: {
    // NIST SP 800-63B 4.2.3: at AAL2, re-authentication "at least once per 12 hours during an extended
    // usage session, regardless of user activity"; OWASP ASVS 5.0 7.3.2 asks for an absolute timeout.
    absoluteLifetimeHours: 12,
    slug: 'sessions',
    // How stale "last seen" may be, traded against one database write per session per interval.
    // It is a display value, not a timeout: sessions end when Payload's token expires
    // (`auth.tokenExpiration`, 2 hours by default, extended by each refresh, which makes it the idle
    // timeout), at `absoluteLifetimeHours`, or when they are ended.
    touchIntervalSeconds: 300,
  },
  sso: {
    accountsSlug: 'accounts',
    providers: [],
    // OWASP ASVS 5.0 10.4.3 wants an authorization code used within 10 minutes (RFC 6749 §4.1.2 says
    // at most 10); the whole round trip to the provider is held to the same bound.
    transactionMinutes: 10,
  },
  passkeys: {
    // A second factor every account may add, as in Better Auth's passkey plugin and Keycloak.
    enabled: true,
    origins: [],
    // Opt-in, as in Keycloak (a flow the administrator adds) and Better Auth (its own sign-in call):
    // it makes the passkey the only thing between an attacker and the account.
    passwordless: false,
    // NIST SP 800-63B-4 §2.3.2 makes a phishing-resistant authenticator the AAL3 floor, and OWASP
    // ASVS 5.0 6.6 asks for one at level 3: an integrator names the roles; none by default.
    requiredForRoles: [],
    rpId: null,
    // WebAuthn Level 3 §15.1 recommends 300 s for a ceremony with user verification; its challenge is
    // single use and stored server side, so it lasts exactly as long (ASVS 5.0 6.4.1).
    timeoutSeconds: 300,
  },
  sudo: {
    // GitHub's "Sudo mode" (docs.github.com, "Sudo mode") asks for the password again before sensitive
    // account changes unless it was given in the last few minutes; OWASP ASVS 5.0 V7.5 asks for a
    // re-authentication before changes to an account's email, factors and recovery. Ten minutes is
    // long enough to finish one settings task after signing in, short enough that a session taken
    // over later (a stolen cookie, an unlocked laptop) cannot redirect the account's mail or factors.
    windowMinutes: 10,
  },
  translations: {},
  // OWASP ASVS 5.0 16.2.1 wants the client's address in security events; X-Forwarded-For is only
  // trustworthy when the app's own proxy writes it.
  trustProxy: false,
  twoFactor: {
    // Better Auth's two-factor cookie lasts 10 minutes. The challenge is a half-signed-in state (the
    // password is proven, the account is not), so it lasts long enough to open an authenticator app
    // and type a code, and no longer; it is single-use and only its hash is stored (ASVS 5.0 6.4.1).
    challengeMinutes: 5,
    // null: derived from Payload's secret with HKDF-SHA256 (RFC 5869). The secrets are encrypted with
    // AES-256-GCM, an approved authenticated cipher (ASVS 5.0 appendix C); TOTP secrets are
    // encrypted at rest, so a database dump alone does not give the second factor (ASVS 5.0 6.5.x).
    encryptionKey: null,
    // Payload, Better Auth and Directus all leave a second factor to each person unless told otherwise.
    enforcement: 'optional',
    // null: the admin's `meta.titleSuffix` without its separator, which is 'Payload' unless the app
    // changed it, so the authenticator app names the site the account belongs to.
    issuer: null,
    // Better Auth allows 5 codes per sign-in challenge. Each wrong code also counts toward the account
    // lockout above, shared with passwords as in Keycloak, so NIST SP 800-63B §5.2.2's cap of 100
    // consecutive failures per account holds across challenges.
    maxAttemptsPerChallenge: 5,
    // None until the key is rotated. Old keys only decrypt, never encrypt (NIST SP 800-57 Part 1
    // Rev. 5 §5.3.4: a key past its originator-usage period may still be used to process data it
    // protected).
    previousEncryptionKeys: [],
    recoveryCodes: {
      // Better Auth's backup codes default to 10 (`backupCodeOptions.amount`), Keycloak's recovery
      // authentication codes come as 12, GitHub gives 16. Ten covers years of lost phones; a new set
      // is one click (with a fresh proof) once they run low.
      count: 10,
    },
    // Better Auth's `trustDeviceMaxAge` default is 30 days. The token is random (256 bits), stored
    // only as a hash, rotated on every use and listed so it can be removed (ASVS 5.0 6.4.1, 7.5.2).
    trustedDeviceDays: 30,
  },
  usersCollection: 'users',
}
