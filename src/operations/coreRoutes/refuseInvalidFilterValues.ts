import type { CollectionBeforeOperationHook } from 'payload'

import { BackofficeError } from '../../shared/errors/BackofficeError.js'
import { invalidFilterValue } from './invalidFilterValue.js'

/**
 * Refuses a list, count, update or delete whose `where` compares a column with a value it cannot
 * hold, with 400 `LIST_FILTER_INVALID` before any query runs, instead of the 500 PostgreSQL's
 * refusal becomes (see invalidFilterValue.ts). A filter comes from the address bar, so anyone
 * signed in can send one.
 */
export const refuseInvalidFilterValues: CollectionBeforeOperationHook = ({
  args,
  collection,
  req,
}) => {
  const where = (args as { where?: unknown }).where
  if (where === undefined || where === null) {
    return args
  }
  const idTypeOf = (slug: string) => {
    const target = req.payload.collections[slug as keyof typeof req.payload.collections]
    return target ? (target.customIDType ?? req.payload.db.defaultIDType) : undefined
  }
  const path = invalidFilterValue(collection.flattenedFields, where, idTypeOf, collection.slug)
  if (path !== null) {
    throw new BackofficeError('LIST_FILTER_INVALID', { req, variables: { field: path } })
  }
  return args
}
