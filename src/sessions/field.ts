import type { UIField } from 'payload'

import type { SanitizedBackofficeOptions } from '../options/types.js'

/** Name of the sessions list on the account page: a `ui` field, so no column in the database. */
const sessionsFieldName = 'backofficeSessions'

/**
 * The sessions list on the account page and on a user's edit page. It stores nothing; the client
 * component reads and ends sessions through the plugin's endpoints.
 */
export const sessionsUiField = (options: SanitizedBackofficeOptions): UIField => ({
  name: sessionsFieldName,
  type: 'ui',
  admin: {
    components: {
      Field: {
        // Someone else's sessions are in the account security panel (accountOverview).
        clientProps: {
          enabled: options.enabled,
          ownOnly: true,
          usersCollection: options.usersCollection,
        },
        path: 'payload-backoffice/client#SessionsField',
      },
    },
    disableListColumn: true,
  },
})
