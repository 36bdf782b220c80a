import type { CollectionBeforeChangeHook } from 'payload'

import type { SanitizedBackofficeOptions } from '../options/types.js'

import { withAdministratorRole } from './withAdministratorRole.js'

/**
 * Makes the first account of the users collection an administrator, however it is created: the
 * plugin's first-user page, Payload's first-register route, or a seed script's Local API `create`.
 * Without it an app whose roles field has no such hook (Payload's templates) would get an account
 * that administers nothing, and nobody able to hand out the role. A collection hook, not a default:
 * field access drops values a signed-out request sends, and runs before this hook (Payload's
 * `beforeValidate` field traversal), so the value set here stays.
 *
 * "First" counts trashed accounts too, as the first-user page does. The plugin's first-register runs
 * the create under an advisory lock, so two racing requests cannot both be first; two concurrent
 * Local API creates on an empty database are the calling script's to order.
 */
export const firstAccountIsAdministrator =
  ({ roles, usersCollection }: SanitizedBackofficeOptions): CollectionBeforeChangeHook =>
  async ({ collection, data, operation, req }) => {
    if (operation !== 'create') {
      return data
    }
    const anyAccount = await req.payload.db.findOne({ collection: usersCollection, req, where: {} })
    if (anyAccount) {
      return data
    }
    const field = collection.flattenedFields.find((candidate) => candidate.name === roles.field)
    return { ...data, [roles.field]: withAdministratorRole(data[roles.field], field, roles.admin) }
  }
