import type { Capability } from '../../shared/config/capability.js'

import {
  addCollection,
  addEndpoints,
  appendHooks,
  mapCollection,
} from '../../shared/config/collections.js'
import { addSignInAdditionSource } from '../suspension/signInAdditions.js'
import { twoFactorChallengesCollection } from './challengeCollection.js'
import { confirmWithCodeEndpoint } from './endpoints/confirmWithCode.js'
import {
  confirmWithPasskeyEndpoint,
  passkeyConfirmOptionsEndpoint,
} from './endpoints/confirmWithPasskey.js'
import { secondFactorsEndpoint } from './endpoints/factors.js'
import { totpConfigField } from './fields.js'
import { deleteTwoFactorStateOfDeletedUser } from './hooks/deleteTwoFactorStateOfDeletedUser.js'
import {
  addPasskeyEndpoint,
  listPasskeysEndpoint,
  registrationOptionsEndpoint,
  removePasskeyEndpoint,
  renamePasskeyEndpoint,
} from './passkeys/accountEndpoints.js'
import { passkeyChallengesCollection, passkeysCollection } from './passkeys/collections.js'
import { recoveryCodesCollection } from './recoveryCodes/collection.js'
import {
  generateRecoveryCodesEndpoint,
  recoveryCodesStatusEndpoint,
} from './recoveryCodes/endpoints.js'
import { resetRequestsCollection } from './resetRequests/collection.js'
import { resetRequestsSlug } from './resetRequests/constants.js'
import { resetRequestExpiryTask } from './resetRequests/expiryTask.js'
import { misuseReportEndpoints } from './resetRequests/misuseReportEndpoints.js'
import { requestResetEndpoint } from './resetRequests/requestResetEndpoint.js'
import {
  approveResetRequestEndpoint,
  denyResetRequestEndpoint,
} from './resetRequests/reviewEndpoints.js'
import { twoFactorAdditions } from './signInAdditionSource.js'
import {
  beginAppReplacementEndpoint,
  finishAppReplacementEndpoint,
  removeAppEndpoint,
} from './totp/manageAppEndpoints.js'
import { setupEndpoint } from './totp/setupEndpoints.js'
import { trustedDevicesCollection } from './trustedDevices/collection.js'
import {
  listTrustedDevicesEndpoint,
  removeTrustedDeviceEndpoint,
} from './trustedDevices/endpoints.js'
import { withTwoFactorViews } from './views.js'

/**
 * Two-factor authentication with an authenticator app (TOTP) or a passkey (WebAuthn): their state
 * on the account, enrolment, the challenge store, trusted devices, recovery codes, enforcement by
 * role and reviewed reset requests. The sign-in
 * steps that ask for and check the second factor live in `signIn/`.
 */
export const twoFactor: Capability = {
  name: 'twoFactor',
  schema: (config, options) => {
    const withFields = mapCollection(config, options.usersCollection, (users) =>
      // Integrity, not behaviour: with the plugin disabled, accounts must still be deletable.
      appendHooks(
        { ...users, fields: [...users.fields, totpConfigField(options)] },
        { beforeDelete: [deleteTwoFactorStateOfDeletedUser] },
      ),
    )
    const withCollections = [
      twoFactorChallengesCollection(options),
      trustedDevicesCollection(options),
      recoveryCodesCollection(options),
      passkeysCollection(options),
      passkeyChallengesCollection(options),
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
    addSignInAdditionSource(options, twoFactorAdditions)
    const withReview = mapCollection(withTwoFactorViews(config), resetRequestsSlug, (requests) =>
      addEndpoints(requests, [
        approveResetRequestEndpoint(options),
        denyResetRequestEndpoint(options),
      ]),
    )
    return mapCollection(withReview, options.usersCollection, (users) =>
      addEndpoints(users, [
        setupEndpoint(options),
        beginAppReplacementEndpoint(options),
        finishAppReplacementEndpoint(options),
        removeAppEndpoint(options),
        confirmWithCodeEndpoint(options),
        passkeyConfirmOptionsEndpoint(options),
        confirmWithPasskeyEndpoint(options),
        listTrustedDevicesEndpoint(options),
        removeTrustedDeviceEndpoint(options),
        recoveryCodesStatusEndpoint(options),
        generateRecoveryCodesEndpoint(options),
        secondFactorsEndpoint(options),
        listPasskeysEndpoint(options),
        registrationOptionsEndpoint(options),
        addPasskeyEndpoint(options),
        renamePasskeyEndpoint(options),
        removePasskeyEndpoint(options),
        requestResetEndpoint(options),
        ...misuseReportEndpoints(options),
      ]),
    )
  },
}
