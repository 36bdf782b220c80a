import type { Payload, SanitizedConfig } from 'payload'

import type { SanitizedBackofficeOptions } from './types.js'

/** Where the sanitized options are kept on the Payload config, for hooks, endpoints and views. */
export const pluginOptionsKey = 'backoffice'

/** The sanitized options of the plugin, read back from a running Payload's config. */
export const getPluginOptions = (source: Payload | SanitizedConfig): SanitizedBackofficeOptions => {
  const config = 'config' in source ? source.config : source
  const options = (config.custom as Record<string, unknown> | undefined)?.[pluginOptionsKey]
  if (!options) {
    throw new Error('payload-backoffice: the plugin is not registered in this Payload config.')
  }
  return options as SanitizedBackofficeOptions
}
