import type { Config, Plugin } from 'payload'

import type { BackofficePluginOptions } from './options/types.js'

import { mergeTranslations } from './i18n/mergeTranslations.js'
import { pluginOptionsKey } from './options/getPluginOptions.js'
import { sanitizeOptions } from './options/sanitize.js'

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

    const config: Config = {
      ...incomingConfig,
      custom: { ...incomingConfig.custom, [pluginOptionsKey]: pluginOptions },
      i18n: mergeTranslations(incomingConfig.i18n, pluginOptions.translations),
    }

    if (!pluginOptions.enabled) {
      // Collections and fields owned by the plugin are added above this line once they exist, so
      // that turning the plugin off never changes the database schema; behaviour stops here.
      return config
    }

    return config
  }
