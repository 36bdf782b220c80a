import type { CollectionBeforeDeleteHook, CollectionBeforeOperationHook } from 'payload'

import { BackofficeError } from '../../shared/errors/BackofficeError.js'

/** Request-context key saying whether this collection's delete came from the trash (`?trash=true`). */
const fromTrashKey = (slug: string) => `backoffice:deleteFromTrash:${slug}`

/**
 * In a collection with a trash, documents are deleted for good only from the trash: a REST or GraphQL
 * delete must come with `trash=true`, as the admin's trash view and its "Delete permanently" button
 * send. Payload 3.90.1's folder views delete with neither the trash option nor that flag, so a
 * document deleted there is gone at once, with no way back (payloadcms/payload#16327, fix pending in
 * #16328). The refusal is per document, so the admin's bulk delete reports it in its error toast.
 * Server code using the Local API is not affected.
 */
export const deleteOnlyFromTrashHooks = () => {
  const beforeOperation: CollectionBeforeOperationHook = ({ args, collection, operation, req }) => {
    if (operation === 'delete') {
      req.context[fromTrashKey(collection.slug)] = (args as { trash?: boolean }).trash === true
    }
    return args
  }

  const beforeDelete: CollectionBeforeDeleteHook = ({ collection, req }) => {
    if (req.payloadAPI !== 'local' && req.context[fromTrashKey(collection.slug)] === false) {
      throw new BackofficeError('DELETE_ONLY_FROM_TRASH', { req })
    }
  }

  return { beforeDelete: [beforeDelete], beforeOperation: [beforeOperation] }
}
