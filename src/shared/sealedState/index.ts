import type { Capability } from '../config/capability.js'

import { addCollection } from '../config/collections.js'
import { spentStatesCollection } from './spentStatesCollection.js'

/**
 * Values a browser carries between two requests of a sign-in (an SSO transaction, a password-less
 * passkey challenge), sealed by the server instead of stored for every request that asks, and the
 * record that makes each one single use when it is redeemed.
 */
export const sealedState: Capability = {
  name: 'sealedState',
  schema: (config) => addCollection(config, spentStatesCollection()),
}
