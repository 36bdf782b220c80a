import type { Capability } from '../../shared/config/capability.js'

import {
  addCollection,
  addEndpoints,
  appendHooks,
  mapCollection,
} from '../../shared/config/collections.js'
import { addSignInAdditionSource } from '../suspension/signInAdditions.js'
import { confirmPasswordEndpoint } from './confirmPasswordEndpoint.js'
import { deleteEmailChangesOfDeletedUser } from './deleteEmailChangesOfDeletedUser.js'
import { applyEmailChange, sendEmailChangedNotices } from './emailChangeEffects.js'
import { emailChangesCollection } from './emailChangesCollection.js'
import { refuseUnprovedAccountChange } from './refuseUnprovedAccountChange.js'
import { reserveRunOrigins } from './reserveRunOrigins.js'
import { emailChangeAdditions } from './signInAdditionSource.js'
import { undoEmailChangeEndpoint, undoEmailChangePageEndpoint } from './undoEmailChangeEndpoints.js'

/**
 * "Sudo mode" (GitHub's name; OWASP ASVS 5.0 V7.5): a session may change the account's email, its
 * two-factor authentication, its trusted devices or an API key (see apiKeys/guardApiKeyChange.ts)
 * only within minutes of proving its owner, at sign-in or by confirming the password again. An email change ends the account's other
 * sessions and tells the old address, with a link that undoes it.
 */
export const sudo: Capability = {
  name: 'sudo',
  schema: (config, options) =>
    // "Confirm it's you" is a dialog of the account page (accountPage), asked only when an action needs it.
    addCollection(config, emailChangesCollection(options)),
  behaviour: (config, options) => {
    addSignInAdditionSource(options, emailChangeAdditions)
    return mapCollection(config, options.usersCollection, (users) =>
      appendHooks(
        addEndpoints(users, [
          confirmPasswordEndpoint(options),
          undoEmailChangePageEndpoint(options),
          undoEmailChangeEndpoint(options),
        ]),
        {
          afterChange: [applyEmailChange(options)],
          afterOperation: [sendEmailChangedNotices(options)],
          beforeDelete: [deleteEmailChangesOfDeletedUser],
          beforeChange: [reserveRunOrigins],
          beforeValidate: [refuseUnprovedAccountChange(options)],
        },
      ),
    )
  },
}
