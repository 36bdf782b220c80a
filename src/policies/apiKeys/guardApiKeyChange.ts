import type { CollectionBeforeChangeHook, PayloadRequest } from 'payload'

import type { SanitizedBackofficeOptions } from '../../shared/options/types.js'

import { BackofficeError } from '../../shared/errors/BackofficeError.js'
import { requestUser } from '../../shared/request/requestUser.js'
import { isAdmin } from '../../shared/roles/isAdmin.js'
import { requireFreshProof } from '../sudo/requireFreshProof.js'

/**
 * The one check every enabling or setting of an API key passes, whoever asks and however: throws
 * when the change is not allowed. With the `apiKeys` option off, nobody may (API_KEYS_DISABLED);
 * with it on, a signed-in caller must be an administrator (INSUFFICIENT_PERMISSIONS), and server
 * code with no user (the Local API, a seed) is trusted as everywhere else in Payload; and the
 * administrator's session must have proved its owner within `sudo.windowMinutes`
 * (REAUTHENTICATION_REQUIRED): a key outlives every session, so a stolen session that mints one
 * keeps the account after the session ends (GitHub asks for sudo mode before creating a token).
 */
const guardApiKeyChange = async (req: PayloadRequest, options: SanitizedBackofficeOptions) => {
  if (!options.apiKeys.enabled) {
    throw new BackofficeError('API_KEYS_DISABLED', { req })
  }
  if (req.user && !isAdmin(requestUser(req, options.usersCollection), options)) {
    throw new BackofficeError('INSUFFICIENT_PERMISSIONS', {
      req,
      variables: { role: options.roles.admin },
    })
  }
  await requireFreshProof(req, options)
}

/** Whether this write turns a key on or sets a new one; turning one off or clearing it is always allowed. */
const enablesApiKey = (data: Record<string, unknown>, original: Record<string, unknown>) =>
  (data.enableAPIKey === true && original.enableAPIKey !== true) ||
  (typeof data.apiKey === 'string' && data.apiKey !== '' && data.apiKey !== original.apiKey)

/**
 * Field access already keeps REST, GraphQL and the admin from writing a key (the value is dropped,
 * as Payload does for any field its caller may not write). This covers what skips field access: the
 * Local API, whose `overrideAccess` is on by default, called with a user's request.
 */
export const refuseApiKeyChange =
  (options: SanitizedBackofficeOptions): CollectionBeforeChangeHook =>
  async ({ data, originalDoc, req }) => {
    if (data && enablesApiKey(data, (originalDoc ?? {}) as Record<string, unknown>)) {
      await guardApiKeyChange(req, options)
    }
    return data
  }
