import type { Capability } from '../config/capability.js'

import { mapCollection } from '../config/collections.js'
import { languageField } from './languageField.js'

/** The per-account email language every notification the plugin sends is written in. */
export const emails: Capability = {
  name: 'emails',
  schema: (config, options) =>
    mapCollection(config, options.usersCollection, (users) => ({
      ...users,
      fields: [...users.fields, languageField(options)],
    })),
}
