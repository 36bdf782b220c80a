import type { Endpoint } from 'payload'

import type { SanitizedBackofficeOptions } from '../../options/types.js'

import { errorResponse } from '../../errors/errorResponse.js'
import { isAdmin } from '../../roles/isAdmin.js'
import { endSessions } from '../endSessions.js'
import { parseDocumentId } from '../lib/parseDocumentId.js'
import { requestUser } from '../requestUser.js'
import { checkEmptyBody, idTypeOf, jsonResponse } from './http.js'
import { signedOutHeaders } from './revokeSession.js'

/**
 * `POST /api/<users>/:id/sessions/revoke-all`: administrators end every session of an account, for
 * a lost laptop or a departing employee (OWASP ASVS 5.0 7.4.5). Others get INSUFFICIENT_PERMISSIONS
 * before their input is even looked at.
 */
export const revokeAllSessionsEndpoint = (options: SanitizedBackofficeOptions): Endpoint => ({
  handler: async (req) => {
    const viewer = requestUser(req, options.usersCollection)
    if (!viewer) {
      return errorResponse(req, 'AUTHENTICATION_REQUIRED')
    }
    if (!isAdmin(viewer, options)) {
      return errorResponse(req, 'INSUFFICIENT_PERMISSIONS', { role: options.roles.admin })
    }
    const userId = parseDocumentId(req.routeParams?.id, idTypeOf(req, options.usersCollection))
    if (userId === null) {
      return errorResponse(req, 'MALFORMED_REQUEST')
    }
    const bodyProblem = await checkEmptyBody(req)
    if (bodyProblem) {
      return errorResponse(req, bodyProblem)
    }
    const user = await req.payload.db.findOne({
      collection: options.usersCollection,
      req,
      where: { id: { equals: userId } },
    })
    if (!user) {
      return errorResponse(req, 'USER_NOT_FOUND')
    }

    const own = String(userId) === String(viewer.id)
    const ended = await endSessions(req, {
      reason: own ? 'user' : 'administrator',
      revokedBy: viewer.id,
      userId,
    })
    const current = own && viewer._sid !== undefined && ended.has(viewer._sid)
    return jsonResponse(
      req,
      { current, revoked: ended.size },
      current ? signedOutHeaders(req, options.usersCollection) : undefined,
    )
  },
  method: 'post',
  path: '/:id/sessions/revoke-all',
})
