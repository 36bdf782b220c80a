import type { CollectionBeforeValidateHook } from 'payload'

import type { SanitizedBackofficeOptions } from '../../shared/options/types.js'

import { BackofficeError } from '../../shared/errors/BackofficeError.js'
import { requestUser } from '../../shared/request/requestUser.js'

/** Key under `req.context`: set by change password alone, for its one update, once the current password checked out. */
export const currentPasswordVerifiedKey = 'backofficeCurrentPasswordVerified'

/**
 * A signed-in user's own password changes only through change password, which asks for the current
 * one (ASVS 5.0 6.2.3): a plain update (`PATCH /api/users/:id`, GraphQL, the admin's own form) would
 * let anyone holding a stolen session lock the owner out. Refused before validation, so the answer
 * names the way that works rather than a policy failure. An administrator setting another account's
 * password, and trusted server code with no user on the request, are not affected.
 */
export const refuseOwnPasswordUpdate =
  (options: SanitizedBackofficeOptions): CollectionBeforeValidateHook =>
  ({ data, operation, originalDoc, req }) => {
    if (
      operation !== 'update' ||
      typeof data?.password !== 'string' ||
      data.password.length === 0
    ) {
      return data
    }
    const viewer = requestUser(req, options.usersCollection)
    const own =
      viewer !== null && originalDoc !== undefined && String(viewer.id) === String(originalDoc.id)
    if (own && req.context[currentPasswordVerifiedKey] !== true) {
      throw new BackofficeError('CURRENT_PASSWORD_REQUIRED', { req })
    }
    return data
  }
