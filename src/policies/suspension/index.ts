import type { Capability } from '../../shared/config/capability.js'

import {
  addCollection,
  addEndpoints,
  appendHooks,
  mapCollection,
} from '../../shared/config/collections.js'
import { securityGroupField } from './fields.js'
import {
  signInChangeReportEndpoints,
  signInChangeReportsCollection,
} from './signInChangeReports.js'
import { suspensionAtSignIn } from './suspensionAtSignIn.js'

/**
 * Suspension: an account that may not sign in until an administrator unblocks it (or its owner
 * completes a password reset, unless wrong second-factor codes caused it). Its Security group on the
 * account, the refusal at every sign-in (the administrators' suspend and unblock are the account overview's).
 */
export const suspension: Capability = {
  behaviour: (config, options) =>
    mapCollection(config, options.usersCollection, (users) =>
      appendHooks(addEndpoints(users, signInChangeReportEndpoints(options)), {
        // First of the `beforeLogin` chain (this capability comes before signIn's): a suspended
        // account is told so, never asked for a second factor.
        beforeLogin: [suspensionAtSignIn(options)],
      }),
    ),
  name: 'suspension',
  schema: (config, options) =>
    addCollection(
      mapCollection(config, options.usersCollection, (users) => ({
        ...users,
        fields: [...users.fields, securityGroupField(options)],
      })),
      signInChangeReportsCollection(options),
    ),
}
