import type { Config } from 'payload'

import type { Capability } from '../../shared/config/capability.js'

import { replaceAdminViews } from '../../shared/config/admin.js'
import { addEndpoints, appendHooks, mapCollection } from '../../shared/config/collections.js'
import { forgotPasswordEndpoint } from './forgotPasswordEndpoint.js'
import { hashResetTokenOnWrite } from './hashResetTokenOnWrite.js'
import { refuseGraphQLPasswordReset } from './refuseGraphQLPasswordReset.js'
import { resetPasswordEndpoint } from './resetPasswordEndpoint.js'

/** The forgot and reset views, under the keys and routes of Payload's own (which they replace). */
const withViews = (config: Config): Config =>
  replaceAdminViews(config, {
    forgot: {
      Component: 'payload-backoffice/rsc#ForgotView',
      path: (config.admin?.routes?.forgot ?? '/forgot') as `/${string}`,
    },
    reset: {
      Component: 'payload-backoffice/rsc#ResetView',
      path: (config.admin?.routes?.reset ?? '/reset') as `/${string}`,
    },
  })

/**
 * Forgot and reset password by email, in place of Payload's: a uniform answer whatever the address,
 * single-use tokens stored only as hashes, the policy enforced, suspension lifted, other sessions
 * ended, and the sign-in after it through the same path as every other (see the endpoints).
 */
export const passwordReset: Capability = {
  behaviour: (config, options) =>
    withViews(
      mapCollection(config, options.usersCollection, (users) =>
        appendHooks(
          // Before Payload's built-in endpoints of the same paths, which match after these.
          addEndpoints(users, [forgotPasswordEndpoint(options), resetPasswordEndpoint(options)], {
            first: true,
          }),
          {
            beforeChange: [hashResetTokenOnWrite],
            beforeOperation: [refuseGraphQLPasswordReset(options)],
          },
        ),
      ),
    ),
  name: 'passwordReset',
}
