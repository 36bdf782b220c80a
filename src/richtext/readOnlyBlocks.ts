import type { Capability } from '../capability.js'

import { addAdminProvider } from '../config/admin.js'

/** Relationship and upload blocks of read-only Slate fields cannot be swapped, edited or removed. */
export const richTextReadOnlyBlocks: Capability = {
  behaviour: (config) =>
    addAdminProvider(config, 'payload-backoffice/client#ReadOnlyRichTextBlocks'),
  name: 'richTextReadOnlyBlocks',
}
