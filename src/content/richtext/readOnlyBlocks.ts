import type { Capability } from '../../shared/config/capability.js'

import { addAdminProvider } from '../../shared/config/admin.js'

/** Relationship and upload blocks of read-only Slate fields cannot be swapped, edited or removed. */
export const richTextReadOnlyBlocks: Capability = {
  behaviour: (config) =>
    addAdminProvider(config, 'payload-backoffice/client#ReadOnlyRichTextBlocks'),
  name: 'richTextReadOnlyBlocks',
}
