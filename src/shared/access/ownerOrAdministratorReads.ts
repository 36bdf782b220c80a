import type { Access } from 'payload'

import type { SanitizedBackofficeOptions } from '../options/types.js'

import { isAdmin } from '../roles/isAdmin.js'

/**
 * Read access to rows that each belong to one staff account through a `user` relationship (passkeys,
 * trusted devices): administrators read them all, a staff member only their own, anyone else none.
 * A query constraint rather than a yes or no, so lists and counts leave out other people's rows.
 */
export const ownerOrAdministratorReads =
  (options: Pick<SanitizedBackofficeOptions, 'roles' | 'usersCollection'>): Access =>
  ({ req }) => {
    if (isAdmin(req.user, options)) {
      return true
    }
    return req.user?.collection === options.usersCollection
      ? { user: { equals: req.user.id } }
      : false
  }
