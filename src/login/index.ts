import type { Capability } from '../capability.js'

import { replaceAdminViews } from '../config/admin.js'

/** The admin's sign-in page, replacing Payload's (a custom view under the `login` key does that). */
export const loginView: Capability = {
  behaviour: (config) =>
    replaceAdminViews(config, {
      login: {
        Component: 'payload-backoffice/rsc#LoginView',
        path: (config.admin?.routes?.login ?? '/login') as `/${string}`,
      },
    }),
  name: 'loginView',
}
