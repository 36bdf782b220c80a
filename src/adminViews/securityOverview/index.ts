import type { Capability } from '../../shared/config/capability.js'

import { addAdminViews, addBeforeDashboard } from '../../shared/config/admin.js'
import { addEndpoints, mapCollection } from '../../shared/config/collections.js'
import { securityOverviewEndpoint } from './overviewEndpoint.js'
import { securityOverviewRoute } from './securityOverviewRoute.js'

/**
 * The security overview for administrators: its page in the admin (`{admin}/security`), a panel of
 * its key numbers on the dashboard, and the same numbers as JSON. It adds no collection or field of
 * its own (the index and join it relies on belong to the audit log and two-factor schemas).
 */
export const securityOverview: Capability = {
  behaviour: (config, options) =>
    mapCollection(
      addBeforeDashboard(
        addAdminViews(config, {
          securityOverview: {
            Component: 'payload-backoffice/rsc#SecurityOverviewView',
            exact: true,
            path: securityOverviewRoute,
          },
        }),
        'payload-backoffice/rsc#SecurityOverviewPanel',
      ),
      options.usersCollection,
      (users) => addEndpoints(users, [securityOverviewEndpoint(options)]),
    ),
  name: 'securityOverview',
}
