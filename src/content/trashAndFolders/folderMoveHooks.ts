import type {
  CollectionAfterChangeHook,
  CollectionBeforeOperationHook,
  CollectionSlug,
  PayloadRequest,
  Where,
} from 'payload'

import { folderIdOf } from './folderIdOf.js'
import { isFolderMove } from './isFolderMove.js'

type UpdateArgs = { draft?: boolean; id?: number | string; trash?: boolean; where?: Where }

/** Whether the newest version of any targeted document is a draft (unpublished or newer than the published one). */
const hasPendingDraft = async (
  req: PayloadRequest,
  collection: CollectionSlug,
  args: UpdateArgs,
) => {
  const common = {
    collection,
    depth: 0,
    draft: true,
    overrideAccess: true,
    req,
    select: { _status: true },
  } as const
  if (args.id !== undefined) {
    const doc = await req.payload.findByID({
      ...common,
      disableErrors: true,
      id: args.id,
      trash: true,
    })
    return (doc as null | { _status?: string })?._status === 'draft'
  }
  const { docs } = await req.payload.find({
    ...common,
    pagination: false,
    trash: Boolean(args.trash),
    where: args.where,
  })
  return docs.some((doc) => (doc as { _status?: string })._status === 'draft')
}

/**
 * Keeps drafts and publication intact when documents move between folders, in collections with
 * drafts and folders (Payload 3.90.1 bugs, none fixed upstream yet):
 *
 * - Payload's folder views move documents with an update that carries only the folder field and no
 *   `draft` flag. A bulk move reads the documents from the main table, which draft saves never
 *   write, and saves that stale copy as the newest version: a draft-only document loses every edit
 *   after its creation, in every locale (the cause of payloadcms/payload#15980, fixed there only for
 *   trashing). A move by id saves the newest draft as the published document's status, which
 *   unpublishes it (payloadcms/payload#13267). When a targeted document has a pending draft, the move
 *   is therefore saved as a draft, from the newest version, so no edit is lost and nothing published
 *   changes.
 * - Folder views list what the main table says is in a folder, so a document moved in a draft save
 *   (the edit view's "Move to folder" with autosave) never appears in its folder until published.
 *   After a draft save that changed the folder, the folder is also written to the main table; the
 *   folder is where a document is filed, not part of its content, so it is not held back for review.
 */
export const folderMoveHooks = (folderFieldName: string) => {
  const beforeOperation: CollectionBeforeOperationHook = async ({
    args,
    collection,
    operation,
    req,
  }) => {
    const updateArgs = args as UpdateArgs & { data?: unknown }
    if (
      operation !== 'update' ||
      updateArgs.draft ||
      !isFolderMove(updateArgs.data, folderFieldName)
    ) {
      return args
    }
    return (await hasPendingDraft(req, collection.slug as CollectionSlug, updateArgs))
      ? { ...args, draft: true }
      : args
  }

  const afterChange: CollectionAfterChangeHook = async ({ collection, doc, previousDoc, req }) => {
    const folder = folderIdOf(doc[folderFieldName])
    if (doc._status !== 'draft' || folder === folderIdOf(previousDoc?.[folderFieldName])) {
      return doc
    }
    // Only the folder column: the published content in the main table stays as it is.
    await req.payload.db.updateOne({
      collection: collection.slug as CollectionSlug,
      data: { [folderFieldName]: folder },
      id: doc.id as number | string,
      req,
      returning: false,
    })
    return doc
  }

  return { afterChange: [afterChange], beforeOperation: [beforeOperation] }
}
