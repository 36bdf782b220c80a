/**
 * Whether an update only moves documents between folders: its data sets the folder field and nothing
 * else. That is what Payload's folder views send (the "Move to folder" actions, the list's folder
 * cell, and the clean-up after a folder is deleted), without a `draft` flag.
 */
export const isFolderMove = (data: unknown, folderFieldName: string): boolean =>
  typeof data === 'object' &&
  data !== null &&
  !Array.isArray(data) &&
  Object.keys(data).length === 1 &&
  folderFieldName in data
