import type { Endpoint } from 'payload'

import type { SanitizedBackofficeOptions } from '../options/types.js'

import { recordAuditEvent } from '../audit/recordAuditEvent.js'
import { errorResponse } from '../errors/errorResponse.js'
import { isAdmin } from '../roles/isAdmin.js'
import { checkEmptyBody, idTypeOf, jsonResponse } from '../sessions/endpoints/http.js'
import { parseDocumentId } from '../sessions/lib/parseDocumentId.js'
import { requestUser } from '../sessions/requestUser.js'
import { liftSuspension } from './suspendAccount.js'

/**
 * `POST /api/<users>/:id/unblock`: an administrator lifts a suspension after reviewing it. Others get
 * INSUFFICIENT_PERMISSIONS before their input is looked at; an account that is not suspended gets
 * ACCOUNT_ALREADY_ACTIVE, so a double click changes nothing.
 */
export const unblockEndpoint = (options: SanitizedBackofficeOptions): Endpoint => ({
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
    const user = await req.payload.db.findOne<{ email?: string; id: number | string; security?: { status?: string } }>({
      collection: options.usersCollection,
      req,
      where: { id: { equals: userId } },
    })
    if (!user) {
      return errorResponse(req, 'USER_NOT_FOUND')
    }
    if (user.security?.status !== 'suspended') {
      return errorResponse(req, 'ACCOUNT_ALREADY_ACTIVE')
    }
    await liftSuspension(req, options, user.id)
    await recordAuditEvent(req, { actor: viewer, event: 'account.unblocked', user })
    return jsonResponse(req, { message: req.t('backoffice:unblockAccountSuccess' as never) })
  },
  method: 'post',
  path: '/:id/unblock',
})
