import type { PayloadRequest } from 'payload'

import type { SanitizedBackofficeOptions } from '../options/types.js'

import { errorResponse } from '../errors/errorResponse.js'
import { isAdmin } from '../roles/isAdmin.js'
import { checkEmptyBody, idTypeOf } from './http.js'
import { parseDocumentId } from './parseDocumentId.js'
import { requestUser, type SessionUser } from './requestUser.js'

type Account = { [field: string]: unknown; id: number | string }

/**
 * The first checks of every administrator action: signed in (AUTHENTICATION_REQUIRED), then an
 * administrator (INSUFFICIENT_PERMISSIONS, before any input is looked at). Returns who acts, or the refusal.
 */
export const resolveAdministrator = (
  req: PayloadRequest,
  options: SanitizedBackofficeOptions,
): Response | SessionUser => {
  const viewer = requestUser(req, options.usersCollection)
  if (!viewer) {
    return errorResponse(req, 'AUTHENTICATION_REQUIRED')
  }
  return isAdmin(viewer, options)
    ? viewer
    : errorResponse(req, 'INSUFFICIENT_PERMISSIONS', { role: options.roles.admin })
}

/**
 * The checks every administrator action on an account (`/:id/...`) starts with, in this order:
 * signed in, administrator (INSUFFICIENT_PERMISSIONS before any input is looked at), a well-formed
 * id, no body, an existing account. Returns the refusal, or who acts on whom.
 */
export const resolveAdminTarget = async (
  req: PayloadRequest,
  options: SanitizedBackofficeOptions,
): Promise<{ account: Account; viewer: SessionUser } | Response> => {
  const viewer = resolveAdministrator(req, options)
  if (viewer instanceof Response) {
    return viewer
  }
  const userId = parseDocumentId(req.routeParams?.id, idTypeOf(req, options.usersCollection))
  if (userId === null) {
    return errorResponse(req, 'MALFORMED_REQUEST')
  }
  const bodyProblem = await checkEmptyBody(req)
  if (bodyProblem) {
    return errorResponse(req, bodyProblem)
  }
  const account = await req.payload.db.findOne<Account>({
    collection: options.usersCollection,
    req,
    where: { id: { equals: userId } },
  })
  return account ? { account, viewer } : errorResponse(req, 'USER_NOT_FOUND')
}
