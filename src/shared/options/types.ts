import type { CollectionSlug } from 'payload'

import type { BackofficeLanguage, BackofficeTranslationOverrides } from '../translations/types.js'

/** The audit log: which content collections it follows, how long it keeps entries, its slug. */
export type AuditOptions = {
  /**
   * Slugs of content collections whose creation, changes, deletion, restoring and publishing are
   * logged, with the names of the fields that changed (never their values). Changes to staff accounts
   * are always logged; do not list the users collection here.
   * @default []
   */
  collections?: CollectionSlug[]
  /**
   * Also writes every entry as one structured line to Payload's logger (`payload.logger.info`, under
   * the key `audit`), redacted as the stored entry is, so a log shipper carries security events to a
   * SIEM. `false` keeps them in the audit log collection only.
   * @default true
   */
  log?: boolean
  /**
   * Days an entry is kept. A daily job in Payload's `default` queue deletes older ones; it runs only
   * where the app runs jobs (`jobs.autoRun`, or a cron calling `/api/payload-jobs/run`).
   * @default 365
   */
  retentionDays?: number
  /**
   * Slug of the audit log collection.
   * @default 'audit-log'
   */
  slug?: string
}

/** Metrics in Prometheus' text format at `GET /api/metrics`. */
export type MetricsOptions = {
  /**
   * The bearer token a scraper sends (`Authorization: Bearer <token>`), at least 32 characters (say
   * `openssl rand -hex 32`). Without it there is no metrics endpoint (404).
   * @default undefined
   */
  token?: string
}

/** How failed sign-ins are slowed down and, in the end, stopped. */
export type LockoutOptions = {
  /**
   * First wait, in seconds, once `threshold` consecutive failures are reached; each further failure
   * doubles it.
   * @default 30
   */
  baseDelaySeconds?: number
  /**
   * Sign-in attempts one client address may make within `clientWindowSeconds` (a sliding window),
   * whatever accounts they aim at, before its further sign-ins are refused as "temporarily blocked"
   * until the window frees up. Counted in the database before any password is checked, so exact
   * across app processes; a browser that has signed in to the account before is exempt (its own
   * wrong passwords count on its own lockout). Only with `trustProxy` (without it the address is
   * the client's claim).
   * @default 100
   */
  clientFailureLimit?: number
  /**
   * The window of `clientFailureLimit`, in seconds.
   * @default 600
   */
  clientWindowSeconds?: number
  /**
   * Every failed sign-in is answered no sooner than this many milliseconds after it arrived, so an
   * unknown email, a wrong password, a locked and a suspended account take the same time to refuse.
   * Keep it above the slowest refusal on your servers.
   * @default 1000
   */
  failureResponseMs?: number
  /**
   * Longest wait, in seconds.
   * @default 3600
   */
  maxDelaySeconds?: number
  /**
   * Consecutive failures after which the account is suspended until an administrator unblocks it or
   * the user resets the password; also wrong second-factor codes since the last right one, which
   * suspend it until an administrator unblocks it (a password reset does not). Must be above
   * `threshold`.
   * @default 20
   */
  suspendAfter?: number
  /**
   * Consecutive failed sign-ins allowed before the first wait.
   * @default 5
   */
  threshold?: number
}

/**
 * The sessions list: one document per Payload session, with where it came from and when it was
 * last used. Sessions last as long as Payload's `auth.tokenExpiration` on the users collection.
 */
export type SessionsOptions = {
  /**
   * Hours after sign-in at which a session ends whatever its activity: refreshing cannot keep it
   * alive past them, and its last token expires then at the latest.
   * @default 12
   */
  absoluteLifetimeHours?: number
  /**
   * Slug of the collection holding one document per session.
   * @default 'sessions'
   */
  slug?: string
  /**
   * Seconds between two writes of a session's "last seen" time: requests in between read nothing
   * and write nothing, so the time shown can lag by up to this much.
   * @default 300
   */
  touchIntervalSeconds?: number
}

/**
 * "Sudo mode": changes that would let a stolen session take the account over (its email address,
 * two-factor authentication, trusted devices, API keys) need the password to have been proved in
 * this session a short while before, at sign-in or by confirming it again.
 */
export type SudoOptions = {
  /**
   * Minutes after a session last proved its owner (sign-in, or confirming the password) during which
   * sensitive changes are allowed without asking for the password again.
   * @default 10
   */
  windowMinutes?: number
}

/** Characters of each class a password must contain; 0 means no rule for that class. */
export type CharacterClassMinimums = {
  /** @default 0 */
  lowercase?: number
  /** @default 0 */
  number?: number
  /** Anything that is not a letter or a digit. @default 0 */
  special?: number
  /** @default 0 */
  uppercase?: number
}

/** The k-anonymity "range" check against a list of breached passwords (Have I Been Pwned's API shape). */
export type BreachedPasswordOptions = {
  /**
   * Refuse passwords found in the breach list. Only the first five hex characters of the password's
   * SHA-1 leave the server (k-anonymity); if the service cannot be reached in time, the password is
   * judged on the other rules alone, so an outage never blocks sign-up.
   * @default false
   */
  enabled?: boolean
  /**
   * URL the five-character hash prefix is appended to; it must answer `SUFFIX:COUNT` lines.
   * @default 'https://api.pwnedpasswords.com/range/'
   */
  rangeUrl?: string
  /**
   * Milliseconds to wait for the range service.
   * @default 3000
   */
  timeoutMs?: number
}

/** The rules every new password must meet, on every path that sets one, and shown live in the admin. */
export type PasswordPolicyOptions = {
  /** Optional check against known breached passwords. */
  breachedPasswords?: BreachedPasswordOptions
  /** Per-class minimums (uppercase, lowercase, number, special). */
  characterClassMinimums?: CharacterClassMinimums
  /**
   * Longest password accepted. Passwords are never truncated.
   * @default 256
   */
  maxLength?: number
  /**
   * How many of the four character classes (uppercase, lowercase, number, special) must appear.
   * @default 0
   */
  minCharacterClasses?: number
  /**
   * Shortest password accepted.
   * @default 12
   */
  minLength?: number
  /**
   * Minimum zxcvbn strength score: 0 very weak, 1 weak, 2 okay, 3 secure, 4 very secure.
   * @default 3
   */
  minScore?: 0 | 1 | 2 | 3 | 4
}

/** Password reset by email. */
export type PasswordResetOptions = {
  /**
   * Hours a reset link stays valid.
   * @default 1
   */
  expiryHours?: number
}

/** Invitations: accounts created without a password, completed by the invited person. */
export type InvitationOptions = {
  /**
   * Days an invitation link stays valid.
   * @default 7
   */
  expiryDays?: number
}

/**
 * Who must use a second factor: `'optional'` (each person chooses), `'required'` (everyone) or
 * `{ roles: [...] }` (everyone holding one of these values of the roles field). A person who must
 * enrol and has not is sent to enrolment right after the password, with no session until it is done.
 */
export type TwoFactorEnforcement = 'optional' | 'required' | { roles: string[] }

/** Two-factor authentication with an authenticator app (TOTP). */
export type TwoFactorOptions = {
  /**
   * Minutes a sign-in challenge (password accepted, code not yet given) stays valid.
   * @default 5
   */
  challengeMinutes?: number
  /**
   * Key the TOTP secrets are encrypted with (AES-256-GCM), at least 32 characters of high entropy;
   * the actual key is derived from it with HKDF-SHA256. Without it the key is derived from Payload's
   * `secret` (list earlier secrets in `previousSecrets` when you change it).
   * @default derived from the Payload secret
   */
  encryptionKey?: string
  /**
   * Who must use a second factor.
   * @default 'optional'
   */
  enforcement?: TwoFactorEnforcement
  /**
   * Name authenticator apps show next to the account.
   * @default the admin's title suffix (Payload's own default: 'Payload')
   */
  issuer?: string
  /**
   * Wrong codes accepted on one challenge before it is spent and the password must be given again.
   * Every wrong code also counts toward the account's lockout.
   * @default 5
   */
  maxAttemptsPerChallenge?: number
  /**
   * Earlier values of `encryptionKey`, kept after a rotation so TOTP secrets encrypted with them
   * still open; each is re-encrypted with `encryptionKey` the next time it is used. Only
   * `encryptionKey` ever encrypts. Drop an old key once no secret needs it (see "Rotating keys").
   * @default []
   */
  previousEncryptionKeys?: string[]
  /** Recovery codes: single-use codes that stand in for the authenticator app at sign-in. */
  recoveryCodes?: RecoveryCodesOptions
  /**
   * Days a device marked "trust this device" signs in without a code.
   * @default 30
   */
  trustedDeviceDays?: number
}

/** Recovery codes, each usable once as the second factor when the authenticator app is lost. */
export type RecoveryCodesOptions = {
  /**
   * How many codes each generation gives (the earlier ones stop working).
   * @default 10
   */
  count?: number
}

/** Emails the plugin sends to staff. */
export type EmailOptions = {
  /**
   * Language of emails to users who have not chosen one (each user has a `language` field).
   * @default 'en'
   */
  defaultLanguage?: BackofficeLanguage
  /**
   * Emails an account's owner when it is signed in to from a browser it has not used before (any
   * sign-in method), with a "This wasn't me" link that ends every session and suspends the account.
   * @default true
   */
  newBrowserNotice?: boolean
}

/**
 * API keys of staff accounts, when the users collection has Payload's `auth.useAPIKey`. A key is a
 * long-lived bearer secret: whoever holds it is signed in without a password or a second factor.
 */
export type ApiKeysOptions = {
  /**
   * Let administrators give accounts an API key. Off: nobody can enable or set a key, and a key
   * already stored authenticates nobody. On: only administrators enable or set keys, a key of a
   * suspended account is refused, and a key ends with the account's sessions (suspension, a new
   * password, "end all sessions"). Without `auth.useAPIKey` this option changes nothing.
   * @default false
   */
  enabled?: boolean
}

/** The kinds of external provider the plugin knows the rules of. */
export type SsoProviderKind = 'google' | 'msft-entra' | 'oidc'

/** One single sign-on provider (OpenID Connect, authorization code flow with PKCE). */
export type SsoProviderOptions = {
  /** OAuth client id registered at the provider. */
  clientId: string
  /** OAuth client secret registered at the provider. */
  clientSecret: string
  /**
   * Google only: the Google Workspace domains whose accounts may sign in, checked on the ID token's
   * `hd` claim (the `hd` request parameter is only a hint).
   * @default [] (any Google account, still only one given this sign-in method by an administrator)
   */
  hostedDomains?: string[]
  /**
   * URL of the button's icon (corporate providers). Google and Microsoft have their own.
   * @default a key icon
   */
  icon?: string
  /**
   * The provider's id, stored on each account that uses it (`identityProvider`) and in its URLs:
   * lower-case letters, digits and dashes. The sandbox and the README use `google`, `msft-entra`
   * and `corporate`.
   */
  id: string
  /**
   * The issuer URL, whose `/.well-known/openid-configuration` is read once at start-up. Required for
   * `oidc`; Google's is `https://accounts.google.com`; Entra's is derived from `tenantIds`.
   * An `http://` issuer is accepted only on a loopback address and outside production.
   */
  issuer?: string
  /** What kind of provider it is, which decides the rules applied to its ID tokens. */
  kind: SsoProviderKind
  /**
   * Creates an account at the first sign-in of someone who has none, instead of refusing: only for
   * an email the provider verified, in one of `emailDomains`, with the roles in `roles` (values of
   * the roles field), and the "account created" email. Without it, only accounts an administrator
   * made (or invited) can sign in.
   * @default undefined (no accounts are created)
   */
  provisioning?: { emailDomains: string[]; roles: string[] }
  /**
   * The name on the button ("Sign in with {label}") and in messages.
   * @default 'Google', 'Microsoft' or 'Single sign-on'
   */
  label?: string
  /**
   * Scopes asked for. `openid` is always included.
   * @default ['openid', 'email', 'profile']
   */
  scopes?: string[]
  /**
   * Microsoft Entra ID only: the directory (tenant) ids whose accounts may sign in. One id makes the
   * provider single-tenant (its own issuer); several use the `organizations` endpoint, and the ID
   * token's `tid` must be one of them. `common` and `consumers` are refused: they admit personal
   * Microsoft accounts.
   */
  tenantIds?: string[]
  /**
   * Corporate (`oidc`) providers only: treat every email this provider asserts as verified, even
   * without `email_verified`. Only for a provider whose directory you run.
   * @default false
   */
  trustEmail?: boolean
  /**
   * Corporate (`oidc`) providers only: skip the plugin's own second factor when the ID token proves
   * the provider used multi-factor authentication, by one of these `amr` values or `acr` values.
   * @default undefined (the plugin's second factor applies as after a password)
   */
  trustMfa?: { acr?: string[]; amr?: string[] }
}

/** Single sign-on: the providers staff may sign in with, and how long a sign-in may take. */
export type SsoOptions = {
  /**
   * Slug of the collection of linked provider identities (`accounts` by default).
   * @default 'accounts'
   */
  accountsSlug?: string
  /** The providers, in the order of their buttons on the login page. @default [] */
  providers?: SsoProviderOptions[]
  /**
   * Minutes between pressing a provider's button and coming back from it, at most 10.
   * @default 10
   */
  transactionMinutes?: number
}

/** Passkeys (WebAuthn): as a second factor, optionally as a password-less sign-in, and by role. */
export type PasskeyOptions = {
  /**
   * Offer passkeys: staff register them on their account page and use them as a second factor.
   * @default true
   */
  enabled?: boolean
  /**
   * Origins other than `serverURL`'s from which the admin is used (another host name of the same
   * site, under the relying-party id). `serverURL`'s origin is always allowed.
   * @default []
   */
  origins?: string[]
  /**
   * "Sign in with a passkey" on the login page: a discoverable passkey with user verification is a
   * complete sign-in, with no password.
   * @default false
   */
  passwordless?: boolean
  /**
   * Roles whose accounts, once they have a passkey, may finish a sign-in only with it (a
   * phishing-resistant factor): a code from an app or a recovery code is refused for them.
   * @default []
   */
  requiredForRoles?: string[]
  /**
   * The relying-party id: a domain, `serverURL`'s host or a registrable suffix of it. A passkey works
   * only on that domain and its subdomains, and changing it orphans every passkey made before.
   * @default null (the host of `serverURL`)
   */
  rpId?: null | string
  /**
   * Seconds a browser has to answer one passkey prompt; its challenge expires with it.
   * @default 300
   */
  timeoutSeconds?: number
}

/** Which users are administrators: a roles field and the value that means "administrator". */
export type RolesOptions = {
  /**
   * The value of the roles field that makes a user an administrator.
   * @default 'admin'
   */
  admin?: string
  /**
   * Emails of existing accounts to make administrators when the app starts while no account holds
   * the administrator role: the way in for an app that adds the plugin to users it already has.
   * Compared trimmed and lower-cased; an account that does not exist yet is never created, and once
   * any administrator exists the list does nothing (see docs/migrations.md).
   * @default []
   */
  administratorEmails?: string[]
  /**
   * Name of the field on the users collection holding a user's role or roles. When the collection
   * has no field of this name, the plugin adds one: a `select` with `hasMany`, whose values only
   * administrators may set.
   * @default 'roles'
   */
  field?: string
}

/**
 * Options of `backofficePlugin(options)`. Every field is optional; the defaults live in
 * `./defaults.ts` and are applied by `sanitizeOptions`, which is the only place that reads this type.
 */
export type BackofficePluginOptions = {
  /** API keys of staff accounts (with `auth.useAPIKey`): off unless enabled here. */
  apiKeys?: ApiKeysOptions
  /** The audit log: content collections to follow, retention, slug. */
  audit?: AuditOptions
  /** Emails to staff: the language used when a user has not chosen one. */
  emails?: EmailOptions
  /**
   * Adds the plugin's behaviour (hooks, endpoints, views). When `false` the collections and fields the
   * plugin owns are still added, so database migrations stay the same whether it is on or off.
   * @default true
   */
  enabled?: boolean
  /** Invitations: how long a link stays valid. */
  invitations?: InvitationOptions
  /** Lockout with exponential backoff, and suspension after excessive failures. */
  lockout?: LockoutOptions
  /** Prometheus metrics (sign-ins, refusals, lockouts, video encodes), served only with a token. */
  metrics?: MetricsOptions
  /** Passkeys as a second factor, as a password-less sign-in, and required by role. */
  passkeys?: PasskeyOptions
  /** Rules for new passwords: length, strength, optional composition and breach checks. */
  passwordPolicy?: PasswordPolicyOptions
  /** Password reset by email: how long a link stays valid. */
  passwordReset?: PasswordResetOptions
  /**
   * Earlier values of Payload's `secret`, kept after a rotation so what the plugin stored encrypted
   * with it (TOTP secrets, when `twoFactor.encryptionKey` is not set) still opens and is
   * re-encrypted with the current secret when next used. Short-lived values signed with the secret
   * (sign-in state cookies, signed video URLs) are not accepted under an earlier secret.
   * @default []
   */
  previousSecrets?: string[]
  /** How the plugin tells administrators apart. */
  roles?: RolesOptions
  /** The sessions list users and administrators see, and how often "last seen" is written. */
  sessions?: SessionsOptions
  /** Single sign-on with Google, Microsoft Entra ID or a corporate OpenID provider. */
  sso?: SsoOptions
  /** "Sudo mode": how long a proof of the password lets a session make sensitive changes. */
  sudo?: SudoOptions
  /**
   * Overrides for the plugin's own strings, per language, merged over the built-in English, German,
   * French and Dutch texts. Keys are those of `translations/en.ts`.
   * @default {}
   */
  translations?: BackofficeTranslationOverrides
  /** Two-factor authentication: who must use it, trusted devices, the secrets' encryption key. */
  twoFactor?: TwoFactorOptions
  /**
   * Set when the app runs behind a reverse proxy you control that appends to X-Forwarded-For (HAProxy
   * `option forwardfor`): the address it saw, the right-most entry, is then recorded and counted by
   * the per-client sign-in limit. Leave off otherwise, or clients could claim any address; when on,
   * a warning saying so is logged at start-up.
   * @default false
   */
  trustProxy?: boolean
  /**
   * Slug of the auth collection whose staff accounts the plugin protects.
   * @default 'users'
   */
  usersCollection?: CollectionSlug
}

/** The options after `sanitizeOptions`: every field present. Only this type travels past the factory. */
export type SanitizedBackofficeOptions = {
  apiKeys: Required<ApiKeysOptions>
  audit: Required<AuditOptions>
  emails: Required<EmailOptions>
  enabled: boolean
  invitations: Required<InvitationOptions>
  lockout: Required<LockoutOptions>
  /** `token`: `null` when metrics are off. */
  metrics: { token: null | string }
  passkeys: Required<PasskeyOptions>
  passwordPolicy: SanitizedPasswordPolicy
  passwordReset: Required<PasswordResetOptions>
  previousSecrets: string[]
  roles: Required<RolesOptions>
  sessions: Required<SessionsOptions>
  sso: SanitizedSsoOptions
  sudo: Required<SudoOptions>
  translations: BackofficeTranslationOverrides
  trustProxy: boolean
  twoFactor: SanitizedTwoFactorOptions
  usersCollection: CollectionSlug
}

/** Two-factor options with every field present; `null` means "decided at run time" (see the defaults). */
export type SanitizedTwoFactorOptions = {
  challengeMinutes: number
  /** `null`: derived from Payload's secret. */
  encryptionKey: null | string
  enforcement: TwoFactorEnforcement
  /** `null`: the admin's title suffix, else 'Payload'. */
  issuer: null | string
  maxAttemptsPerChallenge: number
  previousEncryptionKeys: string[]
  recoveryCodes: Required<RecoveryCodesOptions>
  trustedDeviceDays: number
}

/** The password policy with every rule present. */
export type SanitizedPasswordPolicy = {
  breachedPasswords: Required<BreachedPasswordOptions>
  characterClassMinimums: Required<CharacterClassMinimums>
  maxLength: number
  minCharacterClasses: number
  minLength: number
  minScore: 0 | 1 | 2 | 3 | 4
}

/** A provider with everything decided: its issuer, label, scopes and rules. */
export type SanitizedSsoProvider = {
  clientId: string
  clientSecret: string
  hostedDomains: string[]
  icon: null | string
  id: string
  /** `http://` on loopback, outside production: discovery and token calls allow plain HTTP. */
  insecure: boolean
  issuer: string
  kind: SsoProviderKind
  label: string
  provisioning: null | { emailDomains: string[]; roles: string[] }
  scopes: string[]
  tenantIds: string[]
  trustEmail: boolean
  trustMfa: null | { acr: string[]; amr: string[] }
}

export type SanitizedSsoOptions = {
  accountsSlug: string
  providers: SanitizedSsoProvider[]
  transactionMinutes: number
}
