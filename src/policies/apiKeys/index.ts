import type { Capability } from '../../shared/config/capability.js'

import { appendHooks, mapCollection } from '../../shared/config/collections.js'
import { enforceApiKeyPolicy } from './apiKeyPolicy.js'
import { withApiKeyFieldAccess } from './fieldAccess.js'
import { refuseApiKeyChange } from './guardApiKeyChange.js'

/**
 * API keys of staff accounts, for users collections with Payload's `auth.useAPIKey` (without it,
 * nothing changes). Payload lets anyone with access to the admin panel give their own account a
 * key that never expires and skips the second factor. Here: no keys at all unless the `apiKeys`
 * option is on, then only administrators enable or set them; every use is checked against the
 * account as stored (a suspended account's key is refused); and a key ends with the account's
 * sessions (see `disableApiKey`). No schema change: Payload owns the key's fields.
 */
export const apiKeys: Capability = {
  behaviour: (config, options) => {
    const users = config.collections?.find(
      (collection) => collection.slug === options.usersCollection,
    )
    if (typeof users?.auth !== 'object' || !users.auth.useAPIKey) {
      return config
    }
    return {
      ...mapCollection(config, options.usersCollection, (collection) =>
        appendHooks(withApiKeyFieldAccess(collection, options), {
          beforeChange: [refuseApiKeyChange(options)],
        }),
      ),
      // Before the app's own `onInit`, so nothing the app starts there runs with keys unchecked.
      onInit: async (payload) => {
        enforceApiKeyPolicy(payload, options)
        await config.onInit?.(payload)
      },
    }
  },
  name: 'apiKeys',
}
