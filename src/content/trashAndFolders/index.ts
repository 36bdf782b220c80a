import type { CollectionConfig, Config } from 'payload'

import type { Capability } from '../../shared/config/capability.js'

import { appendHooks } from '../../shared/config/collections.js'
import { deleteOnlyFromTrashHooks } from './deleteOnlyFromTrashHooks.js'
import { folderMoveHooks } from './folderMoveHooks.js'

const hasDrafts = ({ versions }: CollectionConfig) =>
  typeof versions === 'object' && Boolean(versions.drafts)

/**
 * Works around Payload 3.90.1's bugs where trash, folders and drafts meet: folder moves keep drafts
 * and publication intact and show in the folder at once, and documents are deleted for good only
 * from the trash. Each collection gets the hooks its own settings call for.
 */
export const trashAndFolders: Capability = {
  behaviour: (config): Config => {
    // Payload's default name of the folder field is 'folder' (payload/folders/constants).
    const folderFieldName =
      config.folders === false ? undefined : (config.folders?.fieldName ?? 'folder')
    return {
      ...config,
      collections: (config.collections ?? []).map((collection) => {
        let result = collection
        if (folderFieldName && collection.folders && hasDrafts(collection)) {
          result = appendHooks(result, folderMoveHooks(folderFieldName))
        }
        if (collection.trash) {
          result = appendHooks(result, deleteOnlyFromTrashHooks())
        }
        return result
      }),
    }
  },
  name: 'trashAndFolders',
}
