import type { Config } from 'payload'

import { addAdminViews } from '../config/admin.js'
import { twoFactorRoutes } from './constants.js'

/** The code prompt and enrolment pages, public admin views (custom views need no sign-in). */
export const withTwoFactorViews = (config: Config): Config =>
  addAdminViews(config, {
    twoFactorChallenge: {
      Component: 'payload-backoffice/rsc#ChallengeView',
      exact: true,
      path: twoFactorRoutes.challenge,
    },
    twoFactorEnrolment: {
      Component: 'payload-backoffice/rsc#SetupView',
      exact: true,
      path: twoFactorRoutes.enrolment,
    },
  })
