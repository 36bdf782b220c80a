import type { Config } from 'payload'

import { addAdminProvider, addAdminViews } from '../../shared/config/admin.js'
import { twoFactorRoutes } from './constants.js'

/**
 * The code prompt and enrolment pages, public admin views (custom views need no sign-in), and the
 * provider that shows enrolment's success toast on the page its full navigation leads to.
 */
export const withTwoFactorViews = (config: Config): Config =>
  addAdminViews(addAdminProvider(config, 'payload-backoffice/client#PendingToast'), {
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
