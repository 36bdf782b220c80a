import type { Capability } from '../capability.js'

/** Relationship and upload blocks of read-only Slate fields cannot be swapped, edited or removed. */
export const richTextReadOnlyBlocks: Capability = {
  behaviour: (config) => ({
    ...config,
    admin: {
      ...config.admin,
      components: {
        ...config.admin?.components,
        providers: [
          ...(config.admin?.components?.providers ?? []),
          'payload-backoffice/client#ReadOnlyRichTextBlocks',
        ],
      },
    },
  }),
  name: 'richTextReadOnlyBlocks',
}
