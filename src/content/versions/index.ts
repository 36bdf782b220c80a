import type { GlobalConfig } from 'payload'

import type { Capability } from '../../shared/config/capability.js'

import { addAdminProvider } from '../../shared/config/admin.js'
import { exposeGlobalConfigsBySlug } from './globalConfigsBySlug.js'
import { withSelectManyDiff, withSelectManyDiffInBlocks } from './selectManyDiff.js'

/**
 * Payload 3.90 decides whether a global with drafts has a published version by reading it with
 * `select: { updatedAt: true }` and then looking at its `_status`, which that read leaves out; so while
 * a newer draft exists, the global's header says "Draft" and none of its versions is "currently
 * published". Always selecting `_status` gives that check the field it needs.
 */
const withStatusSelected = (global: GlobalConfig): GlobalConfig =>
  typeof global.versions === 'object' && global.versions.drafts
    ? { ...global, forceSelect: { ...global.forceSelect, _status: true } }
    : global

/**
 * Fixes to Payload 3.90's version comparison, for every collection and global with versions: select
 * fields holding many values are compared by their option labels, the "More versions" drawer
 * reports a failure (error toast, drawer closed) instead of loading forever, and a global's versions
 * get the right draft and published labels (two separate Payload slips, fixed below and in
 * `exposeGlobalConfigsBySlug`).
 */
export const versionComparison: Capability = {
  behaviour: (config) => ({
    ...addAdminProvider(config, 'payload-backoffice/client#VersionDrawerErrors'),
    ...(config.blocks ? { blocks: withSelectManyDiffInBlocks(config.blocks) } : {}),
    collections: config.collections?.map((collection) =>
      collection.versions
        ? { ...collection, fields: withSelectManyDiff(collection.fields) }
        : collection,
    ),
    globals: config.globals?.map((global) =>
      global.versions
        ? withStatusSelected({ ...global, fields: withSelectManyDiff(global.fields) })
        : global,
    ),
    onInit: async (payload) => {
      await config.onInit?.(payload)
      exposeGlobalConfigsBySlug(payload)
    },
  }),
  name: 'versionComparison',
}
