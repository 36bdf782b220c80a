import type { Capability } from '../capability.js'

import { addCollection, appendHooks, mapCollection } from '../config/collections.js'
import { twoFactorUiField } from './accountField.js'
import { twoFactorChallengesCollection } from './challengeCollection.js'
import { authenticateEndpoint } from './endpoints/authenticate.js'
import { finishEnrollmentEndpoint } from './endpoints/finishEnrollment.js'
import { setupEndpoint } from './endpoints/setup.js'
import {
  listTrustedDevicesEndpoint,
  removeTrustedDeviceEndpoint,
} from './endpoints/trustedDevices.js'
import { totpConfigField } from './fields.js'
import { deleteTwoFactorStateOfDeletedUser } from './hooks/deleteTwoFactorStateOfDeletedUser.js'
import { requireSecondFactor } from './hooks/requireSecondFactor.js'
import { resetRequestsCollection } from './resetRequests/collection.js'
import { resetRequestsSlug } from './resetRequests/constants.js'
import { resetRequestExpiryTask } from './resetRequests/expiryTask.js'
import {
  misuseReportEndpoint,
  misuseReportPageEndpoint,
} from './resetRequests/misuseReportEndpoints.js'
import { requestResetEndpoint } from './resetRequests/requestResetEndpoint.js'
import {
  approveResetRequestEndpoint,
  denyResetRequestEndpoint,
} from './resetRequests/reviewEndpoints.js'
import { trustedDevicesCollection } from './trustedDevicesCollection.js'
import { withTwoFactorViews } from './views.js'

/**
 * Two-factor authentication with an authenticator app (TOTP): enrolment, the sign-in challenge that
 * stands between a correct password and a session, trusted devices, and enforcement by role.
 */
export const twoFactor: Capability = {
  name: 'twoFactor',
  schema: (config, options) => {
    const withFields = mapCollection(config, options.usersCollection, (users) =>
      // Integrity, not behaviour: with the plugin disabled, accounts must still be deletable.
      appendHooks(
        { ...users, fields: [...users.fields, twoFactorUiField, totpConfigField(options)] },
        { beforeDelete: [deleteTwoFactorStateOfDeletedUser] },
      ),
    )
    const withCollections = [
      twoFactorChallengesCollection(options),
      trustedDevicesCollection(options),
      resetRequestsCollection(config, options),
    ].reduce(addCollection, withFields)
    // The expiry task in the schema step, like the audit retention task: tasks shape the jobs schema.
    return {
      ...withCollections,
      jobs: {
        ...withCollections.jobs,
        tasks: [...(withCollections.jobs?.tasks ?? []), resetRequestExpiryTask(options)],
      },
    }
  },
  behaviour: (config, options) => {
    const withReview = mapCollection(withTwoFactorViews(config), resetRequestsSlug, (requests) => ({
      ...requests,
      endpoints: [
        ...(requests.endpoints || []),
        approveResetRequestEndpoint(options),
        denyResetRequestEndpoint(options),
      ],
    }))
    return mapCollection(withReview, options.usersCollection, (users) =>
      appendHooks(
        {
          ...users,
          // `endpoints: false` means the app turned the collection's REST API off: keep it off.
          endpoints:
            users.endpoints === false
              ? false
              : [
                  ...(users.endpoints ?? []),
                  setupEndpoint(options),
                  finishEnrollmentEndpoint(options),
                  authenticateEndpoint(options),
                  listTrustedDevicesEndpoint(options),
                  removeTrustedDeviceEndpoint(options),
                  requestResetEndpoint(options),
                  misuseReportPageEndpoint(options),
                  misuseReportEndpoint(options),
                ],
        },
        // After the lockout's suspension check (its capability comes first): a suspended account is
        // told so, not asked for a code.
        { beforeLogin: [requireSecondFactor(options)] },
      ),
    )
  },
}
