import type { Capability } from '../shared/config/capability.js'

import { replaceAdminViews } from '../shared/config/admin.js'
import { addEndpoints, appendHooks, mapCollection } from '../shared/config/collections.js'
import { authenticateEndpoint } from './endpoints/authenticate.js'
import { authenticateRecoveryCodeEndpoint } from './endpoints/authenticateRecoveryCode.js'
import { finishEnrolmentEndpoint } from './endpoints/finishEnrollment.js'
import { loginEndpoint } from './endpoints/loginEndpoint.js'
import {
  passkeyAuthenticateEndpoint,
  passkeyChallengeOptionsEndpoint,
} from './endpoints/passkeySecondFactor.js'
import { passkeySignInEndpoint, passkeySignInOptionsEndpoint } from './endpoints/passkeySignIn.js'
import { trustedDeviceSecondFactorEndpoint } from './endpoints/trustedDeviceSecondFactor.js'
import { requireSecondFactor } from './hooks/requireSecondFactor.js'
import { refuseGraphQLLogin } from './refuseGraphQLLogin.js'

/**
 * The sign-in pipeline, start to end: the login endpoint (in place of Payload's) and the admin's login
 * page; the step that decides "a session now, or a second factor first" (a `beforeLogin` hook, so it
 * holds for every path into Payload's login); the second-factor endpoints that finish a sign-in; and
 * the one replay of Payload's login every sign-in ends in (`replayLogin.ts`) and the one place a
 * succeeded sign-in is answered and logged (`signInSucceeded.ts`). Counting attempts is the lockout's, suspension is
 * suspension's, and each factor's own checks live with the factor (`twoFactor/`).
 */
export const signIn: Capability = {
  behaviour: (config, options) =>
    mapCollection(
      replaceAdminViews(config, {
        login: {
          Component: 'payload-backoffice/rsc#LoginView',
          path: (config.admin?.routes?.login ?? '/login') as `/${string}`,
        },
      }),
      options.usersCollection,
      (users) =>
        appendHooks(
          addEndpoints(addEndpoints(users, [loginEndpoint(options)], { first: true }), [
            finishEnrolmentEndpoint(options),
            authenticateEndpoint(options),
            authenticateRecoveryCodeEndpoint(options),
            passkeyChallengeOptionsEndpoint(options),
            passkeyAuthenticateEndpoint(options),
            passkeySignInOptionsEndpoint(options),
            passkeySignInEndpoint(options),
            trustedDeviceSecondFactorEndpoint(options),
          ]),
          {
            // After suspension's check (its capability comes first): a suspended account is told so,
            // not asked for a code.
            beforeLogin: [requireSecondFactor(options)],
            beforeOperation: [refuseGraphQLLogin(options)],
          },
        ),
    ),
  name: 'signIn',
}
