import type { Capability } from '../../shared/config/capability.js'

import { mapCollection } from '../../shared/config/collections.js'
import { accountSecurityUiField } from './field.js'

/**
 * The account page as a security settings page (GitHub's "Password and authentication", Google's
 * "Security"): the password, two-factor authentication and its methods, passkeys, recovery codes,
 * trusted devices, sessions and the sign-in method, in that order, after the app's own fields, with
 * one "Confirm it's you" dialog for the actions that need sudo mode.
 */
export const accountPage: Capability = {
  name: 'accountPage',
  schema: (config, options) =>
    mapCollection(config, options.usersCollection, (users) => ({
      ...users,
      fields: [...users.fields, accountSecurityUiField],
    })),
}
