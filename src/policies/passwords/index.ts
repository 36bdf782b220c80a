import type { Capability } from '../../shared/config/capability.js'

import { appendHooks, mapCollection } from '../../shared/config/collections.js'
import {
  endOtherSessionsAfterPasswordChange,
  notePasswordChange,
  recordPasswordReset,
} from './hooks.js'

/** What follows a new password: other sessions end, and the change or reset is audited. */
export const passwords: Capability = {
  behaviour: (config, options) =>
    mapCollection(config, options.usersCollection, (users) =>
      appendHooks(users, {
        afterChange: [endOtherSessionsAfterPasswordChange(options)],
        beforeChange: [notePasswordChange],
        beforeLogin: [recordPasswordReset],
      }),
    ),
  name: 'passwords',
}
