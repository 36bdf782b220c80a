import type { Config, Plugin } from 'payload'

import type { BackofficePluginOptions } from './shared/options/types.js'

import { capabilities } from './capabilities.js'
import { markPluginOwnedFields, topLevelFieldNames } from './shared/config/pluginOwnedFields.js'
import { mergeTranslations } from './shared/i18n/mergeTranslations.js'
import { pluginOptionsKey } from './shared/options/getPluginOptions.js'
import { sanitizeOptions } from './shared/options/sanitize.js'

/**
 * `backofficePlugin(options)` returns a Payload plugin. It extends the app's config and never replaces
 * what the app set: arrays are appended to, hooks chained, translations merged under the app's own.
 */
export const backofficePlugin =
  (options: BackofficePluginOptions = {}): Plugin =>
  (incomingConfig: Config): Config => {
    const pluginOptions = sanitizeOptions(options)

    const usersCollection = incomingConfig.collections?.find(
      (collection) => collection.slug === pluginOptions.usersCollection,
    )
    if (!usersCollection?.auth) {
      throw new Error(
        `payload-backoffice: the collection "${pluginOptions.usersCollection}" must exist and have \`auth\` enabled ` +
          '(set the plugin option `usersCollection` to the slug of your staff accounts collection).',
      )
    }

    let config: Config = {
      ...incomingConfig,
      custom: { ...incomingConfig.custom, [pluginOptionsKey]: pluginOptions },
      i18n: mergeTranslations(incomingConfig.i18n, pluginOptions.translations),
    }

    // Collections and fields first, whether enabled or not: turning the plugin off must not change the
    // database schema (and so the app's migrations).
    for (const capability of capabilities) {
      config = capability.schema?.(config, pluginOptions) ?? config
    }
    config = markPluginOwnedFields(
      config,
      pluginOptions.usersCollection,
      topLevelFieldNames(usersCollection.fields),
    )
    if (!pluginOptions.enabled) {
      return config
    }
    for (const capability of capabilities) {
      config = capability.behaviour?.(config, pluginOptions) ?? config
    }
    return config
  }
