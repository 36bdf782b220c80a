import type { Capability } from '../../shared/config/capability.js'

import { addCollection, addEndpoints, mapCollection } from '../../shared/config/collections.js'
import { newBrowserReportEndpoints } from './reportEndpoints.js'
import { signInBrowsersCollection } from './signInBrowsersCollection.js'

/**
 * The email telling an account's owner of a sign-in from a browser the account has not used before,
 * with a link to end every session and suspend the account (see noticeNewBrowser.ts). The collection
 * is always there, so the schema is the same whether the notice (`emails.newBrowserNotice`) is on.
 */
export const newBrowserNotice: Capability = {
  behaviour: (config, options) =>
    mapCollection(config, options.usersCollection, (users) =>
      addEndpoints(users, newBrowserReportEndpoints(options)),
    ),
  name: 'newBrowserNotice',
  schema: (config) => addCollection(config, signInBrowsersCollection()),
}
