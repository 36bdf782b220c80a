import type { Capability } from '../capability.js'

import { addCollection, addEndpoints, appendHooks, mapCollection } from '../config/collections.js'
import { confirmPasswordEndpoint } from './confirmPasswordEndpoint.js'
import { deleteEmailChangesOfDeletedUser } from './deleteEmailChangesOfDeletedUser.js'
import { applyEmailChange, sendEmailChangedNotices } from './emailChangeEffects.js'
import { emailChangesCollection } from './emailChangesCollection.js'
import { confirmPasswordUiField } from './field.js'
import { refuseUnprovedAccountChange } from './refuseUnprovedAccountChange.js'
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
    addCollection(
      mapCollection(config, options.usersCollection, (users) => {
        // Right under the change-password section (first among the fields, see changePassword), so
        // it sits near the email field it unlocks.
        const after = users.fields.findIndex(
          (field) => 'name' in field && field.name === 'backofficeChangePassword',
        )
        const fields = [...users.fields]
        fields.splice(after + 1, 0, confirmPasswordUiField)
        return { ...users, fields }
      }),
      emailChangesCollection(options),
    ),
  behaviour: (config, options) =>
    mapCollection(config, options.usersCollection, (users) =>
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
          beforeValidate: [refuseUnprovedAccountChange(options)],
        },
      ),
    ),
}
