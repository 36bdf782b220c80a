import type { Capability } from '../config/capability.js'

import { appendHooks, mapCollection } from '../config/collections.js'
import { administratorAtStartUp } from './administratorAtStartUp.js'
import { firstAccountIsAdministrator } from './firstAccountIsAdministrator.js'
import { rolesField } from './rolesField.js'

/** Whether a users field of this name exists at the top level of the data (in rows and unnamed tabs too). */
const hasDataField = (fields: readonly unknown[], name: string): boolean =>
  fields.some((field) => {
    const candidate = field as {
      fields?: unknown[]
      name?: string
      tabs?: { fields?: unknown[]; name?: string }[]
      type?: string
    }
    if (candidate.name === name) {
      return true
    }
    if (
      candidate.type === 'row' ||
      candidate.type === 'collapsible' ||
      (candidate.type === 'group' && !candidate.name)
    ) {
      return hasDataField(candidate.fields ?? [], name)
    }
    if (candidate.type === 'tabs') {
      return (candidate.tabs ?? []).some((tab) => !tab.name && hasDataField(tab.fields ?? [], name))
    }
    return false
  })

/**
 * Who administers the back-office: the roles field (added when the app has none, used as it is when
 * it has one), the first account made an administrator, and at start-up the accounts named in
 * `roles.administratorEmails`, with a warning while no account holds the role.
 */
export const roles: Capability = {
  behaviour: (config, options) => ({
    ...mapCollection(config, options.usersCollection, (users) =>
      appendHooks(users, { beforeChange: [firstAccountIsAdministrator(options)] }),
    ),
    // After the app's own `onInit`, which may create accounts (a seed) before the check.
    onInit: async (payload) => {
      await config.onInit?.(payload)
      await administratorAtStartUp(payload, options)
    },
  }),
  name: 'roles',
  schema: (config, options) =>
    mapCollection(config, options.usersCollection, (users) =>
      hasDataField(users.fields, options.roles.field)
        ? users
        : { ...users, fields: [...users.fields, rolesField(options)] },
    ),
}
