import type { Capability } from '../capability.js'

/** The admin's sign-in page, replacing Payload's (a custom view under the `login` key does that). */
export const loginView: Capability = {
  behaviour: (config) => ({
    ...config,
    admin: {
      ...config.admin,
      components: {
        ...config.admin?.components,
        views: {
          ...config.admin?.components?.views,
          login: {
            Component: 'payload-backoffice/rsc#LoginView',
            path: (config.admin?.routes?.login ?? '/login') as `/${string}`,
          },
        },
      },
    },
  }),
  name: 'loginView',
}
