import type { Capability } from '../../shared/config/capability.js'

import { addEndpoints, appendHooks, mapCollection } from '../../shared/config/collections.js'
import { addAccountFacts } from './addAccountFacts.js'
import { securityPanelField, triageColumns, triageDefaultColumns } from './fields.js'
import { resetTwoFactorEndpoint } from './resetTwoFactorEndpoint.js'
import { securityOverviewEndpoint } from './securityOverviewEndpoint.js'
import { sendResetLinkEndpoint } from './sendResetLinkEndpoint.js'
import { suspendEndpoint } from './suspendEndpoint.js'
import { unblockEndpoint } from './unblockEndpoint.js'

/**
 * The account overview for administrators: the users list set up for triage (sign-in method, second
 * factor, last sign-in and status columns; quick filters for suspended, locked and accounts without
 * a second factor) and the security panel on a user's page (status, failed attempts, second factors
 * counted and listed, last sign-in, sessions, and the
 * administrator's actions: suspend or unblock, reset two-factor, send a reset link, remove one
 * passkey or trusted device). It stores nothing of its own: it reads what the lockout,
 * suspension, two-factor, sessions and audit capabilities keep.
 */
export const accountOverview: Capability = {
  behaviour: (config, options) =>
    mapCollection(config, options.usersCollection, (users) =>
      appendHooks(
        addEndpoints(
          {
            ...users,
            admin: {
              ...users.admin,
              components: {
                ...users.admin?.components,
                beforeListTable: [
                  ...(users.admin?.components?.beforeListTable ?? []),
                  'payload-backoffice/rsc#AccountQuickFilters',
                ],
              },
              defaultColumns: triageDefaultColumns(users),
            },
          },
          [
            securityOverviewEndpoint(options),
            suspendEndpoint(options),
            unblockEndpoint(options),
            resetTwoFactorEndpoint(options),
            sendResetLinkEndpoint(options),
          ],
        ),
        { afterOperation: [addAccountFacts(options)] },
      ),
    ),
  name: 'accountOverview',
  schema: (config, options) =>
    mapCollection(config, options.usersCollection, (users) => ({
      ...users,
      // The panel first, so an administrator opening an account sees its security before its profile.
      fields: [securityPanelField(), ...users.fields, ...triageColumns(config, options)],
    })),
}
