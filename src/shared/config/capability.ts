import type { Config } from 'payload'

import type { SanitizedBackofficeOptions } from '../options/types.js'

/**
 * One capability of the plugin (lockout, audit log, sessions, …) as two steps over the Payload config:
 * `schema` adds its collections and fields and always runs, so the database schema is the same whether
 * the plugin is enabled or not; `behaviour` adds hooks, endpoints and views, and runs only when enabled.
 * Both extend the config they are given and never drop what is there.
 */
export type Capability = {
  behaviour?: (config: Config, options: SanitizedBackofficeOptions) => Config
  name: string
  schema?: (config: Config, options: SanitizedBackofficeOptions) => Config
}
