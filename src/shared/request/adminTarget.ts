import type { PayloadRequest } from 'payload'

import type { StaffAccount } from '../accounts/staffAccount.js'
import type { SanitizedBackofficeOptions } from '../options/types.js'

import { readAccount } from '../accounts/staffAccount.js'
import { BackofficeError } from '../errors/BackofficeError.js'
import { isAdmin } from '../roles/isAdmin.js'
import { assertEmptyBody, idTypeOf } from './http.js'
import { parseDocumentId } from './parseDocumentId.js'
import { requestUser, type SessionUser } from './requestUser.js'

/**
 * The first checks of every administrator action: signed in (AUTHENTICATION_REQUIRED), then an
 * administrator (INSUFFICIENT_PERMISSIONS, before any input is looked at). Returns who acts.
 */
export const resolveAdministrator = (
  req: PayloadRequest,
  options: SanitizedBackofficeOptions,
): SessionUser => {
  const viewer = requestUser(req, options.usersCollection)
  if (!viewer) {
    throw new BackofficeError('AUTHENTICATION_REQUIRED', { req })
  }
  if (!isAdmin(viewer, options)) {
    throw new BackofficeError('INSUFFICIENT_PERMISSIONS', {
      req,
      variables: { role: options.roles.admin },
    })
  }
  return viewer
}

/**
 * The checks every administrator action on an account (`/:id/...`) starts with, in this order:
 * signed in, administrator (INSUFFICIENT_PERMISSIONS before any input is looked at), a well-formed
 * id, no body, an existing account. Returns who acts on whom.
 */
export const resolveAdminTarget = async (
  req: PayloadRequest,
  options: SanitizedBackofficeOptions,
): Promise<{ account: StaffAccount; viewer: SessionUser }> => {
  const viewer = resolveAdministrator(req, options)
  const userId = parseDocumentId(req.routeParams?.id, idTypeOf(req, options.usersCollection))
  if (userId === null) {
    throw new BackofficeError('MALFORMED_REQUEST', { req })
  }
  await assertEmptyBody(req)
  const account = await readAccount(req, options, userId)
  if (!account) {
    throw new BackofficeError('USER_NOT_FOUND', { req })
  }
  return { account, viewer }
}
