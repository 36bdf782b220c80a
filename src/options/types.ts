import type { CollectionSlug } from 'payload'

import type { BackofficeTranslationOverrides } from '../translations/types.js'

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

/** How failed sign-ins are slowed down and, in the end, stopped. */
export type LockoutOptions = {
  /**
   * First wait, in seconds, once `threshold` consecutive failures are reached; each further failure
   * doubles it.
   * @default 30
   */
  baseDelaySeconds?: number
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
   * the user resets the password. Must be above `threshold`.
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

/** Which users are administrators: a roles field and the value that means "administrator". */
export type RolesOptions = {
  /**
   * The value of the roles field that makes a user an administrator.
   * @default 'admin'
   */
  admin?: string
  /**
   * Name of the field on the users collection holding a user's role or roles.
   * @default 'roles'
   */
  field?: string
}

/**
 * Options of `backofficePlugin(options)`. Every field is optional; the defaults live in
 * `./defaults.ts` and are applied by `sanitizeOptions`, which is the only place that reads this type.
 */
export type BackofficePluginOptions = {
  /** The audit log: content collections to follow, retention, slug. */
  audit?: AuditOptions
  /**
   * Adds the plugin's behaviour (hooks, endpoints, views). When `false` the collections and fields the
   * plugin owns are still added, so database migrations stay the same whether it is on or off.
   * @default true
   */
  enabled?: boolean
  /** Lockout with exponential backoff, and suspension after excessive failures. */
  lockout?: LockoutOptions
  /** How the plugin tells administrators apart. */
  roles?: RolesOptions
  /** The sessions list users and administrators see, and how often "last seen" is written. */
  sessions?: SessionsOptions
  /**
   * Overrides for the plugin's own strings, per language, merged over the built-in English, German,
   * French and Dutch texts. Keys are those of `translations/en.ts`.
   * @default {}
   */
  translations?: BackofficeTranslationOverrides
  /**
   * Set when the app runs behind a reverse proxy you control that sets X-Forwarded-For: the client
   * address it reports is then recorded. Leave off otherwise, or clients could claim any address.
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
  audit: Required<AuditOptions>
  enabled: boolean
  lockout: Required<LockoutOptions>
  roles: Required<RolesOptions>
  sessions: Required<SessionsOptions>
  translations: BackofficeTranslationOverrides
  trustProxy: boolean
  usersCollection: CollectionSlug
}
