import type { CollectionConfig } from 'payload'

import type { Capability } from '../../shared/config/capability.js'

import { addCollection, mapCollection } from '../../shared/config/collections.js'
import { clientAttemptsCollection } from './clientAttempts.js'
import { signInStateFields } from './fields.js'
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

const trustProxyWarning =
  'payload-backoffice: trustProxy is on, so the app must run behind a reverse proxy that writes ' +
  'X-Forwarded-For (HAProxy `option forwardfor`, nginx `$proxy_add_x_forwarded_for`). Without one, a ' +
  'client that sends a new X-Forwarded-For with each request escapes the per-client sign-in limit ' +
  'and chooses the address recorded for it.'

/**
 * The counting of failed sign-in attempts, per account and per unknown address, with exponential
 * backoff: the state it keeps and Payload's own lockout turned off. The attempts themselves are made
 * through `attemptCredential` by whoever checks a credential (sign-in, second factor, change password).
 */
export const lockout: Capability = {
  behaviour: (config, options) => ({
    ...mapCollection(config, options.usersCollection, (users) => {
      if (typeof users.auth === 'object' && users.auth.loginWithUsername) {
        // The lockout counts attempts per email address; a username path would bypass it.
        throw new Error(
          `payload-backoffice: sign-in by username (\`auth.loginWithUsername\` on "${users.slug}") is not supported yet; staff sign in by email.`,
        )
      }
      return {
        ...users,
        // Payload's "Force Unlock" button and `POST /unlock` reset only Payload's own counters, which
        // never lock anyone here: the button would promise what it does not do. The plugin's lockout
        // ends by itself; a suspension is lifted with Unblock, in the account's Security group.
        access: { ...users.access, unlock: () => false },
        auth: disablePayloadLockout(users.auth),
      }
    }),
    onInit: async (payload) => {
      if (options.trustProxy) {
        // Next.js keeps an X-Forwarded-For the client sent, so `trustProxy` without a proxy that
        // writes the header lets a client name its own address: a new one each time escapes the
        // per-client sign-in limit. Nothing in a request tells the two set-ups apart; say it once.
        payload.logger.warn(trustProxyWarning)
      }
      await config.onInit?.(payload)
    },
  }),
  name: 'lockout',
  schema: (config, options) =>
    addCollection(
      addCollection(
        mapCollection(config, options.usersCollection, (users) => ({
          ...users,
          fields: [...users.fields, signInStateFields(options)],
        })),
        loginThrottlesCollection(),
      ),
      clientAttemptsCollection(),
    ),
}
