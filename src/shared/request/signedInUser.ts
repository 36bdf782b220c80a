import type { PayloadRequest } from 'payload'

import { BackofficeError } from '../errors/BackofficeError.js'
import { requestUser, type SessionUser } from './requestUser.js'

/**
 * The request's signed-in account of the users collection, or `AUTHENTICATION_REQUIRED` (401) for
 * anonymous requests and users of other auth collections.
 */
export const signedInUser = (
  req: Pick<PayloadRequest, 'i18n' | 'user'>,
  usersCollection: string,
): SessionUser => {
  const viewer = requestUser(req, usersCollection)
  if (!viewer) {
    throw new BackofficeError('AUTHENTICATION_REQUIRED', { req })
  }
  return viewer
}
