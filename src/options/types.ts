import type { CollectionSlug } from 'payload'

import type { BackofficeTranslationOverrides } from '../translations/types.js'

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
  /**
   * Overrides for the plugin's own strings, per language, merged over the built-in English, German,
   * French and Dutch texts. Keys are those of `translations/en.ts`.
   * @default {}
   */
  translations?: BackofficeTranslationOverrides
  /**
   * Slug of the auth collection whose staff accounts the plugin protects.
   * @default 'users'
   */
  usersCollection?: CollectionSlug
}

/** The options after `sanitizeOptions`: every field present. Only this type travels past the factory. */
export type SanitizedBackofficeOptions = Required<BackofficePluginOptions>
