import type { Capability } from '../../shared/config/capability.js'

import { replaceAdminViews } from '../../shared/config/admin.js'
import { addEndpoints, mapCollection } from '../../shared/config/collections.js'
import { firstRegisterEndpoint } from './firstRegisterEndpoint.js'

/**
 * The first user: Payload's create-first-user page and first-register endpoint replaced by ones that
 * show and enforce the password policy and cannot be raced into two administrators.
 */
export const firstUser: Capability = {
  behaviour: (config, options) => {
    // Before Payload's built-in first-register, which matches after the collection's own endpoints.
    const withEndpoint = mapCollection(config, options.usersCollection, (users) =>
      addEndpoints(users, [firstRegisterEndpoint(options)], { first: true }),
    )
    return replaceAdminViews(withEndpoint, {
      createFirstUser: {
        Component: 'payload-backoffice/rsc#FirstUserView',
        path: (withEndpoint.admin?.routes?.createFirstUser ?? '/create-first-user') as `/${string}`,
      },
    })
  },
  name: 'firstUser',
}
