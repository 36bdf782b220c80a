import type { Config } from 'payload'

import { twoFactorRoutes } from './constants.js'

/** The code prompt and enrolment pages, public admin views (custom views need no sign-in). */
export const withTwoFactorViews = (config: Config): Config => ({
  ...config,
  admin: {
    ...config.admin,
    components: {
      ...config.admin?.components,
      views: {
        twoFactorChallenge: { Component: 'payload-backoffice/rsc#ChallengeView', exact: true, path: twoFactorRoutes.challenge },
        twoFactorEnrolment: { Component: 'payload-backoffice/rsc#SetupView', exact: true, path: twoFactorRoutes.enrolment },
        // The app's own views win.
        ...config.admin?.components?.views,
      },
    },
  },
})
