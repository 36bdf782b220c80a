import type { Config } from 'payload'

import type { Capability } from '../config/capability.js'

import { addCollection, appendHooks, mapCollection } from '../config/collections.js'
import { auditLogCollection } from './auditLogCollection.js'
import { auditRetentionTask } from './auditRetentionTask.js'
import { contentAuditHooks } from './contentAuditHooks.js'
import { refusalTalliesCollection } from './refusalTallies.js'
import { userAuditHooks } from './userAuditHooks.js'

/**
 * The audit log (OWASP ASVS 5.0 V16): the append-only collection and its retention task always, so
 * the schema does not depend on `enabled`; the hooks that record user and content events only when
 * the plugin is enabled. Sign-in, lockout and session events are recorded by their capabilities
 * through `recordAuditEvent`.
 */
export const auditLog: Capability = {
  name: 'audit-log',
  schema: (config, options): Config => {
    const withCollection = addCollection(
      addCollection(config, auditLogCollection(config, options)),
      refusalTalliesCollection(),
    )
    return {
      ...withCollection,
      jobs: {
        ...withCollection.jobs,
        tasks: [...(withCollection.jobs?.tasks ?? []), auditRetentionTask(options)],
      },
    }
  },
  behaviour: (config, options): Config => {
    for (const slug of options.audit.collections) {
      if (!config.collections?.some((collection) => collection.slug === slug)) {
        throw new Error(
          `payload-backoffice: \`audit.collections\` names "${slug}", which is not a collection of this app.`,
        )
      }
    }
    let result = mapCollection(config, options.usersCollection, (users) =>
      appendHooks(users, userAuditHooks(options)),
    )
    for (const slug of options.audit.collections) {
      result = mapCollection(result, slug, (collection) =>
        appendHooks(collection, contentAuditHooks()),
      )
    }
    return result
  },
}
