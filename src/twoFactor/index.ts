import type { Capability } from '../capability.js'

import { addCollection, appendHooks, mapCollection } from '../config/collections.js'
import { twoFactorChallengesCollection } from './challengeCollection.js'
import { totpConfigField } from './fields.js'
import { deleteChallengesOfDeletedUser } from './hooks/deleteChallengesOfDeletedUser.js'

/**
 * Two-factor authentication with an authenticator app (TOTP): enrolment, the sign-in challenge that
 * stands between a correct password and a session, trusted devices, and enforcement by role.
 */
export const twoFactor: Capability = {
  name: 'twoFactor',
  schema: (config, options) =>
    addCollection(
      mapCollection(config, options.usersCollection, (users) =>
        // Integrity, not behaviour: with the plugin disabled, accounts must still be deletable.
        appendHooks(
          { ...users, fields: [...users.fields, totpConfigField(options)] },
          { beforeDelete: [deleteChallengesOfDeletedUser] },
        ),
      ),
      twoFactorChallengesCollection(options),
    ),
}
