import type { Capability } from '../capability.js'

import { replaceAdminViews } from '../config/admin.js'
import { mapCollection } from '../config/collections.js'
import { firstRegisterEndpoint } from './firstRegisterEndpoint.js'

/**
 * The first user: Payload's create-first-user page and first-register endpoint replaced by ones that
 * show and enforce the password policy and cannot be raced into two administrators.
 */
export const firstUser: Capability = {
  behaviour: (config, options) => {
    const withEndpoint = mapCollection(config, options.usersCollection, (users) => ({
      ...users,
      // Before Payload's built-in first-register, which matches after the collection's own endpoints.
      // `endpoints: false` means the app turned the collection's REST API off: keep it off.
      endpoints:
        users.endpoints === false
          ? false
          : [firstRegisterEndpoint(options), ...(users.endpoints ?? [])],
    }))
    return replaceAdminViews(withEndpoint, {
      createFirstUser: {
        Component: 'payload-backoffice/rsc#FirstUserView',
        path: (withEndpoint.admin?.routes?.createFirstUser ?? '/create-first-user') as `/${string}`,
      },
    })
  },
  name: 'firstUser',
}
