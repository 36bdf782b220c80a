import type { Capability } from '../capability.js'

import { appendHooks, mapCollection } from '../config/collections.js'
import { enforcePasswordPolicy } from './enforcePasswordPolicy.js'

/**
 * The password policy (minimum and maximum length, strength, optional composition and breach
 * rules) on every save of the users collection. The plugin's own endpoints that set a password call
 * `assertPasswordAllowed` before touching anything; the admin's fields show the same rules live.
 */
export const passwordPolicy: Capability = {
  behaviour: (config, options) =>
    mapCollection(config, options.usersCollection, (users) =>
      appendHooks(users, { beforeChange: [enforcePasswordPolicy(options)] }),
    ),
  name: 'passwordPolicy',
}
