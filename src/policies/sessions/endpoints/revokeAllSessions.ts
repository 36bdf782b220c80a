import type { Endpoint } from 'payload'

import type { SanitizedBackofficeOptions } from '../../../shared/options/types.js'

import { backofficeEndpoint } from '../../../shared/endpoint/backofficeEndpoint.js'
import { administeredAccount } from '../../../shared/request/administeredAccount.js'
import { endSessions } from '../endSessions.js'
import { revocationResponse } from './revokeSession.js'

/**
 * `POST /api/<users>/:id/sessions/revoke-all`: administrators end every session of an account, for
 * a lost laptop or a departing employee (OWASP ASVS 5.0 7.4.5). Others get INSUFFICIENT_PERMISSIONS
 * before their input is even looked at.
 */
export const revokeAllSessionsEndpoint = (options: SanitizedBackofficeOptions): Endpoint =>
  backofficeEndpoint({
    handler: async (req, { target: account, viewer }) => {
      const userId = account.id

      const own = String(userId) === String(viewer.id)
      const ended = await endSessions(req, {
        reason: own ? 'user' : 'administrator',
        revokedBy: viewer.id,
        userId,
      })
      return revocationResponse(req, options.usersCollection, {
        current: own && viewer._sid !== undefined && ended.has(viewer._sid),
        revoked: ended.size,
      })
    },
    method: 'post',
    path: '/:id/sessions/revoke-all',
    requires: [administeredAccount(options)],
  })
