import type { Capability } from '../../shared/config/capability.js'

import { addEndpoints, appendHooks, mapCollection } from '../../shared/config/collections.js'
import { changePasswordEndpoint } from './changePasswordEndpoint.js'
import { refuseOwnPasswordUpdate } from './refuseOwnPasswordUpdate.js'

/**
 * Change password: the signed-in user's own, with the current one (ASVS 5.0 6.2.3), counted by the
 * lockout, from a section of the account page; a plain update of one's own password is refused.
 */
export const changePassword: Capability = {
  behaviour: (config, options) =>
    mapCollection(config, options.usersCollection, (users) =>
      appendHooks(addEndpoints(users, [changePasswordEndpoint(options)], { first: true }), {
        beforeValidate: [refuseOwnPasswordUpdate(options)],
      }),
    ),
  // The section on the account page is one of accountPage's.
  name: 'changePassword',
}
