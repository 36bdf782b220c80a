import type { CollectionConfig } from 'payload'

import type { Capability } from '../capability.js'

import { addCollection, appendHooks, mapCollection } from '../config/collections.js'
import { securityGroupField } from '../suspension/fields.js'
import { unblockEndpoint } from '../suspension/unblockEndpoint.js'
import { signInStateFields } from './fields.js'
import { refuseGraphQLLogin, suspensionAtSignIn } from './hooks.js'
import { loginEndpoint } from './loginEndpoint.js'
import { loginThrottlesCollection } from './loginThrottles.js'

/**
 * Payload's own lockout (fixed window, a distinct "locked" error that tells accounts apart) must never
 * fire. Its fields exist only while `maxLoginAttempts` is above 0, so rather than 0 (which would drop
 * columns and change the schema between enabled and disabled) it is set out of reach.
 */
const disablePayloadLockout = (auth: CollectionConfig['auth']): CollectionConfig['auth'] => {
  const config = typeof auth === 'object' ? auth : {}
  return (config.maxLoginAttempts ?? 5) > 0
    ? { ...config, maxLoginAttempts: Number.MAX_SAFE_INTEGER }
    : config
}

/** Lockout with exponential backoff and suspension after excessive failures, on the login endpoint. */
export const lockout: Capability = {
  behaviour: (config, options) =>
    mapCollection(config, options.usersCollection, (users) => {
      if (typeof users.auth === 'object' && users.auth.loginWithUsername) {
        // The lockout counts attempts per email address; a username path would bypass it.
        throw new Error(
          `payload-backoffice: sign-in by username (\`auth.loginWithUsername\` on "${users.slug}") is not supported yet; staff sign in by email.`,
        )
      }
      return appendHooks(
        {
          ...users,
          auth: disablePayloadLockout(users.auth),
          // Before the app's own endpoints and Payload's built-in ones, which match after it.
          // `endpoints: false` means the app turned the collection's REST API off: keep it off.
          endpoints:
            users.endpoints === false
              ? false
              : [loginEndpoint(options), unblockEndpoint(options), ...(users.endpoints ?? [])],
        },
        {
          beforeLogin: [suspensionAtSignIn(options)],
          beforeOperation: [refuseGraphQLLogin(options)],
        },
      )
    }),
  name: 'lockout',
  schema: (config, options) =>
    addCollection(
      mapCollection(config, options.usersCollection, (users) => ({
        ...users,
        fields: [...users.fields, signInStateFields(options), securityGroupField(options)],
      })),
      loginThrottlesCollection,
    ),
}
