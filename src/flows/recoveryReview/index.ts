import type { Capability } from '../../shared/config/capability.js'

import { addEndpoints, mapCollection } from '../../shared/config/collections.js'
import { approveRecoveryReviewEndpoint, recoveryReviewEndpoint } from './reviewEndpoints.js'

/**
 * Recovery reviews: an account a recovery path suspended because something was added to how it signs
 * in while someone else may have held it (see suspension/evictIntruder.ts). Administrators see what
 * was added, when and from where, and remove it all in one action.
 */
export const recoveryReview: Capability = {
  behaviour: (config, options) =>
    mapCollection(config, options.usersCollection, (users) =>
      addEndpoints(users, [
        recoveryReviewEndpoint(options),
        approveRecoveryReviewEndpoint(options),
      ]),
    ),
  name: 'recoveryReview',
}
