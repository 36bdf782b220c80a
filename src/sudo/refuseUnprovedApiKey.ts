import type { CollectionBeforeValidateHook } from 'payload'

import type { SanitizedBackofficeOptions } from '../options/types.js'

import { requireFreshProof } from './requireFreshProof.js'

/**
 * Creating an API key (turning `enableAPIKey` on, or setting a new `apiKey`) needs a fresh proof: a
 * key outlives every session, so a stolen session that mints one keeps the account after the
 * session ends (GitHub asks for sudo mode before creating a token). Only this check lives here; the
 * rest of the API-key policy is elsewhere. The stored key is never read back (`read: false`), so any
 * non-empty key in the data is a new one.
 */
export const refuseUnprovedApiKey =
  (options: SanitizedBackofficeOptions): CollectionBeforeValidateHook =>
  async ({ data, originalDoc, req }) => {
    const enabling = data?.enableAPIKey === true && originalDoc?.enableAPIKey !== true
    const newKey = typeof data?.apiKey === 'string' && data.apiKey.length > 0
    if (enabling || newKey) {
      await requireFreshProof(req, options)
    }
    return data
  }
