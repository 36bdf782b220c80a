import type { Capability } from './capability.js'

/**
 * Every capability of the plugin, in the order they extend the config. Adding one is one line here
 * and a folder of its own under src/.
 */
export const capabilities: Capability[] = []
