import type { Capability } from '../config/capability.js'

import { guardAccountWrites } from './accountWriteGuard.js'

/**
 * Account state that holds: every write to a staff account changes only what its operation changed,
 * so no Payload operation that writes a whole account back (refresh, logout, update) can undo an ended
 * session, a new password, a suspension or a second factor committed in between.
 */
export const accounts: Capability = {
  behaviour: (config, options) => ({
    ...config,
    db: guardAccountWrites(config.db, options.usersCollection),
  }),
  name: 'accounts',
}
