import type { CollectionSlug } from 'payload'

import type { BackofficeTranslationOverrides } from '../translations/types.js'

/** How failed sign-ins are slowed down and, in the end, stopped. */
export type LockoutOptions = {
  /**
   * First wait, in seconds, once `threshold` consecutive failures are reached; each further failure
   * doubles it.
   * @default 30
   */
  baseDelaySeconds?: number
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
  enabled: boolean
  lockout: Required<LockoutOptions>
  roles: Required<RolesOptions>
  translations: BackofficeTranslationOverrides
  trustProxy: boolean
  usersCollection: CollectionSlug
}
