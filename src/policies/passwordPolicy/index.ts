import type { Capability } from '../../shared/config/capability.js'

import {
  addCollection,
  addEndpoints,
  appendHooks,
  mapCollection,
} from '../../shared/config/collections.js'
import { enforcePasswordPolicy } from './enforcePasswordPolicy.js'
import { passwordStrengthEndpoint } from './strength/passwordStrengthEndpoint.js'
import { strengthChecksCollection } from './strength/strengthChecks.js'

/**
 * The password policy (minimum and maximum length, strength, optional composition and breach
 * rules) on every save of the users collection. The plugin's own endpoints that set a password call
 * `assertPasswordAllowed` before touching anything; the admin's fields show the same rules live,
 * with the strength the server scores as the person types (`passwordStrengthEndpoint`).
 */
export const passwordPolicy: Capability = {
  behaviour: (config, options) =>
    mapCollection(config, options.usersCollection, (users) =>
      appendHooks(addEndpoints(users, [passwordStrengthEndpoint()]), {
        beforeChange: [enforcePasswordPolicy(options)],
      }),
    ),
  name: 'passwordPolicy',
  schema: (config) => addCollection(config, strengthChecksCollection()),
}
