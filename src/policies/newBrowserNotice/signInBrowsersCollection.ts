import type { CollectionConfig } from 'payload'

import { pluginWritesOnly } from '../../shared/access/pluginWritesOnly.js'
import { signInBrowsersSlug } from './constants.js'

/**
 * The browsers each account has completed a sign-in from, so a sign-in from any other one is told
 * to the owner (see noticeNewBrowser.ts). A browser is named by a keyed hash of its device cookie's
 * nonce and the account (lockout/knownBrowsers.ts): the table holds neither the nonce nor the cookie.
 * A row of a newly noticed browser carries the hash of its "this wasn't me" link until it is used
 * or expires. Written only with single SQL statements: several app processes sign people in at once.
 */
export const signInBrowsersCollection = (): CollectionConfig => ({
  slug: signInBrowsersSlug,
  access: pluginWritesOnly(),
  admin: { hidden: true },
  fields: [
    { name: 'key', type: 'text', index: true, required: true, unique: true },
    { name: 'account', type: 'text', index: true, required: true },
    { name: 'lastSignInAt', type: 'date', required: true },
    { name: 'reportTokenHash', type: 'text', index: true, unique: true },
    { name: 'reportExpiresAt', type: 'date' },
  ],
  graphQL: false,
})
